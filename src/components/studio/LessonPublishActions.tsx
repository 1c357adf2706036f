import { useState } from 'react';
import { api, messageOf } from '../api.ts';
import DeleteLessonDialog from '../admin/DeleteLessonDialog.tsx';
import '../ui/modal.css';

interface Props {
  lessonId: number;
  title: string;
  unpublished: boolean;
}

const DELETE_DETAIL =
  'Learners lose it and its open draft is discarded; their past results are kept. To hide it for a while, unpublish it instead.';

/** An admin's buttons on a studio lesson: Unpublish or Publish again, and Delete after a confirmation dialog. */
export default function LessonPublishActions({ lessonId, title, unpublished }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const path = `/api/studio/lessons/${lessonId}`;

  async function act(url: string, method: 'POST' | 'DELETE', done: string) {
    setConfirming(false);
    setBusy(true);
    setError(null);
    try {
      const r = await api(url, { method });
      if (r.ok) return location.assign(`/studio?done=${done}`);
      setError(messageOf(r, 'That did not work. Please try again.'));
    } catch {
      setError('Network error. Please try again.');
    }
    setBusy(false);
  }

  return (
    <>
      {unpublished
        ? (
          <button
            type='button'
            className='btn btn-outline btn-sm'
            onClick={() => void act(`${path}/republish`, 'POST', 'republished')}
            disabled={busy}
            aria-label={`Publish again: ${title}`}
          >
            Publish again
          </button>
        )
        : (
          <button
            type='button'
            className='btn btn-outline btn-sm'
            onClick={() => void act(`${path}/unpublish`, 'POST', 'unpublished')}
            disabled={busy}
            aria-label={`Unpublish: ${title}`}
          >
            Unpublish
          </button>
        )}
      <button
        type='button'
        className='btn btn-ghost btn-sm danger'
        onClick={() => setConfirming(true)}
        disabled={busy}
        aria-label={`Delete: ${title}`}
      >
        Delete
      </button>
      {confirming && (
        <DeleteLessonDialog
          lesson={{ title }}
          detail={DELETE_DETAIL}
          onCancel={() => setConfirming(false)}
          onDelete={() => void act(path, 'DELETE', 'deleted')}
        />
      )}
      {error && <span role='alert' className='field-error'>{error}</span>}
    </>
  );
}
