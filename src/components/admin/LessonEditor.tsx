import { type Dispatch, type FormEvent, useEffect, useReducer, useRef, useSyncExternalStore } from 'react';
import { api, fieldErrorsOf, messageOf, NetworkError } from '../api.ts';
import { type AuthoredLesson, lessonFormSchema, suggestedWeight } from '../../lib/lesson-form.ts';
import { draftSaveSchema } from '../../lib/studio-form.ts';
import { showToast } from '../../stores/toast.ts';
import {
  type EditorAction,
  type EditorLesson,
  editorReducer,
  type Errors,
  initialEditorState,
  payloadOf,
  toEditorLesson,
} from './editor/editor-state.ts';
import ErrorSummary from './editor/ErrorSummary.tsx';
import LessonFields from './editor/LessonFields.tsx';
import ObjectivesEditor from './editor/ObjectivesEditor.tsx';
import SectionsEditor from './editor/SectionsEditor.tsx';
import QuestionsEditor from './editor/QuestionsEditor.tsx';
import LessonPreview from './editor/LessonPreview.tsx';
import SourcesEditor from './editor/SourcesEditor.tsx';
import type { Issues } from './editor/issues.tsx';

interface Props {
  initial: EditorLesson;
  onDone: () => void;
  /** The other lessons, for a new lesson's suggested weight. */
  others?: ReadonlyArray<{ pillar: string; level: string; weight: number }>;
  /** The studio saves a draft instead: its endpoint, the body around the form, and what follows. */
  saveAs?: {
    url: string;
    method: 'PUT' | 'POST';
    body: (form: ReturnType<typeof payloadOf>, lesson: EditorLesson) => unknown;
    onSaved: (data: unknown) => void;
  };
  /** Told the lesson as typed, after every change (the studio's live warnings). */
  onLessonChange?: (lesson: EditorLesson) => void;
  /** The publishing rules' problems of the lesson as typed, shown beside their fields (the studio). */
  issues?: Issues;
}

const noChange = () => () => {};

/** The lesson form beside its live preview; saves through the admin API and names every field it refuses. */
export default function LessonEditor({ initial, onDone, others = [], saveAs, onLessonChange, issues }: Props) {
  const [state, dispatch] = useReducer(editorReducer, initial, initialEditorState);
  const { lesson, errors, formError, stale, saving } = state;
  const editing = initial.id !== undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const titleRef = useRef<HTMLInputElement | null>(null);

  // The fields wait for the island, so nothing typed before it hydrates is silently dropped.
  // False while a server-rendered editor hydrates; true at once when mounted in the browser (the admin screen).
  const hydrated = useSyncExternalStore(noChange, () => true, () => false);
  useEffect(() => {
    if (hydrated) titleRef.current?.focus();
  }, [hydrated]);
  useEffect(() => onLessonChange?.(lesson), [lesson, onLessonChange]);

  useEffect(() => {
    if (lesson.pillar) {
      dispatch({ type: 'suggest-weight', weight: suggestedWeight(others, lesson.pillar, lesson.level) });
    }
  }, [lesson.pillar, lesson.level, others]);

  // After a failed save, focus goes to the first field with an error (in the form's order).
  useEffect(() => {
    if (Object.keys(errors).length === 0) return;
    const first = formRef.current?.querySelector<HTMLElement>('.field-error');
    const field = first?.closest('.field, .options-group, .group')?.querySelector<HTMLElement>(
      'input, select, textarea',
    );
    (field ?? formRef.current?.querySelector<HTMLElement>('.error-summary'))?.focus();
  }, [errors]);

  const change = (patch: Partial<EditorLesson>) => dispatch({ type: 'change', patch });

  function save(event: FormEvent) {
    event.preventDefault();
    void saveLesson({ lesson, saveAs, editing, id: initial.id, dispatch, onDone });
  }

  /** The lesson as it is now saved (another author's changes), in place of this form's. */
  async function reloadLatest() {
    try {
      const r = await api<AuthoredLesson>(`/api/admin/lessons/${initial.id}`);
      if (r.ok && r.data) return dispatch({ type: 'reload', lesson: toEditorLesson(r.data) });
    } catch {
      // said below
    }
    dispatch({
      type: 'refused',
      errors: {},
      formError: 'The latest version could not be loaded. Please try again.',
      stale: true,
    });
  }

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
            {stale && (
              <button type='button' className='btn btn-outline' onClick={() => void reloadLatest()}>
                Reload the latest
              </button>
            )}
          </div>
        )}
        <ErrorSummary errors={errors} />
        <fieldset className='editor-fieldset' disabled={!hydrated}>
          <LessonFields
            lesson={lesson}
            errors={errors}
            dispatch={dispatch}
            titleRef={titleRef}
            fixedAddress={Boolean(saveAs)}
            issues={issues}
          />
          <ObjectivesEditor
            objectives={lesson.learningObjectives}
            issues={issues}
            onChange={(learningObjectives) => change({ learningObjectives })}
          />
          <SectionsEditor
            sections={lesson.sections}
            errors={errors}
            issues={issues}
            onChange={(sections) => change({ sections })}
          />
          <QuestionsEditor
            questions={lesson.questions}
            errors={errors}
            issues={issues}
            onChange={(questions) => change({ questions })}
          />
          {lesson.sources !== undefined && (
            <SourcesEditor
              sources={lesson.sources}
              reviewedAt={lesson.reviewedAt ?? ''}
              errors={errors}
              issues={issues}
              onChange={change}
            />
          )}
          <div className='editor-actions'>
            <button type='button' className='btn btn-ghost' onClick={onDone} disabled={saving}>
              Cancel
            </button>
            <button type='submit' className='btn btn-primary' disabled={saving}>
              {saving ? 'Saving...' : saveAs ? 'Save draft' : editing ? 'Save changes' : 'Create lesson'}
            </button>
          </div>
        </fieldset>
      </form>
      <LessonPreview sections={lesson.sections} questions={lesson.questions} />
    </div>
  );
}

