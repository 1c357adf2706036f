// The learner store: every read and write of a learner's learning data (progress, attempts,
// aggregates, badges earned by attempts) and the lesson catalogue they refer to, behind one
// interface with the same meaning on PGlite and PostgreSQL. Inside, PGlite (one process, the
// only writer) keeps copies in memory that change notifications keep exact (cache.ts); on
// PostgreSQL, where several instances write, what is kept is checked against the learner's data
// version, which every request's session lookup reads (versions.ts).
export { enableCaches, disableCaches } from '../../platform/change-cache.ts';
export { findActiveLessons, findLesson, answeredResponses } from './catalogue.ts';
export {
  loadLearnerState,
  mayOpen,
  isUnlockedFor,
  levelStates,
  isNewFor,
  NEW_LESSON_DAYS,
  nextLessonAfter,
  countsFor,
  type LearnerState,
  type PrefetchedLearner,
} from './state.ts';
export { recordQuizAttempt, type CompletionInput, type CompletionDay, type CompletionResult, type DayCounts, type RecordedAttempt, type EarnedBadge } from './attempts.ts';
export {
  readAttemptPage,
  RECENT_ATTEMPTS,
  MOST_MISSED,
  type LearnerTotals,
  type PillarTotals,
  type LevelTotals,
  type RecentAttempt,
  type HistoryAttempt,
  type MissedQuestion,
  type StoredBadge,
} from './figures.ts';
export { readSnapshot, readCoreSnapshot, readAnalyticsParts, readBadges, readReviewItems, forgetSnapshot, type LearnerSnapshot, type CoreSnapshot, type AnalyticsParts } from './snapshot.ts';
export { rebuildLearnerAggregates, rebuildStatements, AGGREGATE_TABLES } from './aggregates.ts';
export { learnerVersionColumn, LESSONS_FINGERPRINT, type SeenVersion } from './versions.ts';
export { learnerColumns, toLearnerRows, rowsAtVersion, keptRowsAt, keptRowsVersion, markLearnerRows, offerLearnerRows, type LearnerRows, type LearnerDaily, type PrefetchedRows } from './rows.ts';
