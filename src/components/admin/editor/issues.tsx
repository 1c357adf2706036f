// The publishing rules' problems (src/lib/draft-wording.ts) shown beside the field each is about.
import type { DraftIssue } from '../../../lib/draft-wording.ts';

export type Issues = ReadonlyArray<DraftIssue>;

/** The problems about exactly this field, as a note for its hint (undefined: none). */
export function issueNote(issues: Issues | undefined, field: string) {
  const messages = (issues ?? []).filter((i) => i.field === field).map((i) => i.message);
  if (messages.length === 0) return undefined;
  return (
    <span className='field-warning' data-testid={`issue-${field}`}>
      {messages.join('. ')}
    </span>
  );
}

/** The problems about a group (sections, questions, objectives) shown under its legend. */
export function GroupIssues({ issues, field }: { issues: Issues | undefined; field: string }) {
  const messages = (issues ?? []).filter((i) => i.field === field).map((i) => i.message);
  if (messages.length === 0) return null;
  return (
    <ul className='field-warning group-warnings' data-testid={`issue-${field}`}>
      {messages.map((m) => <li key={m}>{m}</li>)}
    </ul>
  );
}