/** Checks the form, saves it (the admin API, or the studio's draft endpoint) and says how it went. */
async function saveLesson(
  { lesson, saveAs, editing, id, dispatch, onDone }: {
    lesson: EditorLesson;
    saveAs: Props['saveAs'];
    editing: boolean;
    id: number | undefined;
    dispatch: Dispatch<EditorAction>;
    onDone: () => void;
  },
) {
  const body = payloadOf(lesson);
  // The studio's body nests the form under `lesson`, beside the sources and review date.
  const check = saveAs ? draftSaveSchema.safeParse(saveAs.body(body, lesson)) : lessonFormSchema.safeParse(body);
  if (!check.success) {
    const found: Errors = {};
    for (const issue of check.error.issues) found[issue.path.join('.').replace(/^lesson\./, '')] ??= issue.message;
    dispatch({ type: 'refused', errors: found });
    return;
  }
  dispatch({ type: 'saving' });
  const failed = editing ? 'Failed to update lesson' : 'Failed to create lesson';
  try {
    const result = saveAs
      ? await api(saveAs.url, { method: saveAs.method, body: saveAs.body(body, lesson) })
      : await api(editing ? `/api/admin/lessons/${id}` : '/api/admin/lessons', {
        method: editing ? 'PUT' : 'POST',
        body,
      });
    if (result.ok && saveAs) {
      showToast({
        title: 'Draft saved',
        description: 'Learners see it once an admin publishes it.',
        variant: 'success',
      });
      dispatch({ type: 'saved' });
      saveAs.onSaved(result.data);
      return;
    }
    if (result.ok) {
      showToast({
        title: editing ? 'Lesson updated successfully' : 'Lesson created successfully',
        variant: 'success',
      });
      dispatch({ type: 'saved' });
      onDone();
      return;
    }
    // The studio's body nests the form under `lesson`.
    const fields = Object.fromEntries(
      Object.entries(fieldErrorsOf(result)).map(([k, v]) => [k.replace(/^lesson\./, ''), v]),
    );
    dispatch({
      type: 'refused',
      errors: fields,
      formError: Object.keys(fields).length ? null : messageOf(result, failed),
      stale: !saveAs && editing && result.status === 409 && Object.keys(fields).length === 0,
    });
    showToast({ title: failed, description: messageOf(result, ''), variant: 'error' });
  } catch (error) {
    dispatch({
      type: 'refused',
      errors: {},
      formError: error instanceof NetworkError ? 'Network error. Please try again.' : failed,
    });
    showToast({ title: failed, variant: 'error' });
  }
}
