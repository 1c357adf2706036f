import { useCallback, useMemo, useRef, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';
import { showToast } from '../../stores/toast.ts';
import { usePageToaster } from '../ui/Toaster.tsx';
import type { LessonContentData } from '../../../db/schema.ts';
import { draftIssues } from '../../lib/draft-rules.ts';
import type { AuthoredLesson } from '../../lib/lesson-form.ts';
import LessonEditor from '../admin/LessonEditor.tsx';
import { draftExtrasOf, type EditorLesson, toEditorLesson } from '../admin/editor/editor-state.ts';
import { contentOfEditor } from './draft-content.ts';
import DraftWarnings, { type Facts } from './DraftWarnings.tsx';
import '../admin/admin.css';
import './studio-draft.css';

export interface DraftProps {
  id: number;
  lessonId: number | null;
  /** The published lesson's address; a draft does not change it. */
  slug?: string | null;
  revision: number;
  baseVersion: number | null;
  publishedVersion: number | null;
  stale: boolean;
  content: LessonContentData;
}

interface Props {
  draft: DraftProps;
  canPublish: boolean;
  facts: Facts;
}

const editorLessonOf = (content: LessonContentData): EditorLesson => ({
  ...toEditorLesson({ ...content, id: 0, version: 0 } as unknown as AuthoredLesson),
  sources: content.sources.length
    ? content.sources.map((s) => ({ title: s.title, publisher: s.publisher ?? '', url: s.url }))
    : [{ title: '', publisher: '', url: '' }],
  reviewedAt: content.reviewedAt ?? '',
});

/** The studio's draft: the editor (saving the draft), live warnings, stale notice, publish and discard. */
export default function StudioDraft({ draft: initial, canPublish, facts }: Props) {
  usePageToaster();
  const [draft, setDraft] = useState(initial);
  const [typed, setTyped] = useState<EditorLesson | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; problems: string[] } | null>(null);
  const revision = useRef(initial.revision);
  const [editorKey, setEditorKey] = useState(0);
  const editorLesson = useMemo(
    () => ({
      ...editorLessonOf(draft.content),
      slug: draft.slug ?? '',
      id: draft.lessonId ?? undefined,
      version: undefined,
    }),
    [draft.content, draft.lessonId, draft.slug],
  );
  const issues = useMemo(
    () => draftIssues(typed ? contentOfEditor(typed, draft.content) : draft.content, facts),
    [typed, draft.content, facts],
  );
  const problems = useMemo(() => issues.map((i) => i.message), [issues]);
  const onLessonChange = useCallback((lesson: EditorLesson) => setTyped(lesson), []);

  async function act(path: string, method: string, body?: unknown) {
    setBusy(true);
    setRefusal(null);
    try {
      const result = await api<Record<string, unknown>>(path, { method, body });
      if (!result.ok) {
        const listed = (result.data as { problems?: string[] } | null)?.problems ?? [];
        setRefusal({ message: messageOf(result, 'That did not work. Please try again.'), problems: listed });
      }
      return result;
    } catch (error) {
      setRefusal({
        message: error instanceof NetworkError ? 'Network error. Please try again.' : 'Failed',
        problems: [],
      });
      return null;
    } finally {
      setBusy(false);
    }
  }

  function replace(view: DraftProps) {
    revision.current = view.revision;
    setDraft(view);
    setTyped(null);
    setEditorKey((k) => k + 1);
  }

  async function rebase() {
    const r = await act(`/api/studio/drafts/${draft.id}/rebase`, 'POST');
    if (r?.ok) {
      replace(r.data as unknown as DraftProps);
      showToast({ title: 'Draft rebased on the published version', variant: 'success' });
    }
  }
  async function discard() {
    if (!window.confirm('Discard this draft? The published lesson stays as it is.')) return;
    const r = await act(`/api/studio/drafts/${draft.id}`, 'DELETE');
    if (r?.ok) location.assign('/studio');
  }
  async function publish() {
    const r = await act(`/api/studio/drafts/${draft.id}/publish`, 'POST', { note });
    if (r?.ok) location.assign('/studio?done=published');
  }

  return (
    <div className='studio-draft'>
      {draft.stale && (
        <div className='alert alert-warning' role='alert' data-testid='stale-draft'>
          <p>
            This draft is based on version {draft.baseVersion}, but version {draft.publishedVersion}{' '}
            has been published since. Rebase it (your changed fields are kept, the rest follow the new version) or
            discard it.
          </p>
          <button type='button' className='btn btn-outline' onClick={() => void rebase()} disabled={busy}>
            Rebase on version {draft.publishedVersion}
          </button>
        </div>
      )}
      <div className='studio-actions'>
        {/* The saved draft, as a learner will see it; unsaved edits are not in it. */}
        <a className='btn btn-outline' href={`/studio/drafts/${draft.id}/preview`}>Preview as a learner</a>
        <button type='button' className='btn btn-ghost' onClick={() => void discard()} disabled={busy}>
          Discard draft
        </button>
      </div>
      <DraftWarnings problems={problems} />
      {canPublish && (
        <section className='card publish-box' aria-labelledby='publish-title'>
          <h2 id='publish-title'>Publish</h2>
          <label htmlFor='publish-note'>Note for the history (what changed)</label>
          <input
            id='publish-note'
            className='input'
            maxLength={500}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
          <button type='button' className='btn btn-primary' onClick={() => void publish()} disabled={busy}>
            Publish the saved draft
          </button>
        </section>
      )}
      {refusal && (
        <div className='alert alert-error' role='alert'>
          <p>{refusal.message}</p>
          {refusal.problems.length > 0 && <ul>{refusal.problems.map((p) => <li key={p}>{p}</li>)}</ul>}
        </div>
      )}
      <LessonEditor
        key={editorKey}
        initial={editorLesson}
        onDone={() => location.assign('/studio')}
        onLessonChange={onLessonChange}
        issues={issues}
        saveAs={{
          url: `/api/studio/drafts/${draft.id}`,
          method: 'PUT',
          body: ({ version: _, ...lesson }, typed) => ({ revision: revision.current, lesson, ...draftExtrasOf(typed) }),
          onSaved: (data) => {
            const view = data as DraftProps;
            revision.current = view.revision;
            setDraft((d) => ({ ...d, revision: view.revision, content: view.content, stale: view.stale }));
          },
        }}
      />
    </div>
  );
}
