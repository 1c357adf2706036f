import type { FactsFile } from '../../lib/curriculum.ts';

interface Props {
  problems: string[];
}

/** The content rules the draft breaks now (publishing is refused until the list is empty). */
export default function DraftWarnings({ problems }: Props) {
  return (
    <section className='card draft-warnings' aria-labelledby='draft-warnings-title' data-testid='draft-warnings'>
      <h2 id='draft-warnings-title'>Before it can be published</h2>
      <div role='status' aria-live='polite'>
        {problems.length === 0 ? <p>No problems: the content rules pass.</p> : (
          <>
            <p>{problems.length === 1 ? '1 problem' : `${problems.length} problems`} to fix:</p>
            <ul>
              {problems.map((p) => <li key={p}>{p}</li>)}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}

export type Facts = FactsFile['facts'];
