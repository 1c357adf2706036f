import { removeAt, replaceAt } from './editor-state.ts';

export default function ObjectivesEditor(
  { objectives, onChange }: { objectives: string[]; onChange: (objectives: string[]) => void },
) {
  return (
    <fieldset className='group'>
      <legend>Learning objectives</legend>
      {objectives.map((objective, i) => (
        <div key={i} className='row'>
          <label className='visually-hidden' htmlFor={`objective-${i}`}>
            Objective {i + 1}
          </label>
          <input
            id={`objective-${i}`}
            className='input'
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
        </div>
      ))}
      <button type='button' className='btn btn-outline' onClick={() => onChange([...objectives, ''])}>
        Add objective
      </button>
    </fieldset>
  );
}
