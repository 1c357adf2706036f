import { REPORT_STATUS_LABELS, type ReportStatus } from '../../lib/reports.ts';

const COLOURS: Record<ReportStatus, string> = { open: 'badge-yellow', fixed: 'badge-green', wont_fix: 'badge-grey' };

/** A learner's report's status (open, fixed, won't fix) as a coloured label. */
export default function ReportStatusBadge({ status }: { status: ReportStatus }) {
  return <span className={`badge ${COLOURS[status]} report-status`}>{REPORT_STATUS_LABELS[status]}</span>;
}
