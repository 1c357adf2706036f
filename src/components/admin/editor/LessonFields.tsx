import type { Dispatch, MutableRefObject } from 'react';
import Field from '../../ui/Field.tsx';
import { LEVEL_LABELS, PILLAR_LABELS } from '../../../lib/domain.ts';
import type { EditorAction, EditorLesson, Errors } from './editor-state.ts';
import { SelectField } from './fields.tsx';
import { issueNote, type Issues } from './issues.tsx';

/** The lesson's own fields: title, address, pillar and level, order, duration and weight. */
export default function LessonFields(
  { lesson, errors, dispatch, titleRef, fixedAddress, issues }: {
    lesson: EditorLesson;
    errors: Errors;
    dispatch: Dispatch<EditorAction>;
    titleRef: MutableRefObject<HTMLInputElement | null>;
    /** A draft keeps the published address (an admin moves it in Lesson management). */
    fixedAddress?: boolean;
    issues?: Issues;
  },
) {
  const change = (patch: Partial<EditorLesson>) => dispatch({ type: 'change', patch });
  const number = { type: 'number', min: 1, step: 1 } as const;
  return (
    <>
      <Field
        label='Title'
        inputRef={titleRef}
        error={errors.title}
        hint={issueNote(issues, 'title')}
        value={lesson.title}
        onChange={(e) => change({ title: e.target.value })}
      />
      {fixedAddress
        ? (
          <p className='hint' data-testid='draft-address'>
            {lesson.slug
              ? `Address: /learn/${lesson.slug} (a draft keeps it; an admin moves it in Lesson management).`
              : 'Address: made from the title when the lesson is first published.'}
          </p>
        )
        : (
          <Field
            label='Address (/learn/...)'
            hint={lesson.id
              ? 'Changing it moves the lesson; the old address keeps working (301). A new title never changes it.'
              : 'Lowercase letters and digits joined by hyphens. Left empty, it is made from the title.'}
            error={errors.slug}
            value={lesson.slug}
            autoComplete='off'
            spellCheck={false}
            onChange={(e) => change({ slug: e.target.value })}
          />
        )}
      <div className='grid-2'>
        <SelectField
          label='Pillar'
          placeholder='Choose a pillar'
          choices={PILLAR_LABELS}
          error={errors.pillar}
          hint={issueNote(issues, 'pillar')}
          value={lesson.pillar}
          onChange={(pillar) => change({ pillar })}
        />
        <SelectField
          label='Level'
          placeholder='Choose a level'
          choices={LEVEL_LABELS}
          error={errors.level}
          hint={issueNote(issues, 'level')}
          value={lesson.level}
          onChange={(level) => change({ level })}
        />
      </div>
      <div className='grid-3'>
        <Field
          label='Order'
          {...number}
          error={errors.orderIndex}
          hint={issueNote(issues, 'orderIndex')}
          value={lesson.orderIndex}
          onChange={(e) => change({ orderIndex: e.target.value })}
        />
        <Field
          label='Duration (minutes)'
          {...number}
          error={errors.duration}
          hint={issueNote(issues, 'duration')}
          value={lesson.duration}
          onChange={(e) => change({ duration: e.target.value })}
        />
        <Field
          label='Weight (%)'
          type='number'
          min={0}
          max={100}
          step={0.01}
          error={errors.weight}
          hint={issueNote(issues, 'weight')}
          value={lesson.weight}
          onChange={(e) => dispatch({ type: 'type-weight', weight: e.target.value })}
        />
      </div>
    </>
  );
}
