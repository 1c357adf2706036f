// The progress screen's read, in one statement: the progress figures' rows, the level totals, and
// the history (the newest attempts and the most-missed questions as they were asked).
import { asc, desc, eq, gt, sql } from 'drizzle-orm';
import { type AnsweredQuestion, learnerQuestionStats, users } from '../../../../../db/schema.ts';
import type { Pillar } from '../../../domain.ts';
import { prepared } from '../../platform/db.ts';
import { type LevelTotals, MOST_MISSED } from './figures.ts';
import { levelTotalsOf, levelTuples } from './tuples.ts';
import {
  coreOf,
  type CoreSnapshot,
  figuresExtras,
  figuresWith,
  type LearnerRows,
  type QuestionRow,
  relationsToRead,
  rowsOf,
  SETTINGS,
  userKey,
} from './rows.ts';

/** What the progress screen adds: the newest attempts and the most-missed questions as they were asked. */
export interface HistorySnapshot {
  /** learner_stats.recent as stored (JSON text of RecentAttemptData[]): the page passes it on unparsed. */
  recentJson: string;
  missed: Array<
    Omit<QuestionRow, 'asked'> & {
      lessonTitle: string;
      pillar: Pillar;
      /** The question as it was asked last when that was an earlier version of its lesson's; null: the current one. */
      asked: AnsweredQuestion | null;
      /** How often it was asked. */
      times: number;
    }
  >;
}

const QUESTION = {
  lessonId: true,
  questionId: true,
  asked: true,
  missed: true,
  lastCorrect: true,
  lastAt: true,
} as const;

const missedQuestions = relationsToRead({
  missedQuestions: {
    columns: QUESTION,
    where: gt(learnerQuestionStats.missed, 0),
    orderBy: [
      desc(learnerQuestionStats.missed),
      desc(sql`${learnerQuestionStats.missed}::float8 / ${learnerQuestionStats.asked}`),
      asc(learnerQuestionStats.lessonId),
      asc(learnerQuestionStats.questionId),
    ],
    limit: MOST_MISSED,
    // The lesson's title and pillar, and the question as it was asked when that was an earlier
    // version of the lesson's questions (the catalogue holds the current one).
    extras: (q, { sql }) => ({
      about: sql<[string, Pillar, AnsweredQuestion | null] | null>`(select json_build_array(l.title, l.pillar,
        case when l.question_set_id is distinct from ${q.questionSetId} then (select x from question_sets s,
        jsonb_array_elements(s.questions) x where s.id = ${q.questionSetId}
        and (x->>'questionId')::int = ${q.questionId} limit 1) end) from lessons l where l.id = ${q.lessonId})`
        .as('about'),
    }),
  },
}).missedQuestions;

// The newest attempts come as text: only the browser reads them (the chart), so the server neither
// parses nor serializes them again.
const recentJson = sql<string | null>`(select s.recent::text from learner_stats s where s.user_id = ${userKey})`;

const historyStatement = prepared((db) =>
  db.query.users.findFirst({
    where: eq(users.id, userKey),
    columns: { id: true, ...SETTINGS },
    extras: { ...figuresExtras, level_stats: levelTuples.as('level_stats'), recentJson: recentJson.as('recent_json') },
    with: { ...figuresWith, stats: { columns: { recent: false } }, missedQuestions },
  }).prepare('learner_history')
);

type MissedRow = NonNullable<
  Awaited<ReturnType<Awaited<ReturnType<typeof historyStatement>>['execute']>>
>['missedQuestions'][number];

const missedOf = (rows: MissedRow[] | undefined): HistorySnapshot['missed'] =>
  (rows ?? []).map(({ about, ...q }) => ({
    ...q,
    lessonTitle: about?.[0] ?? '',
    pillar: about?.[1] ?? 'saving',
    asked: about?.[2] ?? null,
    times: q.asked,
  }));

const analyticsStatement = prepared((db) =>
  db.query.users.findFirst({
    where: eq(users.id, userKey),
    columns: { id: true },
    extras: { level_stats: levelTuples.as('level_stats') },
    with: { stats: { columns: { attempts: true } }, missedQuestions },
  }).prepare('learner_analytics')
);

/** What the quiz analytics show of a learner (attempts, level totals, most-missed questions), in one statement. */
export async function readLearnerAnalytics(
  userId: string,
): Promise<{ attempts: number; levels: LevelTotals[]; missed: HistorySnapshot['missed'] }> {
  const user = await (await analyticsStatement()).execute({ userId });
  return {
    attempts: user?.stats?.attempts ?? 0,
    levels: levelTotalsOf(userId, user?.level_stats ?? []),
    missed: missedOf(user?.missedQuestions),
  };
}

/** Everything the progress screen shows of a learner (the figures, level totals and history), in one statement. */
export async function readLearnerHistory(
  userId: string,
): Promise<{ rows: LearnerRows; core: CoreSnapshot; history: HistorySnapshot }> {
  const user = await (await historyStatement()).execute({ userId });
  const stats = user?.stats ? { ...user.stats, recent: [] } : null; // the chart's points: history.recentJson
  return {
    rows: rowsOf(user),
    core: coreOf(userId, user && { ...user, stats }),
    history: { recentJson: user?.recentJson ?? '[]', missed: missedOf(user?.missedQuestions) },
  };
}
