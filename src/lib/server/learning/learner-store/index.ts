// The learner store: every read and write of a learner's learning data (progress, attempts,
// aggregates, badges earned by attempts) and the lesson catalogue they refer to, the same on
// PGlite and PostgreSQL.
export { findActiveLessons, activeLessonsJson, findLesson, answeredResponses } from './catalogue.ts';
export {
  loadLearnerState,
  loadLearner,
  mayOpen,
  isUnlockedFor,
  levelStates,
  isNewFor,
  NEW_LESSON_DAYS,
  nextLessonAfter,
  countsFor,
  type LearnerState,
} from './state.ts';
export { recordQuizAttempt, type CompletionInput, type CompletionResult, type RecordedAttempt, type EarnedBadge } from './attempts.ts';
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
export { readSnapshot, readCoreSnapshot, readHistoryParts, readAnalyticsParts, readBadges, readReviewItems, type LearnerSnapshot, type CoreSnapshot, type AnalyticsParts } from './snapshot.ts';
export { rebuildLearnerAggregates, rebuildAggregates, AGGREGATE_TABLES } from './aggregates.ts';
export type { LearnerRows, LearnerDaily } from './rows.ts';
