// Issue 53 on the domain modules with a real database (PGlite and PostgreSQL): a used verification
// link is kept to say "already confirmed" and deleted 30 days later; the finish screen's answer
// says what comes back for review and when.
import { eq } from 'drizzle-orm';
import { assert, assertEquals } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { signUp } from '../../src/lib/server/auth/credentials.ts';
import {
  deleteSpentVerificationLinks,
  SPENT_LINK_RETENTION_MS,
  verifyEmailToken,
} from '../../src/lib/server/auth/verification.ts';
import { and, asc, eq as equals } from 'drizzle-orm';
import { emailVerificationTokens, lessons, reviewItems, users } from '../../db/schema.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { completeQuiz } from '../../src/lib/server/learning/complete-quiz.ts';
import { editDistance, searchTolerant } from '../../src/lib/server/learning/library-typo.ts';
import { generateRandomToken, hashToken } from '../../src/lib/server/platform/tokens.ts';

const HOUR = 60 * 60 * 1000;

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: a used verification link says "already confirmed", is marked (not deleted) and goes after 30 days`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const client = generateRandomToken();
      await signUp(
        { email: 'twice@example.com', password: 'Chosen-At-Signup-1', firstName: 'T', lastName: 'W' },
        client,
      );
      const [user] = await db.handle.db.select().from(users).where(eq(users.email, 'twice@example.com'));
      const token = generateRandomToken();
      const older = generateRandomToken();
      await db.handle.db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
      await db.handle.db.insert(emailVerificationTokens).values([
        { tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + HOUR) },
        { tokenHash: hashToken(older), userId: user.id, expiresAt: new Date(Date.now() + HOUR) },
      ]);
      assertEquals((await verifyEmailToken(token, { signupClient: client }))?.kind, 'verified');
      // Both links are kept, marked used; either one now says "already confirmed", with any proof or none.
      const kept = await db.handle.db.select().from(emailVerificationTokens).where(
        eq(emailVerificationTokens.userId, user.id),
      );
      assertEquals(kept.length, 2);
      assert(kept.every((t) => t.usedAt !== null), 'marked used');
      assertEquals((await verifyEmailToken(token, { signupClient: client }))?.kind, 'already');
      assertEquals((await verifyEmailToken(older))?.kind, 'already');
      assertEquals((await verifyEmailToken(token, { password: 'wrong-password-x' }))?.kind, 'already');
      assertEquals(await verifyEmailToken(generateRandomToken()), null, 'an unknown link');

      // Housekeeping: not before 30 days, then gone (and the link is then simply unknown).
      const usedAt = kept[0].usedAt!.getTime();
      assertEquals(await deleteSpentVerificationLinks(new Date(usedAt + SPENT_LINK_RETENTION_MS - HOUR)), 0);
      assertEquals(await deleteSpentVerificationLinks(new Date(usedAt + SPENT_LINK_RETENTION_MS + HOUR)), 2);
      assertEquals(await verifyEmailToken(token), null);
      assertEquals(SPENT_LINK_RETENTION_MS, 30 * 24 * HOUR);
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: a completion says how many questions come back for review and when, as review stores them`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      await loadContent(db.handle.db);
      const [learner] = await db.handle.db.insert(users).values({
        email: 'day2@example.com',
        firstName: 'D',
        lastName: 'T',
      })
        .returning();
      const [lesson] = await db.handle.db.select().from(lessons)
        .where(and(equals(lessons.pillar, 'credit'), equals(lessons.level, 'beginner'))).orderBy(
          asc(lessons.orderIndex),
        );
      assert(lesson.questions.length >= 3, 'a quiz of three questions or more');
      const now = new Date('2026-03-02T10:00:00Z');
      const twoWrong = lesson.questions.map((q, i) => ({
        questionId: q.id,
        userAnswer: i < 2 ? (q.correctAnswer + 1) % 4 : q.correctAnswer,
      }));
      const result = await completeQuiz(
        learner,
        lesson.id,
        { attemptId: crypto.randomUUID(), quizResponses: twoWrong },
        now,
      );
      assertEquals(result.comesBack, { count: 2, dueAt: '2026-03-03T10:00:00.000Z' });
      const queued = await db.handle.db.select().from(reviewItems).where(equals(reviewItems.userId, learner.id));
      assertEquals(queued.length, 2);
      assert(queued.every((r) => r.dueAt.toISOString() === result.comesBack!.dueAt), 'review keeps the same time');

      const allRight = lesson.questions.map((q) => ({ questionId: q.id, userAnswer: q.correctAnswer }));
      const later = new Date('2026-03-02T10:05:00Z');
      const again = await completeQuiz(
        learner,
        lesson.id,
        { attemptId: crypto.randomUUID(), quizResponses: allRight },
        later,
      );
      assertEquals(again.comesBack, null);
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: a search with one typo ("credit scroe") finds the lessons for the corrected words`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      await loadContent(db.handle.db);
      assertEquals([editDistance('scroe', 'score'), editDistance('score', 'score'), editDistance('scre', 'score')], [
        1,
        0,
        1,
      ]);
      assert(editDistance('sxroq', 'score') > 1, 'more than one edit');
      const typo = await searchTolerant('credit scroe');
      assertEquals(typo.corrected, 'credit score');
      assert(typo.hits.length > 0, 'lessons found');
      const plain = await searchTolerant('credit score');
      assertEquals(plain.corrected, null);
      assertEquals(typo.hits.map((h) => h.slug), plain.hits.map((h) => h.slug));
      // Two edits away is not a typo we guess at.
      assertEquals((await searchTolerant('credit sxroq')).corrected, null);
    } finally {
      await db.drop();
    }
  });
}
