import Field from '../../ui/Field.tsx';
import { emptySource, type Errors, removeAt, replaceAt, type SourceRow } from './editor-state.ts';
import { GroupIssues, issueNote, type Issues } from './issues.tsx';

/** A studio draft's review date and sources: the publishing rules ask for both. */
export default function SourcesEditor(
  { sources, reviewedAt, errors, issues, onChange }: {
    sources: SourceRow[];
    reviewedAt: string;
    errors: Errors;
    issues?: Issues;
    onChange: (patch: { sources?: SourceRow[]; reviewedAt?: string }) => void;
  },
) {
  return (
    <fieldset className='group' data-testid='sources-editor'>
      <legend>Sources and review</legend>
      <Field
        label='Reviewed on'
        type='date'
        error={errors.reviewedAt}
        hint={issueNote(issues, 'reviewedAt') ?? "The day you last checked the lesson's facts against its sources."}
        value={reviewedAt}
        onChange={(e) => onChange({ reviewedAt: e.target.value })}
      />
      <GroupIssues issues={issues} field='sources' />
      {sources.map((source, i) => {
        const name = `Source ${i + 1}`;
        const part = (p: keyof SourceRow) => `sources.${i}.${p}`;
        const set = (patch: Partial<SourceRow>) =>
          onChange({ sources: replaceAt(sources, i, { ...source, ...patch }) });
        return (
          <div key={i} className='item card'>
            <h3>{name}</h3>
            <Field
              label={`${name} title`}
              error={errors[part('title')]}
              hint={issueNote(issues, part('title'))}
              value={source.title}
              onChange={(e) => set({ title: e.target.value })}
            />
            <div className='grid-2'>
              <Field
                label={`${name} publisher`}
                error={errors[part('publisher')]}
                hint={issueNote(issues, part('publisher'))}
                value={source.publisher}
                onChange={(e) => set({ publisher: e.target.value })}
              />
              <Field
                label={`${name} address`}
                type='url'
                inputMode='url'
                autoComplete='off'
                placeholder='https://'
                error={errors[part('url')]}
                hint={issueNote(issues, part('url'))}
                value={source.url}
                onChange={(e) => set({ url: e.target.value })}
              />
            </div>
            <button type='button' className='btn btn-ghost' onClick={() => onChange({ sources: removeAt(sources, i) })}>
              Remove source {i + 1}
            </button>
          </div>
        );
      })}
      <button
        type='button'
        className='btn btn-outline'
        onClick={() => onChange({ sources: [...sources, emptySource()] })}
      >
        Add source
      </button>
    </fieldset>
  );
}
