// "Report a problem": after a question's feedback (lesson quiz, review, practice) and at the end of
// each lesson step. A dialog asks for a reason and an optional note and sends the report
// (POST /api/reports); the studio's reply shows on the learner's dashboard.
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { api, fieldErrorsOf, messageOf, NetworkError } from '../api.ts';
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason } from '../../lib/reports.ts';
import Modal from './Modal.tsx';
import './modal.css';
import './report-problem.css';

/** What a report is about: a question of a lesson, or one of its steps; the version the learner sees. */
export interface ReportSubject {
  lessonId: number;
  lessonVersion?: number;
  questionId?: number;
  step?: number;
}

/** The link-style button that opens the dialog (focus returns to it when the dialog closes). */
export function ReportButton({ subject }: { subject: ReportSubject }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type='button' className='link-button report-link' onClick={() => setOpen(true)}>
        Report a problem
      </button>
      {open && <ReportDialog subject={subject} onClose={() => setOpen(false)} />}
    </>
  );
}

export default function ReportDialog({ subject, onClose }: { subject: ReportSubject; onClose: () => void }) {
  const id = useId();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const thanks = useRef<HTMLParagraphElement>(null);
  const about = subject.questionId !== undefined ? 'this question' : 'this step of the lesson';

  useEffect(() => {
    if (sent) thanks.current?.focus();
  }, [sent]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      setErrors({ reason: 'Choose what is wrong' });
      document.getElementById(`${id}-${REPORT_REASONS[0]}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    setErrors({});
    try {
      const r = await api('/api/reports', { body: { ...subject, reason, note } });
      if (r.ok) setSent(true);
      else {
        setErrors(fieldErrorsOf(r));
        setError(messageOf(r, 'Could not send your report. Please try again.'));
      }
    } catch (e) {
      setError(e instanceof NetworkError ? 'Network error. Please try again.' : 'Could not send your report.');
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <Modal title='Thank you' onClose={onClose}>
        <p className='report-thanks' tabIndex={-1} ref={thanks} data-testid='report-sent'>
          Your report was sent. When an author replies, you will see the reply on your dashboard.
        </p>
        <div className='report-dialog-actions'>
          <button type='button' className='btn btn-primary' onClick={onClose}>
            Close
          </button>
        </div>
      </Modal>
    );
  }
  return (
    <Modal title='Report a problem' subtitle={`Tell us what is wrong with ${about}.`} onClose={onClose}>
      <form onSubmit={(e) => void send(e)} noValidate data-testid='report-dialog'>
        <fieldset
          className='report-reasons'
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
        >
          <legend>What is wrong?</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className='report-reason'>
              <input
                type='radio'
                id={`${id}-${r}`}
                name={`${id}-reason`}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              {REPORT_REASON_LABELS[r]}
            </label>
          ))}
          {errors.reason && (
            <p id={`${id}-reason-error`} className='field-error'>
              {errors.reason}
            </p>
          )}
        </fieldset>
        <div className='field'>
          <label htmlFor={`${id}-note`}>Anything to add? (optional)</label>
          <textarea
            id={`${id}-note`}
            className='input report-note-input'
            rows={4}
            maxLength={REPORT_NOTE_MAX}
            value={note}
            aria-describedby={`${id}-note-hint${errors.note ? ` ${id}-note-error` : ''}`}
            aria-invalid={errors.note ? true : undefined}
            onChange={(e) => setNote(e.target.value)}
          />
          <p id={`${id}-note-hint`} className='field-hint'>
            {note.length.toLocaleString('en-US')} of {REPORT_NOTE_MAX.toLocaleString('en-US')} characters
          </p>
          {errors.note && (
            <p id={`${id}-note-error`} className='field-error'>
              {errors.note}
            </p>
          )}
        </div>
        {error && (
          <p className='alert alert-error' role='alert'>
            {error}
          </p>
        )}
        <div className='report-dialog-actions'>
          <button type='button' className='btn btn-ghost' onClick={onClose}>
            Cancel
          </button>
          <button type='submit' className='btn btn-primary' disabled={busy}>
            {busy ? 'Sending...' : 'Send report'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
