// The learner store: every read and write of a learner's learning data (progress, attempts,
// aggregates, badges earned by attempts) and the lesson catalogue they refer to, the same on
// PGlite and PostgreSQL.
export { activeLessonsJson, answeredResponses, findActiveLessons, findLesson, readCatalogue } from './catalogue.ts';
export {
  countsFor,
  isNewFor,
  isUnlockedFor,
  type LearnerState,
  levelStates,
  loadLearner,
  loadLearnerState,
  mayOpen,
  NEW_LESSON_DAYS,
  nextLessonAfter,
  recommendedFor,
} from './state.ts';
export {
  type CompletionInput,
  type CompletionResult,
  type EarnedBadge,
  type RecordedAttempt,
  recordQuizAttempt,
} from './attempts.ts';
export {
  type HistoryAttempt,
  type LearnerTotals,
  type LevelTotals,
  type MissedQuestion,
  MOST_MISSED,
  type PillarTotals,
  readAttemptPage,
  RECENT_ATTEMPTS,
  type RecentAttempt,
  type StoredBadge,
} from './figures.ts';
export {
  type AnalyticsParts,
  type CoreSnapshot,
  type LearnerSnapshot,
  readAnalyticsParts,
  readBadges,
  readCoreSnapshot,
  readHistoryParts,
  readReviewItems,
  readSnapshot,
} from './snapshot.ts';
export { readMastery } from './mastery.ts';
export { AGGREGATE_TABLES, rebuildAggregates, rebuildLearnerAggregates } from './aggregates.ts';
export type { LearnerDaily, LearnerRows } from './rows.ts';
