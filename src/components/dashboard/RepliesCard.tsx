// "Replies to your reports": the studio's answers to problems the learner reported, shown on the
// dashboard while any is unread; "Dismiss" marks the ones shown read (a reply changed later shows again).
import { useEffect, useRef, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import { reportSubject } from '../../lib/reports.ts';
import ReportStatusBadge from '../ui/ReportStatusBadge.tsx';
import type { ReportReply } from '../../lib/server/learning/reports.ts';

export default function RepliesCard({ replies }: { replies: ReportReply[] }) {
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const said = useRef<HTMLParagraphElement>(null);
  // The button is gone: the confirmation takes the focus, so the keyboard does not start over.
  useEffect(() => {
    if (dismissed) said.current?.focus();
  }, [dismissed]);
  if (replies.length === 0) return null;
  if (dismissed) {
    return (
      <p className='replies-said' role='status' tabIndex={-1} ref={said}>
        Replies dismissed. Thank you for helping us improve the lessons.
      </p>
    );
  }

  async function dismiss() {
    setBusy(true);
    setError(null);
    try {
      const r = await api('/api/reports/dismiss', { body: { ids: replies.map((reply) => reply.id) } });
      if (r.ok) setDismissed(true);
      else setError(messageOf(r, 'Could not dismiss the replies. Please try again.'));
    } catch (e) {
      setError(e instanceof NetworkError ? 'Network error. Please try again.' : 'Could not dismiss the replies.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className='card replies-card' aria-labelledby='replies-title' data-testid='report-replies'>
      <h2 id='replies-title'>Replies to your reports</h2>
      <ul className='replies-list'>
        {replies.map((reply) => (
          <li key={reply.id}>
            <p className='replies-about'>
              <a href={`/lesson/${reply.lessonId}`}>{reply.lessonTitle}</a>, {reportSubject(reply).toLowerCase()}
              <ReportStatusBadge status={reply.status} />
            </p>
            <p className='replies-text'>{reply.reply}</p>
          </li>
        ))}
      </ul>
      {error && (
        <p className='alert alert-error' role='alert'>
          {error}
        </p>
      )}
      <button type='button' className='btn btn-outline' disabled={busy || !hydrated} onClick={() => void dismiss()}>
        {busy ? 'Dismissing...' : 'Dismiss'}
      </button>
    </section>
  );
}
