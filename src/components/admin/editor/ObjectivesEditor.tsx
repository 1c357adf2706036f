import { removeAt, replaceAt } from './editor-state.ts';
import { GroupIssues, issueNote, type Issues } from './issues.tsx';

export default function ObjectivesEditor(
  { objectives, issues, onChange }: {
    objectives: string[];
    issues?: Issues;
    onChange: (objectives: string[]) => void;
  },
) {
  return (
    <fieldset className='group'>
      <legend>Learning objectives</legend>
      <p className='hint'>Two to four things a learner can do after the lesson.</p>
      <GroupIssues issues={issues} field='learningObjectives' />
      {objectives.map((objective, i) => (
        <div key={i} className='row'>
          <label className='visually-hidden' htmlFor={`objective-${i}`}>
            Objective {i + 1}
          </label>
          <input
            id={`objective-${i}`}
            className='input'
            aria-describedby={issueNote(issues, `learningObjectives.${i}`) ? `objective-${i}-issue` : undefined}
            value={objective}
            onChange={(e) => onChange(replaceAt(objectives, i, e.target.value))}
          />
          <button
            type='button'
            className='btn btn-ghost'
            aria-label={`Remove objective ${i + 1}`}
            onClick={() => onChange(removeAt(objectives, i))}
          >
            Remove
          </button>
          {issueNote(issues, `learningObjectives.${i}`) && (
            <p id={`objective-${i}-issue`} className='row-note'>{issueNote(issues, `learningObjectives.${i}`)}</p>
          )}
        </div>
      ))}
      <button type='button' className='btn btn-outline' onClick={() => onChange([...objectives, ''])}>
        Add objective
      </button>
    </fieldset>
  );
}
