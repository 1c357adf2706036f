import { type Level, LEVEL_LABELS, type Pillar, PILLAR_LABELS } from '../../lib/domain.ts';
import type { LessonSummary } from '../../lib/lesson-form.ts';
import { ChoiceOptions } from './editor/fields.tsx';

export interface LessonFilter {
  pillar: '' | Pillar;
  level: '' | Level;
}

export const matchesFilter = (lesson: LessonSummary, { pillar, level }: LessonFilter) =>
  (!pillar || lesson.pillar === pillar) && (!level || lesson.level === level);

/** The pillar and level a list is narrowed to. */
export function LessonFilters(
  { filter, onChange }: { filter: LessonFilter; onChange: (filter: LessonFilter) => void },
) {
  return (
    <div className='filters'>
      <label>
        Pillar{' '}
        <select
          className='select'
          value={filter.pillar}
          onChange={(e) => onChange({ ...filter, pillar: e.target.value as LessonFilter['pillar'] })}
        >
          <ChoiceOptions placeholder='All pillars' choices={PILLAR_LABELS} />
        </select>
      </label>
      <label>
        Level{' '}
        <select
          className='select'
          value={filter.level}
          onChange={(e) => onChange({ ...filter, level: e.target.value as LessonFilter['level'] })}
        >
          <ChoiceOptions placeholder='All levels' choices={LEVEL_LABELS} />
        </select>
      </label>
    </div>
  );
}

const COLUMNS = ['Pillar', 'Level', 'Order', 'Title', 'State', 'Duration', 'Weight', 'Questions'];

/** The lessons, one row each with its edit and delete buttons. */
export function LessonTable({ lessons, onEdit, onDelete }: {
  lessons: LessonSummary[];
  onEdit: (lesson: LessonSummary) => void;
  onDelete: (lesson: LessonSummary) => void;
}) {
  return (
    <div className='table-wrap'>
      <table className='admin-table'>
        <caption className='visually-hidden'>Lessons, sorted by pillar, level and order</caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => <th key={column} scope='col'>{column}</th>)}
            <th scope='col'>
              <span className='visually-hidden'>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lessons.length === 0 && (
            <tr>
              <td colSpan={COLUMNS.length + 1}>No lessons match these filters.</td>
            </tr>
          )}
          {lessons.map((l) => (
            <tr key={l.id} data-lesson-id={l.id}>
              <td data-label='Pillar'>{PILLAR_LABELS[l.pillar]}</td>
              <td data-label='Level'>{LEVEL_LABELS[l.level]}</td>
              <td data-label='Order'>{l.orderIndex}</td>
              <th scope='row'>{l.title}</th>
              <td data-label='State' data-testid='lesson-state'>
                {l.state === 'unpublished' ? 'Unpublished' : 'Published'}
              </td>
              <td data-label='Duration'>{l.duration} min</td>
              <td data-label='Weight'>{l.weight}%</td>
              <td data-label='Questions'>{l.questionCount}</td>
              <td className='actions'>
                {l.state === 'unpublished'
                  ? (
                    // The admin API edits published lessons; the studio publishes an unpublished one again.
                    <a className='btn btn-outline' href='/studio#unpublished'>
                      Publish again in the Studio<span className='visually-hidden'>{`: ${l.title}`}</span>
                    </a>
                  )
                  : (
                    <button type='button' className='btn btn-outline' onClick={() => onEdit(l)}>
                      Edit<span className='visually-hidden'>{` ${l.title}`}</span>
                    </button>
                  )}
                <button type='button' className='btn btn-ghost danger' onClick={() => onDelete(l)}>
                  Delete<span className='visually-hidden'>{` ${l.title}`}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
