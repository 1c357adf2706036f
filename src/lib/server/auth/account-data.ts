// Data rights: everything we hold about a learner, as JSON; and deleting the account, which
// removes their data (rows cascade from the user, streak, activity days and reminders included;
// their e-mails leave the outbox).
import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  assessments,
  auditLog,
  emailOutbox,
  learnerDays,
  lessonReads,
  lessonReports,
  moneyPlans,
  quizAttempts,
  rateLimitBuckets,
  remindersSent,
  sessions,
  users,
  visitorQuizResults,
} from '../../../../db/schema.ts';
import { getDb, prepared } from '../platform/db.ts';
import { answeredResponses } from '../learning/learner-store/figures.ts';
import { log } from '../platform/log.ts';
import { HttpError } from '../platform/http.ts';
import { keysNamingAddress } from '../platform/rate-limit.ts';
import { describeUserAgent } from '../../user-agent.ts';

const title = { with: { lesson: { columns: { title: true } } } } as const;

/** Everything we hold about a learner, in one statement. */
const exportStatement = prepared((db) =>
  db.query.users.findFirst({
    where: eq(users.id, sql.placeholder('userId')),
    with: {
      sessions: { orderBy: [asc(sessions.createdAt)] },
      // Second factors by kind and name; their secrets and public keys stay out (issue 51).
      factors: { columns: { kind: true, name: true, createdAt: true, lastUsedAt: true } },
      assessments: { orderBy: [asc(assessments.createdAt)] },
      quizAttempts: {
        orderBy: [asc(quizAttempts.createdAt)],
        with: { lesson: { columns: { title: true } }, questionSet: { columns: { questions: true } } },
      },
      lessonProgress: title,
      badges: true,
      reviewItems: true,
      testOuts: true,
      oauthAccounts: { columns: { provider: true, createdAt: true } },
      days: { orderBy: [asc(learnerDays.day)] },
      streak: true,
      // The unsubscribe token's hash stays out: it is a secret, not data about the learner.
      remindersSent: { columns: { day: true, kind: true, createdAt: true }, orderBy: [asc(remindersSent.day)] },
      // Problems the learner reported and the replies; who replied stays out.
      reports: {
        columns: {
          lessonId: true,
          questionId: true,
          step: true,
          lessonVersion: true,
          reason: true,
          note: true,
          status: true,
          fixedInVersion: true,
          reply: true,
          repliedAt: true,
          createdAt: true,
        },
        orderBy: [asc(lessonReports.createdAt)],
      },
      lessonReads: { orderBy: [asc(lessonReads.openedAt)] },
      // Quizzes taken before sign-up and carried by it (issue 42), counted or not.
      visitorQuizResults: { orderBy: [asc(visitorQuizResults.id)], ...title },
      // Every saved version of the learner's money plan, their figures included (issue 57).
      moneyPlans: { orderBy: [asc(moneyPlans.createdAt)] },
    },
    extras: {
      // The e-mails sent to the address (the outbox keeps them by address, not by account).
      emails: sql<Array<{ kind: string; subject: string; status: string; createdAt: string; sentAt: string | null }>>`
        (select coalesce(json_agg(json_build_object('kind', o.kind, 'subject', o.subject, 'status', o.status,
          'createdAt', o.created_at, 'sentAt', o.sent_at) order by o.created_at), '[]'::json)
        from email_outbox o join users u on u.id = ${
        sql.placeholder('userId')
      } where lower(o.to_address) = lower(u.email))`.as('emails'),
    },
  }).prepare('account_export')
);

export async function exportAccount(userId: string) {
  const user = await (await exportStatement()).execute({ userId });
  if (!user) throw new HttpError(404, 'Account not found');
  const sessionRows = user.sessions;
  const assessmentRows = user.assessments;
  const attemptRows = user.quizAttempts;
  const progressRows = user.lessonProgress;
  const badgeRows = user.badges;
  const reviewRows = user.reviewItems;
  const oauthRows = user.oauthAccounts;
  const mailRows = user.emails;
  const dayRows = user.days;
  const reminderRows = user.remindersSent;
  const reportRows = user.reports;
  const readRows = user.lessonReads;
  const visitorRows = user.visitorQuizResults;
  const streak = user.streak;
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
      ...describeUserAgent(s.userAgent),
      createdAt: s.createdAt,
      lastUsedAt: s.lastUsedAt,
      rememberMe: s.persistent === 1,
      secondFactorCheckedAt: s.factorVerifiedAt,
    })),
    secondFactors: user.factors,
    assessments: assessmentRows.map(({ userId: _u, ...a }) => a),
    quizAttempts: attemptRows.map(({ userId: _u, questionSetId: _q, responses, lesson, questionSet, ...a }) => ({
      ...a,
      lessonTitle: lesson.title,
      responses: answeredResponses(responses, questionSet.questions),
    })),
    lessonProgress: progressRows.map(({ userId: _u, lesson, ...p }) => ({ ...p, lessonTitle: lesson.title })),
    badges: badgeRows.map(({ userId: _u, ...b }) => b),
    reviewQueue: reviewRows.map(({ userId: _u, ...r }) => r),
    testOuts: user.testOuts.map(({ userId: _u, ...t }) => t),
    quizzesBeforeSignUp: visitorRows.map(({ userId: _u, id: _i, lesson, ...r }) => ({
      ...r,
      lessonTitle: lesson.title,
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
    /** Each saved version of the money plan, oldest first: the figures entered and the step they gave. */
    moneyPlans: user.moneyPlans.map(({ userId: _u, ...p }) => p),
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
