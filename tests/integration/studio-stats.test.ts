// The studio's question statistics against a table of attempts worked by hand (issue 43), on
// PGlite and on PostgreSQL when DATABASE_URL is set. The attempts are recorded through the real
// learner store (so each carries the lesson version it answered) and the reads through the real
// lesson_reads writes; the statistics are then read by the same code as the studio page.
import { eq, sql } from 'drizzle-orm';
import { assert, assertEquals, assertRejects } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/database.ts';
import { rowsOf, setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { createLesson, updateLesson } from '../../src/lib/server/studio/admin-lessons.ts';
import { recordQuizAttempt } from '../../src/lib/server/learning/learner-store/attempts.ts';
import { writeLessons } from '../../src/lib/server/content/catalogue.ts';
import { recordQuizReached, recordStep } from '../../src/lib/server/learning/lesson-reads.ts';
import { lessonStats, STATS_SAMPLE, statsLessons } from '../../src/lib/server/studio/stats.ts';
import { HttpError } from '../../src/lib/server/platform/http.ts';
import { lessonFormSchema } from '../../src/lib/lesson-form.ts';
import { type Lesson, lessons, quizAttempts, users } from '../../db/schema.ts';

Deno.env.set('LOG_LEVEL', 'warn');
const MINUTE = 60_000;
const T0 = new Date('2026-11-02T09:00:00Z');

// Four questions; the correct options are A, B, C and D (0, 1, 2, 3). Six answer patterns, the
// option each learner picked per question (1 = right, 0 = wrong, the option in brackets):
//
//   learner  Q1     Q2     Q3     Q4     score (pass mark 3 of 4)
//   P1       1 (A)  0 (A)  0 (A)  1 (D)  2  failed, passes at a second try 70 min after opening
//   P2       1 (A)  0 (A)  0 (A)  1 (D)  2  failed
//   P3       1 (A)  0 (C)  0 (B)  1 (D)  2  failed
//   P4       1 (A)  1 (B)  0 (D)  1 (D)  3  passed, 40 min after opening
//   P5       1 (A)  1 (B)  1 (C)  0 (A)  3  passed, 50 min after opening
//   P6       1 (A)  1 (B)  1 (C)  1 (D)  4  passed, 60 min after opening
const PATTERNS = [[0, 0, 0, 3], [0, 0, 0, 3], [0, 2, 1, 3], [0, 1, 3, 3], [0, 1, 2, 0], [0, 1, 2, 3]];
//
// Share correct (difficulty): Q1 6/6 = 1, Q2 3/6 = 0.5, Q3 2/6 = 0.3333, Q4 5/6 = 0.8333.
//
// Discrimination, the point-biserial (Pearson) correlation of x = the question right (1/0) with
// r = the score on the other three questions, r_xr = Sxr / sqrt(Sxx * Srr), where
// Sxr = Σxr - ΣxΣr/n, Sxx = Σx² - (Σx)²/n, Srr = Σr² - (Σr)²/n, n = 6:
//   Q1: x = 1,1,1,1,1,1: Sxx = 0, no spread: none (null).
//   Q2: x = 0,0,0,1,1,1  r = 2,2,2,2,2,3  Σx 3 Σr 13 Σxr 7 Σr² 29
//       Sxr = 7 - 39/6 = 1/2, Sxx = 3 - 9/6 = 3/2, Srr = 29 - 169/6 = 5/6; r = 0.5/√1.25 = 1/√5 = 0.44721
//   Q3: x = 0,0,0,0,1,1  r = 2,2,2,3,2,3  Σx 2 Σr 14 Σxr 5 Σr² 34
//       Sxr = 5 - 28/6 = 1/3, Sxx = 2 - 4/6 = 4/3, Srr = 34 - 196/6 = 4/3; r = (1/3)/(4/3) = 0.25
//   Q4: x = 1,1,1,1,0,1  r = 1,1,1,2,3,3  Σx 5 Σr 11 Σxr 8 Σr² 25
//       Sxr = 8 - 55/6 = -7/6, Sxx = 5 - 25/6 = 5/6, Srr = 25 - 121/6 = 29/6; r = -7/√145 = -0.58132
//
// Pick rates (A, B, C, D): Q1 6,0,0,0 of 6; Q2 2,3,1,0; Q3 2,1,2,1; Q4 1,0,0,5.
//
// Five learners of each pattern (30 learners) give the same shares and correlations (each sum
// scales by 5), and reach the 30 answers a flag needs:
//   Q1 "Almost everyone gets this right" (100% >= 95%), and options B, C, D picked by no one;
//   Q2 option D picked by no one (50% correct is not "most get this wrong");
//   Q3 "Most get this wrong" (33% < 50%);
//   Q4 "Strong learners miss this more than weak ones" (-0.58 < 0), options B and C picked by no one.
const EXPECTED = [
  { share: 1, discrimination: null, picks: [6, 0, 0, 0] },
  { share: 0.5, discrimination: 1 / Math.sqrt(5), picks: [2, 3, 1, 0] },
  { share: 2 / 6, discrimination: 0.25, picks: [2, 1, 2, 1] },
  { share: 5 / 6, discrimination: -7 / Math.sqrt(145), picks: [1, 0, 0, 5] },
];
const FLAGS = [
  ['Almost everyone gets this right', 'No one picks option B', 'No one picks option C', 'No one picks option D'],
  ['No one picks option D'],
  ['Most get this wrong'],
  ['Strong learners miss this more than weak ones', 'No one picks option B', 'No one picks option C'],
];

const lessonForm = lessonFormSchema.parse({
  title: 'Statistics lesson',
  pillar: 'credit',
  level: 'advanced',
  orderIndex: 41,
  sections: [{ header: 'First part', content: 'One.' }, { header: 'Second part', content: 'Two.' }],
  questions: [0, 1, 2, 3].map((correctAnswer, i) => ({
    question: `Question ${i + 1}?`,
    options: ['a', 'b', 'c', 'd'],
    correctAnswer,
    explanation: 'Because.',
  })),
});

async function withDatabase(kind: TestDatabase['kind'], fn: (db: TestDatabase['handle']['db']) => Promise<void>) {
  const test = await createTestDatabase(kind);
  setDatabaseHandle(test.handle);
  try {
    await fn(test.handle.db);
  } finally {
    await test.drop();
  }
}

async function learners(db: TestDatabase['handle']['db'], count: number, prefix: string): Promise<string[]> {
  const rows = await db.insert(users).values(
    Array.from({ length: count }, (_, i) => ({ email: `${prefix}${i}@example.com`, firstName: 'L', lastName: 'L' })),
  ).returning({ id: users.id });
  return rows.map((r) => r.id);
}

const answer = (picked: number[]) => ({
  attemptId: crypto.randomUUID(),
  quizResponses: picked.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
});

/** One copy of the six patterns: each learner opens the lesson, reads on, answers, and P1 passes at a retry. */
async function takeQuiz(db: TestDatabase['handle']['db'], lesson: Lesson, copy: number) {
  const ids = await learners(db, PATTERNS.length, `copy${copy}-`);
  for (const [i, userId] of ids.entries()) {
    await recordStep(userId, lesson, 1, T0);
    await recordStep(userId, lesson, 2, T0);
    await recordQuizReached(userId, lesson, T0);
    await recordQuizAttempt(userId, lesson, answer(PATTERNS[i]), new Date(T0.getTime() + (i + 1) * 10 * MINUTE));
    if (i === 0) await recordQuizAttempt(userId, lesson, answer([0, 1, 2, 3]), new Date(T0.getTime() + 70 * MINUTE));
  }
}

function assertClose(actual: number | null, expected: number | null, label: string) {
  if (expected === null) return assertEquals(actual, null, label);
  assert(actual !== null && Math.abs(actual - expected) < 1e-9, `${label}: ${actual} is not ${expected}`);
}

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: difficulty, discrimination and pick rates match the hand-computed table, without answers to questions worded otherwise`, async () => {
    await withDatabase(kind, async (db) => {
      const [admin] = await learners(db, 1, 'author');
      const created = await createLesson(admin, lessonForm);
      // An attempt on version 1, whose questions read otherwise, and one from before versions were
      // kept: neither counts for version 2.
      const [old, older] = await learners(db, 2, 'old');
      await recordQuizAttempt(old, created, answer([1, 0, 0, 0]), T0);
      await recordQuizAttempt(older, created, answer([1, 0, 0, 0]), T0);
      await db.update(quizAttempts).set({ lessonVersion: null }).where(eq(quizAttempts.userId, older));
      const [attempt] = await db.select().from(quizAttempts).where(eq(quizAttempts.userId, old));
      assertEquals(attempt.lessonVersion, 1, 'an attempt records the version it answered');
      // A new version, written as every write of lessons is (the catalogue hears of it).
      const reworded = created.questions.map((q) => ({ ...q, question: `${q.question} (reworded)` }));
      const [lesson] = await writeLessons((tx) =>
        tx.update(lessons).set({ version: 2, questions: reworded }).where(eq(lessons.id, created.id)).returning()
      );

      await takeQuiz(db, lesson, 0);
      const few = await lessonStats(lesson.id);
      assertEquals(few.lesson.version, 2);
      for (const [i, expected] of EXPECTED.entries()) {
        const q = few.questions[i];
        assertEquals(q.answers, 6, `Q${i + 1} answers (first attempts only)`);
        assertClose(q.shareCorrect, expected.share, `Q${i + 1} share correct`);
        assertClose(q.discrimination, expected.discrimination, `Q${i + 1} discrimination`);
        assertEquals(q.options.map((o) => o.picks), expected.picks, `Q${i + 1} picks`);
        assertEquals(q.flags, [], `Q${i + 1}: no flag below 30 answers`);
      }

      for (let copy = 1; copy < 5; copy++) await takeQuiz(db, lesson, copy);
      const stats = await lessonStats(lesson.id);
      for (const [i, expected] of EXPECTED.entries()) {
        const q = stats.questions[i];
        assertEquals(q.answers, 30, `Q${i + 1} answers`);
        assertClose(q.shareCorrect, expected.share, `Q${i + 1} share correct`);
        assertClose(q.discrimination, expected.discrimination, `Q${i + 1} discrimination`);
        assertEquals(q.options.map((o) => o.picks), expected.picks.map((n) => n * 5), `Q${i + 1} picks`);
        q.options.forEach((o, k) => assertClose(o.share, expected.picks[k] / 6, `Q${i + 1} option ${k} share`));
        assertEquals(q.flags, FLAGS[i], `Q${i + 1} flags`);
      }
      // Funnel: 30 opened, read to step 2 and reached the quiz; 15 passed at the first try (P4-P6),
      // 20 passed (P1 at the retry). Time to finish (first pass - opening): P4 40 min, P5 50, P6 60,
      // P1 70, five each: the median of the 20 is between the 10th (50) and the 11th (60), 55 min.
      assertEquals(stats.funnel, {
        opened: 30,
        reachedQuiz: 30,
        tookQuiz: 30,
        passedFirstTry: 15,
        passed: 20,
        stopStep: null,
        medianMsToFinish: 55 * MINUTE,
      });
      assertEquals(stats.sampled, false);
    });
  });

  Deno.test(`${kind}: a publish that leaves a question's text and options alone keeps its statistics; a changed one starts again`, async () => {
    await withDatabase(kind, async (db) => {
      const [admin] = await learners(db, 1, 'author');
      const first = await createLesson(admin, lessonForm);
      await takeQuiz(db, first, 0);
      const edit = (lesson: Lesson, changes: Partial<typeof lessonForm>) =>
        updateLesson(admin, lesson.id, {
          ...lessonForm,
          questions: lesson.questions,
          version: lesson.version,
          ...changes,
        });
      const assertTable = async (answers: number[]) => {
        const stats = await lessonStats(first.id);
        assertEquals(stats.questions.map((q) => q.answers), answers, 'answers per question');
        for (const [i, expected] of EXPECTED.entries()) {
          if (answers[i] !== 6) continue;
          const q = stats.questions[i];
          assertClose(q.shareCorrect, expected.share, `Q${i + 1} share correct`);
          assertClose(q.discrimination, expected.discrimination, `Q${i + 1} discrimination`);
          assertEquals(q.options.map((o) => o.picks), expected.picks, `Q${i + 1} picks`);
        }
        return stats;
      };

      // A title fix, published through the one publishing service: version 2 keeps every figure.
      const retitled = await edit(first, { title: 'Statistics lesson, retitled' });
      assertEquals(retitled.version, 2);
      assertEquals((await assertTable([6, 6, 6, 6])).lesson.version, 2);
      // P1 of version 1 answers again on version 2: their first answers still stand, counted once.
      const [p1] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'copy0-0@example.com'));
      await recordQuizAttempt(p1.id, retitled, answer([0, 1, 2, 3]), new Date(T0.getTime() + 90 * MINUTE));
      await assertTable([6, 6, 6, 6]);

      // Q2 reworded and one of Q4's options changed: those two start again, Q1 and Q3 keep theirs.
      const changed = retitled.questions.map((q, i) =>
        i === 1 ? { ...q, question: 'Question 2, reworded?' } : i === 3 ? { ...q, options: ['a', 'b', 'c', 'dd'] } : q
      );
      const third = await edit(retitled, { questions: changed });
      assertEquals(third.questions.map((q) => q.id), retitled.questions.map((q) => q.id), 'the ids stay');
      const stats = await assertTable([6, 0, 6, 0]);
      assertEquals(stats.questions[1].shareCorrect, null);
      assertEquals(stats.questions[3].options.map((o) => o.picks), [0, 0, 0, 0]);
      // A new learner on version 3 counts for every question.
      const [late] = await learners(db, 1, 'late');
      await recordQuizAttempt(late, third, answer([0, 1, 2, 3]), new Date(T0.getTime() + 100 * MINUTE));
      const after = await lessonStats(first.id);
      assertEquals(after.questions.map((q) => q.answers), [7, 1, 7, 1]);
      assertEquals(after.questions[1].shareCorrect, 1);
    });
  });

  Deno.test(`${kind}: the funnel counts readers by the furthest step and the step where most stop`, async () => {
    await withDatabase(kind, async (db) => {
      const [admin] = await learners(db, 1, 'author');
      const lesson = await createLesson(admin, lessonForm);
      const readers = await learners(db, 6, 'reader');
      for (const id of readers) await recordStep(id, lesson, 1, T0);
      // Three stop at step 1; two read to step 2 (one of them twice, and a step back changes nothing)
      // and one of those reaches the quiz; the sixth reaches the quiz.
      await recordStep(readers[3], lesson, 2, T0);
      await recordStep(readers[4], lesson, 2, T0);
      await recordStep(readers[4], lesson, 1, T0);
      await recordStep(readers[4], lesson, 1, new Date(T0.getTime() + MINUTE));
      await recordQuizReached(readers[4], lesson, T0);
      await recordQuizReached(readers[5], lesson, T0);
      await assertRejects(() => recordStep(readers[0], lesson, 3, T0), HttpError);
      const stats = await lessonStats(lesson.id);
      assertEquals(stats.steps, [
        { step: 1, title: 'First part', reached: 6, stoppedHere: 3 },
        { step: 2, title: 'Second part', reached: 2, stoppedHere: 1 },
      ]);
      assertEquals(stats.funnel.opened, 6);
      assertEquals(stats.funnel.reachedQuiz, 2);
      assertEquals(stats.funnel.stopStep, 1);
      assertEquals(stats.funnel.tookQuiz, 0);
      assertEquals(stats.funnel.medianMsToFinish, null);
      const [row] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from lesson_reads`));
      assertEquals(Number(row.n), 6, 'one row per reader and version');
    });
  });

  Deno.test(`${kind}: past STATS_SAMPLE learners and readers the figures are of a sample, and say so`, async () => {
    await withDatabase(kind, async (db) => {
      const [admin] = await learners(db, 1, 'author');
      const lesson = await createLesson(admin, lessonForm);
      const n = STATS_SAMPLE + 20;
      // Every learner answers all four right at the first try, written as the learner store writes them.
      const good = JSON.stringify([1, 2, 3, 4].map((q, i) => ({ questionId: q, userAnswer: i, isCorrect: true })));
      await db.execute(sql`insert into users (email, first_name, last_name)
        select 'many' || i || '@example.com', 'M', 'L' from generate_series(1, ${n}) i`);
      await db.execute(sql`insert into quiz_attempts (user_id, lesson_id, attempt_id, question_set_id, responses, score,
          total_questions, passed, seq, pillar, level, accuracy_units, accuracy_cum, lesson_version)
        select id, ${lesson.id}, gen_random_uuid(), 1, ${good}::jsonb, 4, 4, true, 1, 'credit', 'advanced', 0, 0, ${lesson.version}
        from users where email like 'many%'`);
      await db.execute(sql`insert into lesson_reads (user_id, lesson_id, lesson_version, furthest_step)
        select id, ${lesson.id}, ${lesson.version}, 2 from users where email like 'many%'`);
      const stats = await lessonStats(lesson.id);
      assertEquals(stats.sampled, true);
      assertEquals(stats.funnel.opened, STATS_SAMPLE);
      assertEquals(stats.funnel.tookQuiz, STATS_SAMPLE);
      assertEquals(stats.funnel.passed, STATS_SAMPLE);
      assertEquals(stats.questions.map((q) => q.answers), [1, 2, 3, 4].map(() => STATS_SAMPLE));
      assertEquals(stats.questions.map((q) => q.shareCorrect), [1, 1, 1, 1]);
    });
  });

  Deno.test(`${kind}: the statistics index lists each pillar's lessons Beginner, Intermediate, Advanced`, async () => {
    await withDatabase(kind, async (db) => {
      const [admin] = await learners(db, 1, 'author');
      // Written in the order that alphabetical levels would give: advanced, beginner, intermediate.
      for (const [level, title] of [['advanced', 'A lesson'], ['beginner', 'B lesson'], ['intermediate', 'C lesson']]) {
        await createLesson(admin, lessonFormSchema.parse({ ...lessonForm, title, level, orderIndex: 1 }));
      }
      const listed = (await statsLessons()).filter((l) => l.pillar === 'credit').map((l) => l.level);
      assertEquals(listed, ['beginner', 'intermediate', 'advanced']);
    });
  });

  Deno.test(`${kind}: a missing or deleted lesson answers 404`, async () => {
    await withDatabase(kind, async () => {
      const error = await assertRejects(() => lessonStats(999_999), HttpError);
      assertEquals(error.status, 404);
    });
  });
}
