// Data rights: everything we hold about a learner, as JSON; and deleting the account, which
// removes their data (rows cascade from the user, streak, activity days and reminders included;
// their e-mails leave the outbox).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  assessments,
  auditLog,
  emailOutbox,
  learnerDays,
  learnerStreaks,
  lessonProgress,
  lessonReads,
  lessonReports,
  lessons,
  oauthAccounts,
  questionSets,
  quizAttempts,
  rateLimitBuckets,
  remindersSent,
  reviewItems,
  sessions,
  userBadges,
  users,
  visitorQuizResults,
} from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { answeredResponses } from '../learning/learner-store/index.ts';
import { log } from '../platform/log.ts';
import { keysNamingAddress } from '../platform/rate-limit.ts';

export async function exportAccount(userId: string) {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [
    sessionRows,
    assessmentRows,
    attemptRows,
    progressRows,
    badgeRows,
    reviewRows,
    oauthRows,
    mailRows,
    dayRows,
    streakRows,
    reminderRows,
    reportRows,
    readRows,
    visitorRows,
  ] = await Promise.all([
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.createdAt)),
    db.select().from(assessments).where(eq(assessments.userId, userId)).orderBy(asc(assessments.createdAt)),
    db
      .select({ attempt: quizAttempts, questions: questionSets.questions, title: lessons.title })
      .from(quizAttempts)
      .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
      .innerJoin(questionSets, eq(questionSets.id, quizAttempts.questionSetId))
      .where(eq(quizAttempts.userId, userId))
      .orderBy(asc(quizAttempts.createdAt)),
    db.select({ progress: lessonProgress, title: lessons.title }).from(lessonProgress).innerJoin(
      lessons,
      eq(lessons.id, lessonProgress.lessonId),
    ).where(eq(lessonProgress.userId, userId)),
    db.select().from(userBadges).where(eq(userBadges.userId, userId)),
    db.select().from(reviewItems).where(eq(reviewItems.userId, userId)),
    db.select({ provider: oauthAccounts.provider, createdAt: oauthAccounts.createdAt }).from(oauthAccounts).where(
      eq(oauthAccounts.userId, userId),
    ),
    db
      .select({
        kind: emailOutbox.kind,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
      })
      .from(emailOutbox)
      .where(sql`lower(${emailOutbox.toAddress}) = lower(${user.email})`)
      .orderBy(asc(emailOutbox.createdAt)),
    db.select().from(learnerDays).where(eq(learnerDays.userId, userId)).orderBy(asc(learnerDays.day)),
    db.select().from(learnerStreaks).where(eq(learnerStreaks.userId, userId)),
    // The unsubscribe token's hash stays out: it is a secret, not data about the learner.
    db
      .select({ day: remindersSent.day, kind: remindersSent.kind, createdAt: remindersSent.createdAt })
      .from(remindersSent)
      .where(eq(remindersSent.userId, userId))
      .orderBy(asc(remindersSent.day)),
    // Problems the learner reported and the replies; who replied stays out.
    db
      .select({
        lessonId: lessonReports.lessonId,
        questionId: lessonReports.questionId,
        step: lessonReports.step,
        lessonVersion: lessonReports.lessonVersion,
        reason: lessonReports.reason,
        note: lessonReports.note,
        status: lessonReports.status,
        fixedInVersion: lessonReports.fixedInVersion,
        reply: lessonReports.reply,
        repliedAt: lessonReports.repliedAt,
        createdAt: lessonReports.createdAt,
      })
      .from(lessonReports)
      .where(eq(lessonReports.userId, userId))
      .orderBy(asc(lessonReports.createdAt)),
    db.select().from(lessonReads).where(eq(lessonReads.userId, userId)).orderBy(asc(lessonReads.openedAt)),
    // Quizzes taken before sign-up and carried by it (issue 42), counted or not.
    db
      .select({ result: visitorQuizResults, title: lessons.title })
      .from(visitorQuizResults)
      .innerJoin(lessons, eq(lessons.id, visitorQuizResults.lessonId))
      .where(eq(visitorQuizResults.userId, userId))
      .orderBy(asc(visitorQuizResults.id)),
  ]);
  const streak = streakRows[0];
  return {
    exportedAt: new Date().toISOString(),
    about:
      'Everything Wealth Coach holds about you. Passwords are stored only as a one-way hash, which is not included.',
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      zipCode: user.zipCode,
      role: user.role,
      emailVerifiedAt: user.emailVerifiedAt,
      firstVisitAt: user.firstVisitAt,
      createdAt: user.createdAt,
      hasPassword: user.passwordHash !== null,
    },
    settings: {
      timeZone: user.timeZone,
      dailyGoal: user.dailyGoal,
      remindReview: user.remindReview,
      remindStreak: user.remindStreak,
      reminderOffer: user.reminderOffer,
    },
    signInWith: oauthRows,
    sessions: sessionRows.map((s) => ({
      createdAt: s.createdAt,
      lastUsedAt: s.lastUsedAt,
      rememberMe: s.persistent === 1,
    })),
    assessments: assessmentRows.map(({ userId: _u, ...a }) => a),
    quizAttempts: attemptRows.map((
      { attempt: { userId: _u, questionSetId: _q, responses, ...a }, questions, title },
    ) => ({
      ...a,
      lessonTitle: title,
      responses: answeredResponses(responses, questions),
    })),
    lessonProgress: progressRows.map(({ progress: { userId: _u, ...p }, title }) => ({ ...p, lessonTitle: title })),
    badges: badgeRows.map(({ userId: _u, ...b }) => b),
    reviewQueue: reviewRows.map(({ userId: _u, ...r }) => r),
    quizzesBeforeSignUp: visitorRows.map(({ result: { userId: _u, id: _i, ...r }, title }) => ({
      ...r,
      lessonTitle: title,
    })),
    emails: mailRows,
    dailyStreak: streak
      ? {
        current: streak.current,
        longest: streak.longest,
        lastDay: streak.lastDay,
        freezes: streak.freezes,
        frozenDays: streak.frozenDays,
        reviewCountedAt: streak.reviewCountedAt,
        practicedAt: streak.practicedAt,
        updatedAt: streak.updatedAt,
      }
      : null,
    activityDays: dayRows.map(({ userId: _u, ...d }) => d),
    remindersSent: reminderRows,
    reports: reportRows,
    /** How far each lesson version was read (the studio's funnel counts it). */
    lessonReads: readRows.map(({ userId: _u, ...r }) => r),
  };
}

export async function deleteAccount(userId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
    if (!user) return;
    await tx.delete(emailOutbox).where(sql`lower(${emailOutbox.toAddress}) = lower(${user.email})`);
    // Rate-limit keys name the address too: deleted by their exact keys (a LIKE pattern would read
    // the address's "_" and "%" as wildcards and clear another person's limits).
    await tx.delete(rateLimitBuckets).where(inArray(rateLimitBuckets.key, keysNamingAddress(user.email)));
    await tx.delete(users).where(eq(users.id, userId));
    await tx.insert(auditLog).values({ actorId: null, action: 'account.delete', detail: {} });
  });
  log('info', 'account deleted', { userId });
}
