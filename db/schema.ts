import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    zipCode: text('zip_code'),
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    role: text('role', { enum: ['learner', 'author', 'admin'] }).notNull().default('learner'),
    /**
     * SHA-256 of the sign-up cookie the signing-up client got: verifying from that client keeps the
     * password chosen at sign-up; from any other the password is cleared (no pre-registration).
     */
    signupClientHash: text('signup_client_hash'),
    /** The learner's IANA time zone, from their browser: days (streak, daily goal, reminders) are theirs. */
    timeZone: text('time_zone'),
    /** A new zone waiting for the next local day (issue 53), and the instant it takes effect. */
    nextTimeZone: text('next_time_zone'),
    nextTimeZoneAt: timestamp('next_time_zone_at', { withTimezone: true }),
    /** The local hour (0-23) reminders go out at. */
    reminderHour: integer('reminder_hour').notNull().default(18),
    /** Lessons or review sessions a day that meet the daily goal (1 by default; set in /account). */
    dailyGoal: integer('daily_goal').notNull().default(1),
    /** Opt-in reminder e-mails (at most one a day; never to an unverified address). */
    remindReview: boolean('remind_review').notNull().default(false),
    remindStreak: boolean('remind_streak').notNull().default(false),
    /** The learner's answer to the one-time "nudge to keep your streak?" offer (null: not answered yet). */
    reminderOffer: text('reminder_offer', { enum: ['accepted', 'declined'] }),
    /** The first dashboard visit (spec 3's first-login timestamp): only then the greeting is 'Welcome'. */
    firstVisitAt: timestamp('first_visit_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    // The reminder job reads only the learners who opted in.
    index('users_reminders_idx').on(t.id).where(sql`${t.remindReview} or ${t.remindStreak}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    secretHash: text('secret_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    persistent: integer('persistent').notNull().default(1),
    /** The browser's User-Agent at sign-in, shown in /account's list of devices. */
    userAgent: text('user_agent').notNull().default(''),
    /** When this session last proved a second factor (sign-in or a re-check); null: never. */
    factorVerifiedAt: timestamp('factor_verified_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Second factors (issue 51): an authenticator app (one per account) or passkeys. */
export const userFactors = pgTable(
  'user_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['totp', 'passkey'] }).notNull(),
    name: text('name').notNull(),
    /** AES-256-GCM with TOTP_ENCRYPTION_KEY: iv, ciphertext and tag, base64. */
    totpSecret: text('totp_secret'),
    /** The newest 30-second step accepted, so a code works once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    credentialId: text('credential_id'),
    publicKey: text('public_key'),
    algorithm: integer('algorithm'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('user_factors_user_idx').on(t.userId),
    uniqueIndex('user_factors_one_totp_idx').on(t.userId).where(sql`${t.kind} = 'totp'`),
    uniqueIndex('user_factors_credential_idx').on(t.credentialId),
  ],
);

/** Ten one-time recovery codes, stored as SHA-256 (each has 120 random bits). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ name: 'recovery_codes_pk', columns: [t.userId, t.codeHash] })],
);

/** WebAuthn challenges, single use, five minutes. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challengeHash: text('challenge_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** A password accepted, the second factor still to come (five minutes, five tries). */
export const pendingSignIns = pgTable('pending_sign_ins', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  persistent: integer('persistent').notNull().default(1),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** When the link confirmed the address: kept 30 days so a second click says "already confirmed". */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_user_idx').on(t.userId)],
);

export const oauthAccounts = pgTable(
  'oauth_accounts',
  {
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.subject] }), index('oauth_accounts_user_idx').on(t.userId)],
);

/** A browser that signed in to the account: SHA-256 of its device cookie (auth/device-cookie.ts). */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (
    t,
  ) => [
    primaryKey({ name: 'trusted_devices_pk', columns: [t.tokenHash, t.userId] }),
    index('trusted_devices_user_idx').on(t.userId),
  ],
);

/** A later sign-up with an unverified account's address, kept for its browser (auth/owner-reset.ts). */
export const laterSignups = pgTable('later_signups', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  clientHash: text('client_hash').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  phoneNumber: text('phone_number').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  quizResults: jsonb('quiz_results').$type<unknown[]>().notNull().default([]),
  createdAt: createdAt(),
});

export const rateLimitBuckets = pgTable('rate_limit_buckets', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
});

export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    providerId: text('provider_id'),
    /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post for reminders). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_pending_idx').on(t.status, t.nextAttemptAt)],
);

export const auditLog = pgTable('audit_log', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  actorId: uuid('actor_id'),
  action: text('action').notNull(),
  detail: jsonb('detail').notNull().default({}),
  createdAt: createdAt(),
});

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;

export const assessments = pgTable(
  'assessments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    savingScore: integer('saving_score').notNull(),
    creditScore: integer('credit_score').notNull(),
    investingScore: integer('investing_score').notNull(),
    /** Question id → chosen option value; empty when only scores were sent. */
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    /** The version of the assessment the answers belong to (db/content/assessment*.yaml). */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index('assessments_user_created_idx').on(t.userId, t.createdAt)],
);

export type Assessment = typeof assessments.$inferSelect;

export interface LessonSectionData {
  header?: string;
  subheader?: string;
  content: string;
}

export interface QuizQuestionData {
  id: number;
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
  /** What the question asks of a learner (curriculum files always say; an author's may not). */
  skill?: 'recall' | 'apply' | 'calculate';
}

export interface LessonSourceData {
  title: string;
  publisher?: string;
  url: string;
}

/** A piece of a rendered section: sanitized HTML, or the place of a practice tool. */
export type RenderedBlockData = { prose: string; calculator?: undefined } | { calculator: string; prose?: undefined };

/** A section as the lesson page shows it, rendered and sanitized when the lesson was written. */
export interface RenderedSectionData {
  header?: string;
  subheader?: string;
  blocks: RenderedBlockData[];
}

export const LESSON_STATES = ['published', 'unpublished', 'deleted'] as const;
export type LessonState = (typeof LESSON_STATES)[number];

export const lessons = pgTable(
  'lessons',
  {
    id: serial('id').primaryKey(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    pillar: text('pillar', { enum: ['saving', 'credit', 'investing'] }).notNull(),
    level: text('level', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
    orderIndex: integer('order_index').notNull(),
    duration: integer('duration').notNull().default(10),
    weight: doublePrecision('weight').notNull().default(16.67),
    sections: jsonb('sections').$type<LessonSectionData[]>().notNull().default([]),
    /** The older single content field of the spec (section 3), kept for lessons without sections. */
    content: text('content'),
    learningObjectives: jsonb('learning_objectives').$type<string[]>().notNull().default([]),
    questions: jsonb('questions').$type<QuizQuestionData[]>().notNull().default([]),
    /** The highest question id ever given in this lesson: new questions get the next, so an id is never reused. */
    lastQuestionId: integer('last_question_id').notNull().default(0),
    sources: jsonb('sources').$type<LessonSourceData[]>().notNull().default([]),
    reviewedAt: text('reviewed_at'),
    version: integer('version').notNull().default(1),
    /**
     * A lesson from a curriculum file: the hash of the file's content and the version that content
     * was stored as. While `version` is still `sourceVersion` (no author edited it), a changed file
     * updates the lesson at start; an author's edit is never overwritten.
     */
    sourceHash: text('source_hash'),
    sourceVersion: integer('source_version'),
    /**
     * Learners see published lessons only; an unpublished one stays in the studio to publish again
     * (its position kept); a deleted one is gone from both (attempts still refer to it).
     */
    state: text('state', { enum: LESSON_STATES }).notNull().default('published'),
    /** When the state last changed to unpublished or deleted. */
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }),
    /**
     * What learners' pages show, made when the lesson is written (content/lesson-render.ts): the
     * sections as sanitized HTML, the /learn summary, the renderer's version that made them (start-up
     * renders rows of an older one again), and the stored copy of the questions attempts refer to.
     */
    rendered: jsonb('rendered').$type<RenderedSectionData[]>().notNull().default([]),
    summary: text('summary').notNull().default(''),
    rendererVersion: integer('renderer_version').notNull().default(0),
    questionSetId: integer('question_set_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('lessons_slug_idx').on(t.slug),
    uniqueIndex('lessons_position_idx').on(t.pillar, t.level, t.orderIndex).where(sql`${t.state} <> 'deleted'`),
    check('lessons_state_check', sql`${t.state} IN ('published', 'unpublished', 'deleted')`),
  ],
);

/** An answer as an attempt stores it; the question it answers is in the attempt's question set. */
export interface StoredResponse {
  questionId: number;
  userAnswer: number;
  isCorrect: boolean;
}

/** A question as it was when answered: later edits never rewrite an attempt. */
export interface AnsweredQuestion {
  questionId: number;
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
}

export type QuizResponseData = StoredResponse & Omit<AnsweredQuestion, 'questionId'>;

/**
 * Each version of a lesson's questions that was answered, stored once (not once per attempt):
 * the digest is md5 of the questions as jsonb text, so the same questions are one row.
 */
export const questionSets = pgTable(
  'question_sets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    digest: text('digest').notNull(),
    questions: jsonb('questions').$type<AnsweredQuestion[]>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('question_sets_lesson_digest_idx').on(t.lessonId, t.digest)],
);

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    attemptId: uuid('attempt_id').notNull(),
    /**
     * The question set the answers refer to. No foreign key: sets are never deleted and an attempt
     * is only written with a set already stored (lessons.ts), and the key check would cost each
     * completion a lookup and a row lock.
     */
    questionSetId: integer('question_set_id').notNull(),
    responses: jsonb('responses').$type<StoredResponse[]>().notNull(),
    score: integer('score').notNull(),
    totalQuestions: integer('total_questions').notNull(),
    passed: boolean('passed').notNull(),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
    /** The learner's attempts numbered 1, 2, 3... in the order they were recorded. */
    seq: integer('seq').notNull(),
    /** The lesson's pillar and level when the attempt was made (its history keeps them). */
    pillar: text('pillar', { enum: ['saving', 'credit', 'investing'] }).notNull(),
    level: text('level', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
    /** This attempt's share correct in exact units (see ACCURACY_UNITS in src/lib/progress.ts). */
    accuracyUnits: bigint('accuracy_units', { mode: 'number' }).notNull(),
    /** The learner's accuracy units summed over attempts 1..seq (the improvement rate's halves). */
    accuracyCum: bigint('accuracy_cum', { mode: 'number' }).notNull(),
    /** The lesson's version the answers belong to (lessons.version); null for attempts recorded before it was kept. */
    lessonVersion: integer('lesson_version'),
  },
  (
    t,
  ) => [
    uniqueIndex('quiz_attempts_user_attempt_idx').on(t.userId, t.attemptId),
    uniqueIndex('quiz_attempts_user_seq_idx').on(t.userId, t.seq),
    // The question statistics read one version's attempts, each learner's in order, the funnel's
    // columns from the index alone (src/lib/server/studio/stats.ts).
    index('quiz_attempts_lesson_version_idx').on(t.lessonId, t.lessonVersion, t.userId, t.seq, t.passed, t.createdAt)
      .where(
        sql`${t.lessonVersion} is not null`,
      ),
  ],
);

/**
 * A learner's figures kept up to date by the transaction that records an attempt (the learner
 * store, src/lib/server/learning/learner-store/), so the dashboard, progress and analytics read a few rows
 * whatever the history's length. `rebuildLearnerAggregates` recomputes them from the attempts.
 */
export const learnerStats = pgTable('learner_stats', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  attempts: integer('attempts').notNull().default(0),
  passes: integer('passes').notNull().default(0),
  correct: integer('correct').notNull().default(0),
  questions: integer('questions').notNull().default(0),
  durationSum: bigint('duration_sum', { mode: 'number' }).notNull().default(0),
  durationCount: integer('duration_count').notNull().default(0),
  accuracyUnits: bigint('accuracy_units', { mode: 'number' }).notNull().default(0),
  /** Passed attempts in a row up to now, any pillar. */
  passRun: integer('pass_run').notNull().default(0),
  lastPassedLessonId: integer('last_passed_lesson_id'),
  lastPassedScore: integer('last_passed_score'),
  lastPassedTotal: integer('last_passed_total'),
  /** The newest RECENT_ATTEMPTS attempts, oldest first (the score chart), kept by each completion. */
  recent: jsonb('recent').$type<RecentAttemptData[]>().notNull().default([]),
  /**
   * accuracy_cum at attempts floor(n/2) and ceil(n/2) for n attempts: the improvement rate's halves,
   * moved along by each completion (src/lib/progress.ts halvesAfter).
   */
  cumFloorHalf: bigint('cum_floor_half', { mode: 'number' }).notNull().default(0),
  cumCeilHalf: bigint('cum_ceil_half', { mode: 'number' }).notNull().default(0),
  /**
   * Whether the learner's latest answer to each question met, in a quiz or in review, was right,
   * keyed by src/lib/mastery.ts answerKey: each completion and review answer merges its own in, so
   * mastery reads one value instead of every answer.
   */
  latestAnswers: jsonb('latest_answers').$type<Record<string, boolean>>().notNull().default({}),
});

/** One of a learner's newest attempts as the progress screen shows it (learner_stats.recent). */
export interface RecentAttemptData {
  seq: number;
  lessonId: number;
  lessonTitle: string;
  pillar: 'saving' | 'credit' | 'investing';
  level: 'beginner' | 'intermediate' | 'advanced';
  score: number;
  totalQuestions: number;
  passed: boolean;
  /** ISO 8601. */
  createdAt: string;
}

export const learnerPillarStats = pgTable(
  'learner_pillar_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pillar: text('pillar', { enum: ['saving', 'credit', 'investing'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    passes: integer('passes').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    questions: integer('questions').notNull().default(0),
    accuracyUnits: bigint('accuracy_units', { mode: 'number' }).notNull().default(0),
    /** Passed attempts in a row in this pillar up to now, and the longest such run. */
    passRun: integer('pass_run').notNull().default(0),
    bestRun: integer('best_run').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pillar] })],
);

export const learnerLevelStats = pgTable(
  'learner_level_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pillar: text('pillar', { enum: ['saving', 'credit', 'investing'] }).notNull(),
    level: text('level', { enum: ['beginner', 'intermediate', 'advanced'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    correct: integer('correct').notNull().default(0),
    questions: integer('questions').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.pillar, t.level] })],
);

/** How often each quiz question was asked and missed, with the wording of the newest attempt. */
export const learnerQuestionStats = pgTable(
  'learner_question_stats',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id').notNull(),
    questionId: integer('question_id').notNull(),
    asked: integer('asked').notNull().default(0),
    missed: integer('missed').notNull().default(0),
    /** The attempt (seq) and question set that last asked it: its wording is the newest. */
    lastSeq: integer('last_seq').notNull(),
    questionSetId: integer('question_set_id').notNull(),
    /** Whether the newest quiz answer to it was right, and when it was given (mastery reads them). */
    lastCorrect: boolean('last_correct'),
    lastAt: timestamp('last_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId, t.questionId] }),
    // The most-missed questions in the order the progress screen lists them (learner-store/history.ts):
    // its first ten are read from here, without sorting every question the learner has missed.
    index('learner_question_stats_missed_idx').on(
      t.userId,
      t.missed.desc().nullsFirst(),
      sql`(${t.missed}::float8 / ${t.asked}) desc`,
      t.lessonId,
      t.questionId,
    ),
  ],
);

export const lessonProgress = pgTable(
  'lesson_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    completed: boolean('completed').notNull().default(false),
    bestScore: integer('best_score').notNull().default(0),
    lastScore: integer('last_score').notNull().default(0),
    totalQuestions: integer('total_questions').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.lessonId] })],
);

export type Lesson = typeof lessons.$inferSelect;
export type QuizAttempt = typeof quizAttempts.$inferSelect;
export type LessonProgress = typeof lessonProgress.$inferSelect;

export const userBadges = pgTable(
  'user_badges',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    badge: text('badge').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.badge] })],
);

/**
 * A learner's lesson-progress rows, badges and pillar and level totals as the JSON arrays every
 * learner page reads (learner-store/tuples.ts): kept by triggers on those four tables at the end of
 * each statement that writes them (db/migrations/0040_learner_figures.sql), so a page reads one row
 * instead of aggregating its rows again (docs/decisions/0003-progress-screen-growth-on-pglite.md).
 */
export const learnerFigures = pgTable('learner_figures', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  progress: json('progress').notNull().default([]),
  badges: json('badges').notNull().default([]),
  pillars: json('pillars').notNull().default([]),
  levels: json('levels').notNull().default([]),
});

/**
 * A learner's activity per day, in their own time zone: lessons completed (passed quizzes) and
 * review sessions finished. A day with any counts toward the streak; the daily goal reads today's.
 */
export const learnerDays = pgTable(
  'learner_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    lessons: integer('lessons').notNull().default(0),
    reviews: integer('reviews').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** The daily streak, kept up to date as activity is recorded (src/lib/streak.ts has the rules). */
export const learnerStreaks = pgTable('learner_streaks', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  current: integer('current').notNull().default(0),
  longest: integer('longest').notNull().default(0),
  /** The last day (YYYY-MM-DD, the learner's time zone) with activity. */
  lastDay: text('last_day'),
  /** Streak freezes in hand: one covers one missed day; one is earned every 7 days of streak. */
  freezes: integer('freezes').notNull().default(0),
  /** Days a freeze covered (YYYY-MM-DD), newest last, for the learner to see. */
  frozenDays: jsonb('frozen_days').$type<string[]>().notNull().default([]),
  /**
   * The newest review answer (review_items.last_reviewed_at) already counted in a finished review
   * session: a session counts only when it answered something after it, so a retried or repeated
   * "finish" is not a second session.
   */
  reviewCountedAt: timestamp('review_counted_at', { withTimezone: true }),
  /** The newest practice answer ("Practise now" on /review): a finished practice round counts like a review session. */
  practicedAt: timestamp('practiced_at', { withTimezone: true }),
  /**
   * Moved by every write of the learner's activity (a completion, a review or practice session): a
   * completion writes only if it is still the one it read (learner-store/attempts.ts).
   */
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One reminder e-mail per learner per day, whichever instance decides it (the key keeps it once). */
export const remindersSent = pgTable(
  'reminders_sent',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
    kind: text('kind', { enum: ['review', 'streak'] }).notNull(),
    /**
     * SHA-256 of the token in this e-mail's unsubscribe links (List-Unsubscribe, RFC 8058, and the
     * link in the body). One per e-mail, so every reminder's link keeps working; only the hash is kept.
     */
    tokenHash: text('token_hash'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] }), uniqueIndex('reminders_sent_token_idx').on(t.tokenHash)],
);

/**
 * An answer checked during a quiz (instant feedback): the first answer to each question of an
 * attempt is kept, and the attempt is graded on it, so checking cannot be used to try every option.
 */
export const quizChecks = pgTable(
  'quiz_checks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id').notNull(),
    questionId: integer('question_id').notNull(),
    lessonId: integer('lesson_id').notNull(),
    userAnswer: integer('user_answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.attemptId, t.questionId] })],
);

/** Missed quiz questions in a Leitner review queue (boxes at 1, 3, 7 and 14 days). */
export const reviewItems = pgTable(
  'review_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    questionId: integer('question_id').notNull(),
    box: integer('box').notNull().default(1),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    lastReviewedAt: timestamp('last_reviewed_at', { withTimezone: true }),
    /** Whether the answer at last_reviewed_at was right (null: not reviewed since this was kept); mastery reads it. */
    lastCorrect: boolean('last_correct'),
    /** Set when the question has been answered right in the last box. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (
    t,
  ) => [
    uniqueIndex('review_items_user_question_idx').on(t.userId, t.lessonId, t.questionId),
    index('review_items_due_idx').on(t.userId, t.dueAt),
  ],
);

// A learner's rows, for reading them in one statement (Drizzle's relational queries).
export const usersRelations = relations(users, ({ one, many }) => ({
  lessonProgress: many(lessonProgress),
  assessments: many(assessments),
  stats: one(learnerStats),
  pillarStats: many(learnerPillarStats),
  levelStats: many(learnerLevelStats),
  badges: many(userBadges),
  reviewItems: many(reviewItems),
  streak: one(learnerStreaks),
  days: many(learnerDays),
  questionStats: many(learnerQuestionStats, { relationName: 'questionStats' }),
  missedQuestions: many(learnerQuestionStats, { relationName: 'missedQuestions' }),
  reports: many(lessonReports, { relationName: 'reporter' }),
  quizAttempts: many(quizAttempts),
  quizChecks: many(quizChecks),
  sessions: many(sessions),
  factors: many(userFactors),
  oauthAccounts: many(oauthAccounts),
  remindersSent: many(remindersSent),
  lessonReads: many(lessonReads),
  visitorQuizResults: many(visitorQuizResults),
  testOuts: many(levelTestOuts),
  moneyPlans: many(moneyPlans),
}));
export const sessionsRelations = relations(
  sessions,
  ({ one }) => ({ user: one(users, { fields: [sessions.userId], references: [users.id] }) }),
);
export const userFactorsRelations = relations(
  userFactors,
  ({ one }) => ({ user: one(users, { fields: [userFactors.userId], references: [users.id] }) }),
);
export const oauthAccountsRelations = relations(
  oauthAccounts,
  ({ one }) => ({ user: one(users, { fields: [oauthAccounts.userId], references: [users.id] }) }),
);
export const remindersSentRelations = relations(
  remindersSent,
  ({ one }) => ({ user: one(users, { fields: [remindersSent.userId], references: [users.id] }) }),
);
export const learnerQuestionStatsRelations = relations(learnerQuestionStats, ({ one }) => ({
  user: one(users, { fields: [learnerQuestionStats.userId], references: [users.id], relationName: 'questionStats' }),
  missedBy: one(users, {
    fields: [learnerQuestionStats.userId],
    references: [users.id],
    relationName: 'missedQuestions',
  }),
  questionSet: one(questionSets, { fields: [learnerQuestionStats.questionSetId], references: [questionSets.id] }),
  lesson: one(lessons, { fields: [learnerQuestionStats.lessonId], references: [lessons.id] }),
}));
export const quizAttemptsRelations = relations(quizAttempts, ({ one }) => ({
  user: one(users, { fields: [quizAttempts.userId], references: [users.id] }),
  lesson: one(lessons, { fields: [quizAttempts.lessonId], references: [lessons.id] }),
  questionSet: one(questionSets, { fields: [quizAttempts.questionSetId], references: [questionSets.id] }),
}));
export const quizChecksRelations = relations(
  quizChecks,
  ({ one }) => ({ user: one(users, { fields: [quizChecks.userId], references: [users.id] }) }),
);
export const lessonProgressRelations = relations(lessonProgress, ({ one }) => ({
  user: one(users, { fields: [lessonProgress.userId], references: [users.id] }),
  lesson: one(lessons, { fields: [lessonProgress.lessonId], references: [lessons.id] }),
}));
export const assessmentsRelations = relations(
  assessments,
  ({ one }) => ({ user: one(users, { fields: [assessments.userId], references: [users.id] }) }),
);
export const learnerStatsRelations = relations(
  learnerStats,
  ({ one }) => ({ user: one(users, { fields: [learnerStats.userId], references: [users.id] }) }),
);
export const learnerPillarStatsRelations = relations(
  learnerPillarStats,
  ({ one }) => ({ user: one(users, { fields: [learnerPillarStats.userId], references: [users.id] }) }),
);
export const learnerLevelStatsRelations = relations(
  learnerLevelStats,
  ({ one }) => ({ user: one(users, { fields: [learnerLevelStats.userId], references: [users.id] }) }),
);
export const userBadgesRelations = relations(
  userBadges,
  ({ one }) => ({ user: one(users, { fields: [userBadges.userId], references: [users.id] }) }),
);
export const reviewItemsRelations = relations(
  reviewItems,
  ({ one }) => ({ user: one(users, { fields: [reviewItems.userId], references: [users.id] }) }),
);
export const learnerStreaksRelations = relations(
  learnerStreaks,
  ({ one }) => ({ user: one(users, { fields: [learnerStreaks.userId], references: [users.id] }) }),
);
export const learnerDaysRelations = relations(
  learnerDays,
  ({ one }) => ({ user: one(users, { fields: [learnerDays.userId], references: [users.id] }) }),
);

/**
 * How far a learner read a version of a lesson, for the studio's funnel: written when the lesson
 * page is opened (once), when a step further than before is shown, and at the first quiz answer.
 */
export const lessonReads = pgTable(
  'lesson_reads',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    lessonVersion: integer('lesson_version').notNull(),
    /** The furthest step shown, 1-based (the whole lesson on one page counts as its last step). */
    furthestStep: integer('furthest_step').notNull().default(1),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the learner first answered a question of this version's quiz. */
    quizAt: timestamp('quiz_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.lessonId, t.lessonVersion] }),
    // The funnel reads a sample of one version's readers from the index alone (studio/stats.ts).
    index('lesson_reads_lesson_idx').on(t.lessonId, t.lessonVersion, t.userId, t.furthestStep, t.quizAt),
  ],
);

/**
 * A learner's report of a problem with a lesson: about one question (`questionId`) or one step of
 * the text (`step`), on the lesson version the learner saw. The studio's inbox sets its status and
 * a reply; the learner sees the reply on the dashboard until they dismiss it (`replyReadAt`).
 * The reasons and statuses are src/lib/reports.ts's.
 */
export const lessonReports = pgTable(
  'lesson_reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    questionId: integer('question_id'),
    step: integer('step'),
    lessonVersion: integer('lesson_version').notNull(),
    reason: text('reason', { enum: ['wrong_answer', 'unclear', 'typo', 'outdated', 'other'] }).notNull(),
    /** The learner's note as typed (plain text, at most 1,000 characters); '' when none. */
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'fixed', 'wont_fix'] }).notNull().default('open'),
    /** The lesson version that fixed it; set exactly when the status is 'fixed'. */
    fixedInVersion: integer('fixed_in_version'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    repliedBy: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
    replyReadAt: timestamp('reply_read_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lesson_reports_user_idx').on(t.userId, t.createdAt),
    index('lesson_reports_inbox_idx').on(t.status, t.lessonId, t.questionId),
    check('lesson_reports_subject_check', sql`(${t.questionId} IS NULL) <> (${t.step} IS NULL)`),
    check(
      'lesson_reports_reason_check',
      sql`${t.reason} IN ('wrong_answer', 'unclear', 'typo', 'outdated', 'other')`,
    ),
    check('lesson_reports_status_check', sql`${t.status} IN ('open', 'fixed', 'wont_fix')`),
    check('lesson_reports_fixed_check', sql`(${t.status} = 'fixed') = (${t.fixedInVersion} IS NOT NULL)`),
  ],
);

export type LessonReport = typeof lessonReports.$inferSelect;

export const lessonReportsRelations = relations(lessonReports, ({ one }) => ({
  reporter: one(users, { fields: [lessonReports.userId], references: [users.id], relationName: 'reporter' }),
  lesson: one(lessons, { fields: [lessonReports.lessonId], references: [lessons.id] }),
}));

/**
 * The addresses a lesson had before its slug changed: /learn/{old slug} answers 301 to the
 * current one (src/lib/server/content/library.ts). A slug is a lesson's current slug or an old
 * one of at most one lesson.
 */
export const lessonSlugs = pgTable(
  'lesson_slugs',
  {
    slug: text('slug').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    createdAt: createdAt(),
  },
  (t) => [index('lesson_slugs_lesson_idx').on(t.lessonId)],
);

/**
 * A beginner quiz a visitor took before signing up (issue 42), sent with the sign-up and kept
 * with the unverified account; it counts as a completion, once, when the address is verified
 * (src/lib/server/learning/visitor-results.ts), and `counted_at` records that it did.
 */
export const visitorQuizResults = pgTable(
  'visitor_quiz_results',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    attemptId: uuid('attempt_id').notNull(),
    responses: jsonb('responses').$type<Array<{ questionId: number; userAnswer: number }>>().notNull(),
    durationMs: integer('duration_ms'),
    takenAt: timestamp('taken_at', { withTimezone: true }).notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('visitor_quiz_results_attempt_idx').on(t.userId, t.attemptId)],
);

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Each lesson's full-text document for /learn search (issue 42), kept by the trigger
 * `lessons_search_sync` (migration 0024) on every write of a lesson's title, objectives or text:
 * title weighted A, objectives B, section text C; `body` is the text as plain words, quoted by
 * ts_headline. Never written by the app.
 */
export const lessonSearch = pgTable(
  'lesson_search',
  {
    lessonId: integer('lesson_id')
      .primaryKey()
      .references(() => lessons.id, { onDelete: 'cascade' }),
    document: tsvector('document').notNull(),
    body: text('body').notNull(),
  },
  (t) => [index('lesson_search_document_idx').using('gin', t.document)],
);

/** What a draft and a published version hold: the lesson's authored content. */
export interface LessonContentData {
  title: string;
  pillar: 'saving' | 'credit' | 'investing';
  level: 'beginner' | 'intermediate' | 'advanced';
  orderIndex: number;
  duration: number;
  weight: number;
  sections: LessonSectionData[];
  learningObjectives: string[];
  /** A question without an id is new: it gets one when the draft is published. */
  questions: Array<Omit<QuizQuestionData, 'id'> & { id?: number }>;
  sources: LessonSourceData[];
  reviewedAt: string | null;
}

/**
 * An author's unpublished edit of a lesson (at most one open per lesson), or a new lesson not yet
 * published (`lessonId` null). Learners never read this table: they read `lessons`.
 */
export const lessonDrafts = pgTable(
  'lesson_drafts',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id').references(() => lessons.id),
    /** The published version the draft started from, and its content (a rebase merges against it). */
    baseVersion: integer('base_version'),
    base: jsonb('base').$type<LessonContentData>(),
    /** The older version whose content "Restore as draft" put in the draft (null: none). */
    restoredFrom: integer('restored_from'),
    content: jsonb('content').$type<LessonContentData>().notNull(),
    /** Bumped by every save: a save of an older revision is refused (409). */
    revision: integer('revision').notNull().default(1),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    /** Who may edit or discard it: its author, until an admin hands it over (migration 0030). */
    ownerId: uuid('owner_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('lesson_drafts_lesson_idx').on(t.lessonId).where(sql`${t.lessonId} is not null`)],
);

/** Every published version of a lesson: who published it, when, with what note. */
export const lessonVersions = pgTable(
  'lesson_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => lessons.id),
    version: integer('version').notNull(),
    content: jsonb('content').$type<LessonContentData>().notNull(),
    note: text('note').notNull().default(''),
    publishedBy: uuid('published_by'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('lesson_versions_lesson_version_idx').on(t.lessonId, t.version)],
);

export type LessonDraft = typeof lessonDrafts.$inferSelect;
export type LessonVersion = typeof lessonVersions.$inferSelect;

export const lessonReadsRelations = relations(
  lessonReads,
  ({ one }) => ({ user: one(users, { fields: [lessonReads.userId], references: [users.id] }) }),
);
export const visitorQuizResultsRelations = relations(visitorQuizResults, ({ one }) => ({
  user: one(users, { fields: [visitorQuizResults.userId], references: [users.id] }),
  lesson: one(lessons, { fields: [visitorQuizResults.lessonId], references: [lessons.id] }),
}));

/**
 * A learner's test-out of a level above beginner (issue 56, migration 0035): the newest draw of
 * questions ([lesson id, question id]), drawn once a day (`drawn_on`, the learner's day), its result,
 * and when the learner first passed (a pass opens the level and every level below it).
 */
export const levelTestOuts = pgTable(
  'level_test_outs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pillar: text('pillar', { enum: ['saving', 'credit', 'investing'] }).notNull(),
    level: text('level', { enum: ['intermediate', 'advanced'] }).notNull(),
    questions: jsonb('questions').$type<Array<[number, number]>>().notNull().default([]),
    drawnAt: timestamp('drawn_at', { withTimezone: true }).notNull(),
    drawnOn: text('drawn_on').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    score: integer('score'),
    passedAt: timestamp('passed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.pillar, t.level] }),
    check('level_test_outs_pillar_check', sql`${t.pillar} IN ('saving', 'credit', 'investing')`),
    check('level_test_outs_level_check', sql`${t.level} IN ('intermediate', 'advanced')`),
  ],
);
export type LevelTestOut = typeof levelTestOuts.$inferSelect;
export const levelTestOutsRelations = relations(
  levelTestOuts,
  ({ one }) => ({ user: one(users, { fields: [levelTestOuts.userId], references: [users.id] }) }),
);

/**
 * A learner's saved money plan (issue 57, migration 0036): every "Save my plan" is a new row,
 * versioned like assessments; the newest is the plan. `input` is the learner's figures as
 * checked (src/lib/money-plan/input.ts); `current_step` and `summary` are computed when it is
 * saved (src/lib/money-plan/saved.ts), so reading a plan computes nothing.
 */
export const moneyPlans = pgTable(
  'money_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The version of the plan's rules the summary was computed with (PLAN_VERSION). */
    version: integer('version').notNull().default(1),
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    currentStep: text('current_step').notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('money_plans_user_created_idx').on(t.userId, t.createdAt)],
);

export type MoneyPlanRow = typeof moneyPlans.$inferSelect;

export const moneyPlansRelations = relations(
  moneyPlans,
  ({ one }) => ({ user: one(users, { fields: [moneyPlans.userId], references: [users.id] }) }),
);

/**
 * The curriculum files as last loaded (migration 0037): a digest of the lesson files, the facts and
 * the loader's build. A start whose files have the same digest skips reading and comparing them
 * (issue 53: a restart within 3 s). One row, `id` 1.
 */
export const curriculumLoads = pgTable('curriculum_loads', {
  id: integer('id').primaryKey(),
  digest: text('digest').notNull(),
  loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
});
