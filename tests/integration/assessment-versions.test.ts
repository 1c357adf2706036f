// Learners who took version 1 of the assessment keep their results after version 2 arrives: their
// placement, history, retake comparison and badges; the coach reads their results, not their
// answers (the questions were different); "Why this level?" reads their answers with version 1's
// questions. On PGlite and PostgreSQL.
import { rebuildLearnerAggregates } from '../../src/lib/server/learning/learner-store/aggregates.ts';
import { eq } from 'drizzle-orm';
import { assert, assertEquals } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { assessments, users } from '../../db/schema.ts';
import { buildDashboard, buildUserProgress } from '../../src/lib/server/learning/progress.ts';
import {
  currentAssessmentVersion,
  findLatestAssessment,
  questionsOfVersion,
  recordAssessment,
  scoreSubmission,
} from '../../src/lib/server/learning/assessment.ts';
import { loadCoachRules } from '../../src/lib/server/learning/coach.ts';
import { answersScoring } from '../helpers/assessment-answers.ts';

const answerRules = new Set(loadCoachRules().filter((r) => r.when.answer).map((r) => r.id));

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: a learner who took version 1 keeps the result, its placement and its badge; the coach reads its scores, not its answers`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      await loadContent(db.handle.db);
      const [user] = await db.handle.db.insert(users).values({
        email: 'v1@example.com',
        firstName: 'Vera',
        lastName: 'One',
        emailVerifiedAt: new Date(),
      }).returning();
      // Version 1 answers: q1 "some, less than 5%" (1), q2 "none" (0), q5 "within the last year" (0), q9 "don't invest yet" (0).
      const v1Answers = {
        1: '1',
        2: '0',
        3: '4',
        4: '4',
        5: '0',
        6: '2',
        7: '4',
        8: '3',
        9: '0',
        10: '0',
        11: '4',
        12: '4',
      };
      await db.handle.db.insert(assessments).values({
        userId: user.id,
        savingScore: 56,
        creditScore: 56,
        investingScore: 50,
        answers: v1Answers,
        version: 1,
        createdAt: new Date('2026-03-01T00:00:00Z'),
      });
      // A result stored before badges came with it gets its badge from migration 0018's rebuild.
      await rebuildLearnerAggregates(user.id);

      const result = await findLatestAssessment(user.id);
      assertEquals([result?.version, result?.earlierVersion, result?.halves], [1, true, null]);
      assertEquals(result?.levels, { saving: 'intermediate', credit: 'intermediate', investing: 'intermediate' });

      const dashboard = await buildDashboard(user.id, 'Vera');
      assertEquals(dashboard.hasAssessment, true);
      assertEquals(dashboard.pillars.map((p) => p.assessment?.score), [56, 56, 50]);
      assertEquals([dashboard.coach.earlierVersion, dashboard.coach.assessmentVersion, dashboard.coach.answersKnown], [
        true,
        1,
        false,
      ]);
      assertEquals(
        dashboard.coach.tips.filter((t) => answerRules.has(t.id)).map((t) => t.id),
        [],
        "no tip reads version 1's answers as today's",
      );
      assert(dashboard.coach.tips.length >= 1, 'the coach still speaks, from the results');
      // "Why this level?": version 1's own questions and the options the learner chose.
      const v1 = questionsOfVersion(1);
      const saving = dashboard.coach.why.find((p) => p.pillar === 'saving')!;
      assertEquals(saving.answers[0].question, v1[0].text);
      assertEquals(saving.answers[0].answer, v1[0].options.find((o) => o.value === '1')!.label);
      assertEquals(saving.halves, null);
      assert(dashboard.badges.some((b) => b.key === 'assessment-complete'), 'the badge for the assessment stays');

      // A retake on version 2: the progress screen compares across versions and says so.
      const answers = answersScoring({ 1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4, 9: 4, 10: 4, 11: 4, 12: 4 });
      await recordAssessment(user.id, scoreSubmission(answers), answers);
      const progress = await buildUserProgress(user.id, 'v1@example.com');
      assertEquals([
        progress.assessments.count,
        progress.assessments.first?.version,
        progress.assessments.newest?.version,
      ], [2, 1, currentAssessmentVersion()]);
      assertEquals(progress.assessments.first?.savingScore, 56, 'the version 1 result is kept');
      const after = await buildDashboard(user.id, 'Vera');
      assertEquals([after.coach.earlierVersion, after.coach.answersKnown], [false, true]);
      const rows = await db.handle.db.select().from(assessments).where(eq(assessments.userId, user.id)).orderBy(
        assessments.createdAt,
      );
      assertEquals(rows.map((r) => r.version), [1, currentAssessmentVersion()]);
    } finally {
      await db.drop();
    }
  });
}

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: a version 2 result keeps the placement it had (by the pillar score), and reads its answers with version 2's questions`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      await loadContent(db.handle.db);
      const [user] = await db.handle.db.insert(users).values({
        email: 'v2@example.com',
        firstName: 'Vic',
        lastName: 'Two',
        emailVerifiedAt: new Date(),
      }).returning();
      // Version 2: the best habits (4) and "I'm not sure" (0) on every knowledge question: 8/16 = 50 in each pillar.
      const v2 = questionsOfVersion(2);
      const v2Answers = Object.fromEntries(
        v2.map((q) => [
          String(q.id),
          q.kind === 'knowledge'
            ? q.options.at(-1)!.value
            : q.options.find((o) => o.score === 4 && !o.notApplicable)!.value,
        ]),
      );
      await db.handle.db.insert(assessments).values({
        userId: user.id,
        savingScore: 50,
        creditScore: 50,
        investingScore: 50,
        answers: v2Answers,
        version: 2,
      });
      const result = await findLatestAssessment(user.id);
      assertEquals([result?.version, result?.earlierVersion], [2, true]);
      // Today's rule would place all-unsure at beginner; a version 2 result keeps what it gave then.
      assertEquals(result?.levels, { saving: 'intermediate', credit: 'intermediate', investing: 'intermediate' });
      const dashboard = await buildDashboard(user.id, 'Vic');
      assertEquals(dashboard.pillars.map((p) => p.assessment?.level), ['intermediate', 'intermediate', 'intermediate']);
      assertEquals([dashboard.coach.earlierVersion, dashboard.coach.assessmentVersion, dashboard.coach.answersKnown], [
        true,
        2,
        false,
      ]);
      assertEquals(
        dashboard.coach.tips.filter((t) => answerRules.has(t.id)).map((t) => t.id),
        [],
        "no tip reads version 2's answers as today's",
      );
      const saving = dashboard.coach.why.find((p) => p.pillar === 'saving')!;
      assertEquals(saving.answers[2].question, v2[2].text, 'read with the version 2 questions');

      // The same answers on today's version place at beginner: knowledge decides, habits do not.
      const current = questionsOfVersion(currentAssessmentVersion());
      const unsure = Object.fromEntries(
        current.map((q) => [
          String(q.id),
          q.kind === 'knowledge'
            ? q.options.at(-1)!.value
            : q.options.find((o) => o.score === 4 && !o.notApplicable)!.value,
        ]),
      );
      await recordAssessment(user.id, scoreSubmission(unsure), unsure);
      const now = await findLatestAssessment(user.id);
      assertEquals([now?.savingScore, now?.creditScore, now?.investingScore], [50, 50, 50]);
      assertEquals(now?.levels, { saving: 'beginner', credit: 'beginner', investing: 'beginner' });
      const after = await buildDashboard(user.id, 'Vic');
      assertEquals(
        after.pillars.map((p) => [p.assessment?.level, p.assessment?.message]),
        Array(3).fill(['beginner', 'Start with foundation concepts. Begin with the first beginner lessons.']),
      );
    } finally {
      await db.drop();
    }
  });
}
