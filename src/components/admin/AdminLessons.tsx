import { useCallback, useEffect, useState } from 'react';
import { api, NetworkError } from '../api.ts';
import { type Level, LEVEL_LABELS, LEVELS, type Pillar, PILLAR_LABELS, PILLARS } from '../../lib/domain.ts';
import { showToast } from '../../stores/toast.ts';
import Modal from '../ui/Modal.tsx';
import { type AuthoredLesson, type LessonSummary, padOptions } from '../../lib/lesson-form.ts';
import LessonEditor, { type EditorLesson, emptyLesson } from './LessonEditor.tsx';
import '../ui/modal.css';
import '../../styles/lesson-content.css';
import './admin.css';

type View = { mode: 'list' } | { mode: 'edit'; lesson: EditorLesson };

export default function AdminLessons() {
  const [lessons, setLessons] = useState<LessonSummary[] | null>(null);
  const [view, setView] = useState<View>({ mode: 'list' });
  const [pillar, setPillar] = useState<'' | Pillar>('');
  const [level, setLevel] = useState<'' | Level>('');
  const [confirm, setConfirm] = useState<LessonSummary | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const r = await api<LessonSummary[]>('/api/admin/lessons');
      if (r.ok && r.data) {
        setLessons(r.data);
        setLoadError(null);
      } else setLoadError('Failed to load lessons');
    } catch {
      setLoadError('Failed to load lessons');
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function edit(id: number) {
    try {
      const r = await api<AuthoredLesson>(`/api/admin/lessons/${id}`);
      if (!r.ok || !r.data) throw new Error('load');
      const l = r.data;
      setView({
        mode: 'edit',
        lesson: {
          id: l.id,
          version: l.version,
          title: l.title,
          pillar: l.pillar,
          level: l.level,
          orderIndex: l.orderIndex,
          duration: l.duration,
          weight: l.weight,
          sections: l.sections.length ? l.sections : [{ content: '' }],
          learningObjectives: l.learningObjectives,
          questions: l.questions.map((q) => ({ ...q, options: padOptions(q.options) })),
        },
      });
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

  if (view.mode === 'edit') {
    return (
      <>
        <LessonEditor
          initial={view.lesson}
          others={lessons ?? []}
          onDone={() => {
            setView({ mode: 'list' });
            void load();
          }}
        />
      </>
    );
  }

  const shown = (lessons ?? []).filter((l) => (!pillar || l.pillar === pillar) && (!level || l.level === level));

  return (
    <>
      <div className='admin-toolbar'>
        <div className='filters'>
          <label>
            Pillar{' '}
            <select className='select' value={pillar} onChange={(e) => setPillar(e.target.value as Pillar | '')}>
              <option value=''>All pillars</option>
              {PILLARS.map((p) => (
                <option key={p} value={p}>
                  {PILLAR_LABELS[p]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Level{' '}
            <select className='select' value={level} onChange={(e) => setLevel(e.target.value as Level | '')}>
              <option value=''>All levels</option>
              {LEVELS.map((l) => (
                <option key={l} value={l}>
                  {LEVEL_LABELS[l]}
                </option>
              ))}
            </select>
          </label>
        </div>
        <button
          type='button'
          className='btn btn-primary'
          onClick={() => setView({ mode: 'edit', lesson: emptyLesson() })}
        >
          New lesson
        </button>
      </div>
      {loadError && (
        <div className='alert alert-error' role='alert'>
          {loadError}
        </div>
      )}
      {lessons === null && !loadError ? <p role='status'>Loading...</p> : (
        <div className='table-wrap'>
          <table className='admin-table'>
            <caption className='visually-hidden'>Lessons, sorted by pillar, level and order</caption>
            <thead>
              <tr>
                <th scope='col'>Pillar</th>
                <th scope='col'>Level</th>
                <th scope='col'>Order</th>
                <th scope='col'>Title</th>
                <th scope='col'>Duration</th>
                <th scope='col'>Weight</th>
                <th scope='col'>Questions</th>
                <th scope='col'>
                  <span className='visually-hidden'>Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.length === 0 && (
                <tr>
                  <td colSpan={8}>No lessons match these filters.</td>
                </tr>
              )}
              {shown.map((l) => (
                <tr key={l.id} data-lesson-id={l.id}>
                  <td data-label='Pillar'>{PILLAR_LABELS[l.pillar]}</td>
                  <td data-label='Level'>{LEVEL_LABELS[l.level]}</td>
                  <td data-label='Order'>{l.orderIndex}</td>
                  <th scope='row'>{l.title}</th>
                  <td data-label='Duration'>{l.duration} min</td>
                  <td data-label='Weight'>{l.weight}%</td>
                  <td data-label='Questions'>{l.questionCount}</td>
                  <td className='actions'>
                    <button type='button' className='btn btn-outline' onClick={() => void edit(l.id)}>
                      Edit<span className='visually-hidden'>{l.title}</span>
                    </button>
                    <button type='button' className='btn btn-ghost danger' onClick={() => setConfirm(l)}>
                      Delete<span className='visually-hidden'>{l.title}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {confirm && (
        <Modal title='Delete lesson' onClose={() => setConfirm(null)}>
          <p>Are you sure you want to delete "{confirm.title}"? This action cannot be undone.</p>
          <div className='form-row'>
            <button type='button' className='btn btn-ghost' onClick={() => setConfirm(null)}>
              Cancel
            </button>
            <button type='button' className='btn btn-primary danger-solid' onClick={() => void remove(confirm)}>
              Delete
            </button>
          </div>
        </Modal>
      )}
    </>
  );
}
