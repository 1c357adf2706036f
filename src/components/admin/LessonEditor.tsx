import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api, fieldErrorsOf, messageOf, NetworkError } from '../api.ts';
import { LEVEL_LABELS, LEVELS, PILLAR_LABELS, PILLARS } from '../../lib/domain.ts';
import { LESSON_DEFAULTS, lessonFormSchema, padOptions, suggestedWeight } from '../../lib/lesson-form.ts';
import { showToast } from '../../stores/toast.ts';

export interface EditorLesson {
  id?: number;
  version?: number;
  title: string;
  pillar: string;
  level: string;
  orderIndex: number | string;
  duration: number | string;
  weight: number | string;
  sections: Array<{ header?: string; subheader?: string; content: string }>;
  learningObjectives: string[];
  /** `id` is the question's id in the lesson, sent back on save so it stays the same. */
  questions: Array<
    { id?: number; question: string; options: string[]; correctAnswer: number | null; explanation?: string }
  >;
}

export const emptyLesson = (): EditorLesson => ({
  title: '',
  pillar: '',
  level: '',
  orderIndex: LESSON_DEFAULTS.orderIndex,
  duration: LESSON_DEFAULTS.duration,
  // Set from the lessons of the pillar and level once they are chosen (see suggestedWeight).
  weight: '',
  sections: [{ header: '', subheader: '', content: '' }],
  learningObjectives: [''],
  questions: [],
});

interface Props {
  initial: EditorLesson;
  onDone: () => void;
  /** The other lessons, for a new lesson's suggested weight. */
  others?: ReadonlyArray<{ pillar: string; level: string; weight: number }>;
}

type Errors = Record<string, string>;

/** Whether the form shows this error beside its field (the summary then names the field only). */
function shownBesideField(path: string, errors: Errors): boolean {
  if (
    /^(title|pillar|level|orderIndex|duration|weight|sections|sections\.\d+\.(header|subheader|content)|questions\.\d+\.(question|options|explanation))$/
      .test(path)
  ) return true;
  const answer = /^questions\.(\d+)\.correctAnswer$/.exec(path);
  return answer !== null && errors[`questions.${answer[1]}.options`] === undefined;
}

/** A field's path in the form (as the validation names it) in an author's words. */
export function describeField(path: string): string {
  const parts = path.split('.');
  const n = (i: string) => Number(i) + 1;
  const names: Record<string, string> = {
    title: 'Title',
    pillar: 'Pillar',
    level: 'Level',
    orderIndex: 'Order',
    duration: 'Duration',
    weight: 'Weight',
    sections: 'Sections',
    questions: 'Quiz questions',
    learningObjectives: 'Learning objectives',
    version: 'Version',
    body: 'The lesson',
  };
  if (parts[0] === 'sections' && parts.length >= 2) return `Section ${n(parts[1])}${parts[2] ? ` ${parts[2]}` : ''}`;
  if (parts[0] === 'learningObjectives' && parts.length >= 2) return `Objective ${n(parts[1])}`;
  if (parts[0] === 'questions' && parts.length >= 2) {
    const what: Record<string, string> = {
      question: 'text',
      options: 'options',
      correctAnswer: 'correct option',
      explanation: 'explanation',
    };
    const option = parts[2] === 'options' && parts[3] !== undefined ? `, option ${n(parts[3])}` : '';
    return `Question ${n(parts[1])}${parts[2] ? (option || ` ${what[parts[2]] ?? parts[2]}`) : ''}`;
  }
  return names[parts[0]] ?? parts[0];
}

