// The rules of learners' reports (src/lib/reports.ts, report-schemas.ts): what a report and a
// studio change accept, the inbox's filter, and that the rules the islands import carry no zod
// (it would add ~24 KB gzip to the lesson page, the dashboard and review).
import { readFileSync } from 'node:fs';
import { assert, assertEquals } from '../helpers/assert.ts';
import { parseReportFilter, REPORT_NOTE_MAX, reportSubject } from '../../src/lib/reports.ts';
import { reportSchema, reportUpdateSchema } from '../../src/lib/report-schemas.ts';

Deno.test('a report is about exactly one question or one step, with a known reason and a note of at most 1,000 characters', () => {
  const ok = (v: unknown) => reportSchema.safeParse(v).success;
  assert(ok({ lessonId: 1, questionId: 2, reason: 'typo' }));
  assert(ok({ lessonId: 1, step: 3, reason: 'other', note: 'x'.repeat(REPORT_NOTE_MAX) }));
  assert(ok({ lessonId: 1, step: 3, reason: 'other', note: ` ${'x'.repeat(REPORT_NOTE_MAX)} ` }), 'trimmed first');
  assert(!ok({ lessonId: 1, questionId: 2, step: 3, reason: 'typo' }), 'not both');
  assert(!ok({ lessonId: 1, reason: 'typo' }), 'not neither');
  assert(!ok({ lessonId: 1, step: 3, reason: 'spam' }));
  assert(!ok({ lessonId: 1, step: 3, reason: 'typo', note: 'x'.repeat(REPORT_NOTE_MAX + 1) }));
  assert(!ok({ lessonId: 1, step: 3, reason: 'typo', userId: 'someone-else' }), 'unknown fields refused');
  assertEquals(reportSchema.parse({ lessonId: 1, step: 1, reason: 'typo' }).note, '');
});

Deno.test('a studio change names a status, a reply or a version', () => {
  assert(reportUpdateSchema.safeParse({ status: 'wont_fix' }).success);
  assert(reportUpdateSchema.safeParse({ reply: '' }).success, 'an empty reply clears it');
  assert(!reportUpdateSchema.safeParse({}).success);
  assert(!reportUpdateSchema.safeParse({ status: 'closed' }).success);
});

Deno.test('the inbox filter defaults to open and refuses unknown statuses; subjects read as the inbox says them', () => {
  assertEquals([parseReportFilter(null), parseReportFilter(''), parseReportFilter('all')], ['open', 'open', 'all']);
  assertEquals(parseReportFilter('closed'), null);
  assertEquals(reportSubject({ questionId: 2, step: null }, 'What is APR?'), 'Question 2: What is APR?');
  assertEquals(reportSubject({ questionId: null, step: 4 }), 'Step 4');
});

Deno.test('the rules the islands import carry no zod', () => {
  const source = readFileSync(new URL('../../src/lib/reports.ts', import.meta.url), 'utf8');
  assert(!/from 'zod'/.test(source));
  for (const island of ['ui/ReportProblem.tsx', 'dashboard/RepliesCard.tsx', 'studio/ReportItem.tsx']) {
    const text = readFileSync(new URL(`../../src/components/${island}`, import.meta.url), 'utf8');
    assert(!text.includes('report-schemas'), `${island} imports no schema`);
  }
});
