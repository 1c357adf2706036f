// One learner's report in the studio's inbox: what it says (escaped as text), and the author's
// answer: its status, the version that fixed it, and a reply the learner sees on their dashboard.
import { type FormEvent, useId, useState } from 'react';
import { api, fieldErrorsOf, messageOf, NetworkError } from '../api.ts';
import {
  REPORT_REASON_LABELS,
  REPORT_REPLY_MAX,
  REPORT_STATUS_LABELS,
  REPORT_STATUSES,
  type ReportStatus,
} from '../../lib/reports.ts';
import type { InboxReport } from '../../lib/server/studio/report-inbox.ts';
import ReportStatusBadge from '../ui/ReportStatusBadge.tsx';

interface Props {
  report: InboxReport;
  /** The lesson's current version: "fixed" links to it unless the author picks another. */
  currentVersion: number;
  onSaved: (report: InboxReport) => void;
}

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

export default function ReportItem({ report, currentVersion, onSaved }: Props) {
  const id = useId();
  const [status, setStatus] = useState<ReportStatus>(report.status);
  const [version, setVersion] = useState(String(report.fixedInVersion ?? currentVersion));
  const [reply, setReply] = useState(report.reply ?? '');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setSaid(null);
    setErrors({});
    const body = { status, reply, ...(status === 'fixed' ? { fixedInVersion: Number(version) } : {}) };
    try {
      const r = await api<InboxReport>(`/api/studio/reports/${report.id}`, { method: 'PATCH', body });
      if (r.ok && r.data) {
        onSaved({ ...r.data, subjectText: report.subjectText });
        setSaid({ ok: true, text: 'Saved.' });
      } else {
        setErrors(fieldErrorsOf(r));
        setSaid({ ok: false, text: messageOf(r, 'Could not save. Please try again.') });
      }
    } catch (e) {
      setSaid({ ok: false, text: e instanceof NetworkError ? 'Network error. Please try again.' : 'Could not save.' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className='report card' data-testid='inbox-report' data-report-id={report.id}>
      <p className='report-meta'>
        <strong>{REPORT_REASON_LABELS[report.reason]}</strong>
        <ReportStatusBadge status={report.status} />
        {report.fixedInVersion !== null && <span className='report-fixed'>in version {report.fixedInVersion}</span>}
      </p>
      <p className='report-when'>
        Reported {dateOf(report.createdAt)} on version {report.lessonVersion}
        {report.reply !== null && (report.replyRead ? '. The learner has read the reply.' : '. Reply not read yet.')}
      </p>
      {report.note ? <p className='report-note'>{report.note}</p> : <p className='report-when'>No note.</p>}
      <form className='report-form' onSubmit={(e) => void save(e)} noValidate>
        <div className='report-form-row'>
          <div className='field'>
            <label htmlFor={`${id}-status`}>Status</label>
            <select
              id={`${id}-status`}
              className='select'
              value={status}
              onChange={(e) => setStatus(e.target.value as ReportStatus)}
            >
              {REPORT_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {REPORT_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          {status === 'fixed' && (
            <div className='field'>
              <label htmlFor={`${id}-version`}>Fixed in version</label>
              <input
                id={`${id}-version`}
                className='input'
                type='number'
                inputMode='numeric'
                min={report.lessonVersion}
                max={currentVersion}
                value={version}
                aria-invalid={errors.fixedInVersion ? true : undefined}
                aria-describedby={errors.fixedInVersion ? `${id}-version-error` : undefined}
                onChange={(e) => setVersion(e.target.value)}
              />
              {errors.fixedInVersion && (
                <p id={`${id}-version-error`} className='field-error'>
                  {errors.fixedInVersion}
                </p>
              )}
            </div>
          )}
        </div>
        <div className='field'>
          <label htmlFor={`${id}-reply`}>Reply to the learner</label>
          <textarea
            id={`${id}-reply`}
            className='input textarea'
            rows={3}
            maxLength={REPORT_REPLY_MAX}
            value={reply}
            aria-invalid={errors.reply ? true : undefined}
            aria-describedby={`${id}-reply-hint${errors.reply ? ` ${id}-reply-error` : ''}`}
            onChange={(e) => setReply(e.target.value)}
          />
          <p id={`${id}-reply-hint`} className='field-hint'>
            Shown on the learner's dashboard until they dismiss it. Plain text.
          </p>
          {errors.reply && (
            <p id={`${id}-reply-error`} className='field-error'>
              {errors.reply}
            </p>
          )}
        </div>
        <div className='report-actions'>
          <button type='submit' className='btn btn-primary' disabled={busy}>
            {busy ? 'Saving...' : 'Save'}
          </button>
          <p className={said && !said.ok ? 'field-error' : 'report-saved'} role='status'>
            {said?.text}
          </p>
        </div>
      </form>
    </li>
  );
}
