// The quiz analytics (GET /api/user/quiz-analytics and the progress screen's tab): attempts and
// accuracy per pillar and level, and the most-missed questions as the learner was asked them.
import type { Lesson } from '../../../../db/schema.ts';
import { LEVELS, PILLARS } from '../../domain.ts';
import { findActiveLessons } from '../content/catalogue.ts';
import { type HistorySnapshot, readLearnerAnalytics } from './learner-store/history.ts';
import type { LevelTotals, MissedQuestion } from './learner-store/figures.ts';

/** The learner's quiz analytics, from one read of their level totals and most-missed questions. */
export async function buildQuizAnalytics(userId: string) {
  const [{ attempts, levels, missed }, lessons] = await Promise.all([
    readLearnerAnalytics(userId),
    findActiveLessons(),
  ]);
  return analyticsOf(lessons, attempts, levels, missed);
}

/** The most-missed questions, with their text as the learner was asked them. */
function mostMissedOf(catalogue: readonly Lesson[], missed: HistorySnapshot['missed']): MissedQuestion[] {
  const lessons = new Map(catalogue.map((l) => [l.id, l]));
  return missed.map((q) => {
    const asked = q.asked ?? lessons.get(q.lessonId)?.questions.find((c) => c.id === q.questionId);
    return {
      lessonId: q.lessonId,
      lessonTitle: q.lessonTitle,
      pillar: q.pillar,
      questionId: q.questionId,
      question: asked?.question ?? '',
      explanation: asked?.explanation ?? '',
      missed: q.missed,
      asked: q.times,
    };
  });
}

/** Attempts and accuracy per pillar and level, and the most-missed questions, from the rows read. */
export function analyticsOf(
  lessons: readonly Lesson[],
  attempts: number,
  levels: readonly LevelTotals[],
  missed: HistorySnapshot['missed'],
) {
  const mostMissed = mostMissedOf(lessons, missed);
  const byPillarLevel = PILLARS.flatMap((pillar) =>
    LEVELS.map((level) => {
      const here = levels.find((l) => l.pillar === pillar && l.level === level);
      const total = here?.questions ?? 0;
      const correct = here?.correct ?? 0;
      return {
        pillar,
        level,
        attempts: here?.attempts ?? 0,
        correct,
        total,
        accuracy: total ? Math.round((correct / total) * 100) : null,
      };
    })
  );
  return { totalAttempts: attempts, byPillarLevel, mostMissed };
}

export type QuizAnalytics = Awaited<ReturnType<typeof buildQuizAnalytics>>;
