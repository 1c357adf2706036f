import { useState } from 'react';
import { api, messageOf } from '../api.ts';

interface Props {
  lessonId: number;
  title: string;
  label: string;
  /** Restore this published version as the draft instead of opening the current one. */
  version?: number;
}

/** Opens (or restores into) the lesson's draft, then goes to it. */
export default function OpenDraftButton({ lessonId, title, label, version }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    setError(null);
    const path = version === undefined
      ? `/api/studio/lessons/${lessonId}/draft`
      : `/api/studio/lessons/${lessonId}/versions/${version}/restore`;
    try {
      const r = await api<{ id: number }>(path, { method: 'POST' });
      if (r.ok && r.data) return location.assign(`/studio/drafts/${r.data.id}`);
      setError(messageOf(r, 'The draft could not be opened. Please try again.'));
    } catch {
      setError('Network error. Please try again.');
    }
    setBusy(false);
  }
  return (
    <>
      <button
        type='button'
        className='btn btn-outline btn-sm'
        onClick={() => void open()}
        disabled={busy}
        aria-label={`${label}: ${title}`}
      >
        {label}
      </button>
      {error && <span role='alert' className='field-error'>{error}</span>}
    </>
  );
}