export default function LessonEditor({ initial, onDone, others = [] }: Props) {
  const [lesson, setLesson] = useState<EditorLesson>(initial);
  const formRef = useRef<HTMLFormElement>(null);
  // A new lesson's weight follows its pillar and level until the author types one.
  const [weightTouched, setWeightTouched] = useState(initial.id !== undefined);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [preview, setPreview] = useState<string[]>([]);
  const editing = initial.id !== undefined;
  const titleRef = useRef<HTMLInputElement>(null);

  useEffect(() => titleRef.current?.focus(), []);

  useEffect(() => {
    if (weightTouched || !lesson.pillar) return;
    setLesson((l) => ({ ...l, weight: suggestedWeight(others, l.pillar, l.level) }));
  }, [lesson.pillar, lesson.level, weightTouched, others]);

  // After a failed save, focus goes to the first field with an error (in the form's order).
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('.field-error');
    const field = first?.closest('.field, .options-group, .group')?.querySelector<HTMLElement>(
      'input, select, textarea',
    );
    (field ?? formRef.current?.querySelector<HTMLElement>('.error-summary'))?.focus();
  }, [errors]);

  // Live preview, rendered by the server with the lesson page's own function.
  useEffect(() => {
    const timer = setTimeout(() => {
      const sections = lesson.sections.map((s) => ({
        header: s.header ?? '',
        subheader: s.subheader ?? '',
        content: s.content,
      }));
      api<{ html: string[] }>('/api/admin/preview', { body: { sections } })
        .then((r) => r.ok && r.data && setPreview(r.data.html))
        .catch(() => {});
    }, 300);
    return () => clearTimeout(timer);
  }, [lesson.sections]);

  const update = (patch: Partial<EditorLesson>) => setLesson((l) => ({ ...l, ...patch }));
  const err = (key: string) => errors[key];

  function payload() {
    return {
      ...(lesson.version !== undefined ? { version: lesson.version } : {}),
      title: lesson.title,
      pillar: lesson.pillar || undefined,
      level: lesson.level || undefined,
      // Sent as typed: the schema accepts numbers and numeric text and names anything else.
      orderIndex: blankToUndefined(lesson.orderIndex),
      duration: blankToUndefined(lesson.duration),
      weight: blankToUndefined(lesson.weight),
      sections: lesson.sections,
      learningObjectives: lesson.learningObjectives,
      questions: lesson.questions.map((q) => ({ ...q, correctAnswer: q.correctAnswer ?? undefined })),
    };
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    const body = payload();
    const check = lessonFormSchema.safeParse(body);
    if (!check.success) {
      const found: Errors = {};
      for (const issue of check.error.issues) found[issue.path.join('.')] ??= issue.message;
      setErrors(found);
      setFormError(null);
      return;
    }
    setErrors({});
    setFormError(null);
    setSaving(true);
    const failed = editing ? 'Failed to update lesson' : 'Failed to create lesson';
    try {
      const result = await api(editing ? `/api/admin/lessons/${initial.id}` : '/api/admin/lessons', {
        method: editing ? 'PUT' : 'POST',
        body,
      });
      if (result.ok) {
        showToast({
          title: editing ? 'Lesson updated successfully' : 'Lesson created successfully',
          variant: 'success',
        });
        onDone();
        return;
      }
      const fields = fieldErrorsOf(result);
      setErrors(fields);
      setFormError(Object.keys(fields).length ? null : messageOf(result, failed));
      showToast({ title: failed, description: messageOf(result, ''), variant: 'error' });
    } catch (error) {
      setFormError(error instanceof NetworkError ? 'Network error. Please try again.' : failed);
      showToast({ title: failed, variant: 'error' });
    } finally {
      setSaving(false);
    }
  }

  const setSection = (i: number, patch: Partial<EditorLesson['sections'][number]>) =>
    update({ sections: lesson.sections.map((s, k) => (k === i ? { ...s, ...patch } : s)) });
  const setQuestion = (i: number, patch: Partial<EditorLesson['questions'][number]>) =>
    update({ questions: lesson.questions.map((q, k) => (k === i ? { ...q, ...patch } : q)) });

  return (
    <div className='editor'>
      <form
        noValidate
        onSubmit={save}
        className='editor-form'
        aria-label={editing ? 'Edit lesson' : 'Create lesson'}
        ref={formRef}
      >
        <h2>{editing ? `Edit: ${initial.title}` : 'New lesson'}</h2>
        {formError && (
          <div className='alert alert-error' role='alert'>
            {formError}
          </div>
        )}
        {Object.keys(errors).length > 0 && (
          <div className='alert alert-error error-summary' role='alert' tabIndex={-1} data-testid='error-summary'>
            <p>
              Please fix {Object.keys(errors).length === 1 ? 'this' : `these ${Object.keys(errors).length} things`}{' '}
              before saving:
            </p>
            <ul>
              {Object.entries(errors).map(([path, message]) => (
                <li key={path}>
                  {/* Named as the author sees the form; the message itself once, beside its field. */}
                  {describeField(path)}
                  {!shownBesideField(path, errors) && `: ${message}`}
                </li>
              ))}
            </ul>
          </div>
        )}
        <FieldRow label='Title' error={err('title')}>
          {(id, describedBy) => (
            <input
              id={id}
              ref={titleRef}
              className='input'
              value={lesson.title}
              aria-invalid={Boolean(err('title'))}
              aria-describedby={describedBy}
              onChange={(e) => update({ title: e.target.value })}
            />
          )}
        </FieldRow>
        <div className='grid-2'>
          <FieldRow label='Pillar' error={err('pillar')}>
            {(id, describedBy) => (
              <select
                id={id}
                className='select'
                value={lesson.pillar}
                aria-invalid={Boolean(err('pillar'))}
                aria-describedby={describedBy}
                onChange={(e) => update({ pillar: e.target.value })}
              >
                <option value=''>Choose a pillar</option>
                {PILLARS.map((p) => (
                  <option key={p} value={p}>
                    {PILLAR_LABELS[p]}
                  </option>
                ))}
              </select>
            )}
          </FieldRow>
          <FieldRow label='Level' error={err('level')}>
            {(id, describedBy) => (
              <select
                id={id}
                className='select'
                value={lesson.level}
                aria-invalid={Boolean(err('level'))}
                aria-describedby={describedBy}
                onChange={(e) => update({ level: e.target.value })}
              >
                <option value=''>Choose a level</option>
                {LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {LEVEL_LABELS[l]}
                  </option>
                ))}
              </select>
            )}
          </FieldRow>
        </div>
        <div className='grid-3'>
          <FieldRow label='Order' error={err('orderIndex')}>
            {(id, describedBy) => (
              <input
                id={id}
                className='input'
                type='number'
                min={1}
                step={1}
                value={lesson.orderIndex}
                aria-invalid={Boolean(err('orderIndex'))}
                aria-describedby={describedBy}
                onChange={(e) => update({ orderIndex: e.target.value })}
              />
            )}
          </FieldRow>
          <FieldRow label='Duration (minutes)' error={err('duration')}>
            {(id, describedBy) => (
              <input
                id={id}
                className='input'
                type='number'
                min={1}
                step={1}
                value={lesson.duration}
                aria-invalid={Boolean(err('duration'))}
                aria-describedby={describedBy}
                onChange={(e) => update({ duration: e.target.value })}
              />
            )}
          </FieldRow>
          <FieldRow label='Weight (%)' error={err('weight')}>
            {(id, describedBy) => (
              <input
                id={id}
                className='input'
                type='number'
                min={0}
                max={100}
                step={0.01}
                value={lesson.weight}
                aria-invalid={Boolean(err('weight'))}
                aria-describedby={describedBy}
                onChange={(e) => {
                  setWeightTouched(true);
                  update({ weight: e.target.value });
                }}
              />
            )}
          </FieldRow>
        </div>

        <fieldset className='group'>
          <legend>Learning objectives</legend>
          {lesson.learningObjectives.map((o, i) => (
            <div key={i} className='row'>
              <label className='visually-hidden' htmlFor={`objective-${i}`}>
                Objective {i + 1}
              </label>
              <input
                id={`objective-${i}`}
                className='input'
                value={o}
                onChange={(e) =>
                  update({
                    learningObjectives: lesson.learningObjectives.map((x, k) => (k === i ? e.target.value : x)),
                  })}
              />
              <button
                type='button'
                className='btn btn-ghost'
                aria-label={`Remove objective ${i + 1}`}
                onClick={() => update({ learningObjectives: lesson.learningObjectives.filter((_, k) => k !== i) })}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type='button'
            className='btn btn-outline'
            onClick={() => update({ learningObjectives: [...lesson.learningObjectives, ''] })}
          >
            Add objective
          </button>
        </fieldset>

        <fieldset className='group'>
          <legend>Sections</legend>
          {err('sections') && (
            <p className='field-error' role='alert'>
              {err('sections')}
            </p>
          )}
          {lesson.sections.map((s, i) => (
            <div key={i} className='item card'>
              <h3>Section {i + 1}</h3>
              <FieldRow label={`Section ${i + 1} header`} error={err(`sections.${i}.header`)}>
                {(id) => (
                  <input
                    id={id}
                    className='input'
                    value={s.header ?? ''}
                    onChange={(e) => setSection(i, { header: e.target.value })}
                  />
                )}
              </FieldRow>
              <FieldRow label={`Section ${i + 1} subheader`} error={err(`sections.${i}.subheader`)}>
                {(id) => (
                  <input
                    id={id}
                    className='input'
                    value={s.subheader ?? ''}
                    onChange={(e) => setSection(i, { subheader: e.target.value })}
                  />
                )}
              </FieldRow>
              <FieldRow
                label={`Section ${i + 1} content`}
                error={err(`sections.${i}.content`)}
                hint='Markdown: **bold**, *italic*, lines starting with - are bullets.'
              >
                {(id, describedBy) => (
                  <textarea
                    id={id}
                    className='input textarea'
                    rows={8}
                    value={s.content}
                    aria-invalid={Boolean(err(`sections.${i}.content`))}
                    aria-describedby={describedBy}
                    onChange={(e) => setSection(i, { content: e.target.value })}
                  />
                )}
              </FieldRow>
              {lesson.sections.length > 1 && (
                <button
                  type='button'
                  className='btn btn-ghost'
                  onClick={() => update({ sections: lesson.sections.filter((_, k) => k !== i) })}
                >
                  Remove section {i + 1}
                </button>
              )}
            </div>
          ))}
          <button
            type='button'
            className='btn btn-outline'
            onClick={() => update({ sections: [...lesson.sections, { header: '', subheader: '', content: '' }] })}
          >
            Add section
          </button>
        </fieldset>

        <fieldset className='group'>
          <legend>Quiz questions</legend>
          {lesson.questions.map((q, i) => (
            <div key={i} className='item card' data-question={i + 1}>
              <h3>Question {i + 1}</h3>
              <FieldRow label={`Question ${i + 1} text`} error={err(`questions.${i}.question`)}>
                {(id, describedBy) => (
                  <input
                    id={id}
                    className='input'
                    value={q.question}
                    aria-describedby={describedBy}
                    onChange={(e) => setQuestion(i, { question: e.target.value })}
                  />
                )}
              </FieldRow>
              <fieldset className='options-group'>
                <legend>Options (choose the correct one)</legend>
                {padOptions(q.options).map((o, k) => (
                  <div key={k} className='row'>
                    <input
                      type='radio'
                      name={`correct-${i}`}
                      aria-label={`Option ${k + 1} is correct`}
                      checked={q.correctAnswer === k}
                      onChange={() => setQuestion(i, { correctAnswer: k })}
                    />
                    <label className='visually-hidden' htmlFor={`q${i}-o${k}`}>
                      Question {i + 1} option {k + 1}
                    </label>
                    <input
                      id={`q${i}-o${k}`}
                      className='input'
                      value={o}
                      onChange={(e) =>
                        setQuestion(i, {
                          options: padOptions(q.options).map((x, m) => (m === k ? e.target.value : x)),
                        })}
                    />
                  </div>
                ))}
                {(err(`questions.${i}.options`) || err(`questions.${i}.correctAnswer`)) && (
                  <p className='field-error' role='alert'>
                    {err(`questions.${i}.options`) ?? err(`questions.${i}.correctAnswer`)}
                  </p>
                )}
              </fieldset>
              <FieldRow label={`Question ${i + 1} explanation`} error={err(`questions.${i}.explanation`)}>
                {(id) => (
                  <textarea
                    id={id}
                    className='input textarea'
                    rows={3}
                    value={q.explanation ?? ''}
                    onChange={(e) => setQuestion(i, { explanation: e.target.value })}
                  />
                )}
              </FieldRow>
              <button
                type='button'
                className='btn btn-ghost'
                onClick={() => update({ questions: lesson.questions.filter((_, k) => k !== i) })}
              >
                Remove question {i + 1}
              </button>
            </div>
          ))}
          <button
            type='button'
            className='btn btn-outline'
            onClick={() =>
              update({
                questions: [...lesson.questions, {
                  question: '',
                  options: padOptions([]),
                  correctAnswer: null,
                  explanation: '',
                }],
              })}
          >
            Add question
          </button>
        </fieldset>

        <div className='editor-actions'>
          <button type='button' className='btn btn-ghost' onClick={onDone} disabled={saving}>
            Cancel
          </button>
          <button type='submit' className='btn btn-primary' disabled={saving}>
            {saving ? 'Saving...' : editing ? 'Save changes' : 'Create lesson'}
          </button>
        </div>
      </form>

      {/* Focusable: it scrolls on its own, and a keyboard user must be able to scroll it too. */}
      <aside className='preview card' aria-labelledby='preview-title' tabIndex={0}>
        <h2 id='preview-title'>Preview</h2>
        <p className='hint'>As learners will see the sections, then the quiz.</p>
        {/* Sanitized on the server by the lesson page's renderer (src/lib/server/content/lesson-content.ts). */}
        <div
          className='preview-body lesson-body'
          data-testid='preview'
          dangerouslySetInnerHTML={{ __html: preview.join('') }}
        />
        {lesson.questions.length > 0 && (
          <div className='preview-quiz' data-testid='preview-quiz'>
            <h3>Quiz ({lesson.questions.length} {lesson.questions.length === 1 ? 'question' : 'questions'})</h3>
            <ol>
              {lesson.questions.map((q, i) => (
                <li key={i}>
                  <p className='q'>{q.question || <em>No question text yet</em>}</p>
                  <ul>
                    {padOptions(q.options).map((o, k) => (
                      <li key={k} className={q.correctAnswer === k ? 'correct' : undefined}>
                        {o || <em>Empty option</em>}
                        {q.correctAnswer === k && <strong>(correct answer)</strong>}
                      </li>
                    ))}
                  </ul>
                  {q.explanation && <p className='why'>Why: {q.explanation}</p>}
                </li>
              ))}
            </ol>
          </div>
        )}
      </aside>
    </div>
  );
}

const blankToUndefined = (
  value: number | string,
) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

function FieldRow({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (id: string, describedBy?: string) => React.ReactNode;
}) {
  const id = `f-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className='field'>
      <label htmlFor={id}>{label}</label>
      {children(id, describedBy)}
      {hint && (
        <p id={`${id}-hint`} className='field-hint'>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className='field-error' role='alert'>
          {error}
        </p>
      )}
    </div>
  );
}
