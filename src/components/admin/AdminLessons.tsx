import { lazy, startTransition, Suspense, useCallback, useEffect, useState } from 'react';
import { api, NetworkError } from '../api.ts';
import { showToast } from '../../stores/toast.ts';
import { usePageToaster } from '../ui/Toaster.tsx';
import type { AuthoredLesson, LessonSummary } from '../../lib/lesson-form.ts';
import type { EditorLesson } from './editor/editor-state.ts';
import { type LessonFilter, LessonFilters, LessonTable, matchesFilter } from './LessonTable.tsx';
import DeleteLessonDialog from './DeleteLessonDialog.tsx';
import '../ui/modal.css';
import '../../styles/lesson-content.css';
import './admin.css';

// The editor's code loads when a lesson is opened, not with the list: the list hydrates without it.
const LessonEditor = lazy(() => import('./LessonEditor.tsx'));
const editorState = () => import('./editor/editor-state.ts');

/** Scrolls to and focuses the question the address names (#question-{n}) once the editor is on the page. */
function FocusQuestion() {
  useEffect(() => {
    const target = /^#question-\d{1,3}$/.test(location.hash)
      ? document.querySelector<HTMLElement>(location.hash)
      : null;
    target?.scrollIntoView({ block: 'start' });
    target?.focus();
  }, []);
  return null;
}

/** The authors' screen: the lessons, filtered, each to edit or delete; or one lesson in the editor. */
export default function AdminLessons() {
  usePageToaster();
  const [lessons, setLessons] = useState<LessonSummary[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [editing, setEditing] = useState<EditorLesson | null>(null);
  const [filter, setFilter] = useState<LessonFilter>({ pillar: '', level: '' });
  const [confirm, setConfirm] = useState<LessonSummary | null>(null);

  const load = useCallback(async () => {
    try {
      const r = await api<LessonSummary[]>('/api/admin/lessons');
      if (!r.ok || !r.data) throw new Error('load');
      // A transition: the table of every lesson renders in short slices, never one long task.
      startTransition(() => {
        setLessons(r.data);
        setLoadError(null);
      });
    } catch {
      setLoadError('Failed to load lessons');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // A link from the statistics (/admin/lessons?edit={id}#question-{n}) opens that lesson's editor at the question.
  useEffect(() => {
    const id = new URLSearchParams(location.search).get('edit');
    if (id && /^\d{1,9}$/.test(id)) void edit({ id: Number(id) });
  }, []);

  async function edit(lesson: Pick<LessonSummary, 'id'>) {
    try {
      const [r, { toEditorLesson }] = await Promise.all([
        api<AuthoredLesson>(`/api/admin/lessons/${lesson.id}`),
        editorState(),
      ]);
      if (!r.ok || !r.data) throw new Error('load');
      setEditing(toEditorLesson(r.data));
    } catch {
      showToast({ title: 'Failed to load lesson', variant: 'error' });
    }
  }

  async function remove(lesson: LessonSummary) {
    setConfirm(null);
    try {
      const r = await api(`/api/admin/lessons/${lesson.id}`, { method: 'DELETE' });
      if (!r.ok) throw new Error('delete');
      showToast({ title: 'Lesson deleted successfully', variant: 'success' });
      await load();
    } catch (error) {
      showToast({
        title: 'Failed to delete lesson',
        description: error instanceof NetworkError ? 'Network error. Please try again.' : undefined,
        variant: 'error',
      });
    }
  }

  if (editing) {
    const done = () => {
      if (location.search) history.replaceState(null, '', location.pathname);
      setEditing(null);
      void load();
    };
    return (
      <Suspense fallback={<p role='status'>Loading the editor...</p>}>
        <LessonEditor
          initial={editing}
          others={(lessons ?? []).filter((l) => l.state === 'published')}
          onDone={done}
        />
        <FocusQuestion />
      </Suspense>
    );
  }

  return (
    <>
      <div className='admin-toolbar'>
        <LessonFilters filter={filter} onChange={setFilter} />
        <button
          type='button'
          className='btn btn-primary'
          onClick={() => void editorState().then(({ emptyLesson }) => setEditing(emptyLesson()))}
        >
          New lesson, published at once
        </button>
      </div>
      {loadError && (
        <div className='alert alert-error' role='alert'>
          {loadError}
        </div>
      )}
      {lessons === null && !loadError ? <p role='status'>Loading...</p> : (
        <LessonTable
          lessons={(lessons ?? []).filter((l) => matchesFilter(l, filter))}
          onEdit={(l) => void edit(l)}
          onDelete={setConfirm}
        />
      )}
      {confirm && (
        <DeleteLessonDialog
          lesson={confirm}
          onCancel={() => setConfirm(null)}
          onDelete={() => void remove(confirm)}
        />
      )}
    </>
  );
}
