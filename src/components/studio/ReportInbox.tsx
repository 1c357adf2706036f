// The studio's inbox of learners' reports: by lesson, then by question or step, each report with
// its status and the author's reply (ReportItem). The page renders the filtered list on the server;
// this island keeps each report's changes.
import { useState } from 'react';
import { REPORT_STATUS_LABELS, reportSubject } from '../../lib/reports.ts';
import type { Inbox, InboxLesson, InboxReport } from '../../lib/server/studio/report-inbox.ts';
import ReportItem from './ReportItem.tsx';

/** A lesson's reports in runs about the same question or step (the list arrives sorted that way). */
function bySubject(reports: InboxReport[]): InboxReport[][] {
  const runs: InboxReport[][] = [];
  for (const report of reports) {
    const last = runs.at(-1)?.[0];
    if (last && last.questionId === report.questionId && last.step === report.step) runs.at(-1)!.push(report);
    else runs.push([report]);
  }
  return runs;
}

export default function ReportInbox({ initial }: { initial: Inbox }) {
  const [lessons, setLessons] = useState<InboxLesson[]>(initial.lessons);
  const [moved, setMoved] = useState('');
  // A report whose new status leaves the filtered list (Fixed under Open) leaves it at once.
  const saved = (lessonId: number, report: InboxReport) => {
    const leaves = initial.filter !== 'all' && report.status !== initial.filter;
    setLessons((list) =>
      list
        .map((l) =>
          l.lessonId === lessonId
            ? {
              ...l,
              reports: leaves
                ? l.reports.filter((r) => r.id !== report.id)
                : l.reports.map((r) => (r.id === report.id ? report : r)),
            }
            : l
        )
        .filter((l) => l.reports.length > 0)
    );
    setMoved(
      leaves
        ? `Saved. The report is now ${REPORT_STATUS_LABELS[report.status].toLowerCase()}: it moved to that list.`
        : '',
    );
  };
  const announcement = (
    <p className={moved ? 'alert alert-success' : 'visually-hidden'} role='status' data-testid='inbox-moved'>
      {moved}
    </p>
  );

  if (lessons.length === 0) {
    return (
      <>
        {announcement}
        <p className='card inbox-empty'>
          {initial.filter === 'all'
            ? 'No learner has reported a problem yet.'
            : `No reports are ${REPORT_STATUS_LABELS[initial.filter].toLowerCase()}.`}
        </p>
      </>
    );
  }
  return (
    <div className='inbox'>
      {announcement}
      {initial.truncated && (
        <p className='alert alert-info'>Showing the first {lessons.flatMap((l) => l.reports).length} reports.</p>
      )}
      {lessons.map((lesson) => (
        <section key={lesson.lessonId} className='inbox-lesson' aria-labelledby={`inbox-lesson-${lesson.lessonId}`}>
          <h2 id={`inbox-lesson-${lesson.lessonId}`}>
            {lesson.title} <span className='inbox-version'>version {lesson.version}</span>
          </h2>
          {bySubject(lesson.reports).map((run) => (
            <div key={`${run[0].questionId}-${run[0].step}`} className='inbox-subject'>
              <h3>{reportSubject(run[0], run[0].subjectText ?? undefined)}</h3>
              <ul className='inbox-reports'>
                {run.map((report) => (
                  <ReportItem
                    key={report.id}
                    report={report}
                    currentVersion={lesson.version}
                    onSaved={(r) => saved(lesson.lessonId, r)}
                  />
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}
