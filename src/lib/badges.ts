// Badges for real milestones (the landing page promises them). Pure: computed from the
// learner's own history; the server stores each the first time it is earned.
import { LEVEL_LABELS, LEVELS, PILLAR_LABELS, PILLARS, type Level, type Pillar } from './domain.ts';

export interface BadgeAttempt {
  lessonId: number;
  pillar: Pillar;
  score: number;
  totalQuestions: number;
  passed: boolean;
  createdAt: string;
}

export interface BadgeInput {
  firstAssessmentAt: string | null;
  /** In time order. */
  attempts: BadgeAttempt[];
  /** Lesson ids of each pillar and level (active lessons). */
  levels: Array<{ pillar: Pillar; level: Level; lessonIds: number[] }>;
  /** When each lesson was first completed. */
  completedAt: Map<number, string>;
}

export interface Badge {
  key: string;
  title: string;
  description: string;
  earnedAt: string;
}

export const STREAK_FOR_BADGE = 3;

export function badgeTitle(key: string): { title: string; description: string } {
  if (key === 'assessment-complete') return { title: 'Snapshot taken', description: 'Completed the Wealth Snapshot assessment' };
  if (key === 'first-lesson') return { title: 'First lesson', description: 'Passed your first lesson quiz' };
  if (key === 'perfect-quiz') return { title: 'Perfect score', description: 'Answered every question of a quiz correctly' };
  if (key === 'streak-3') return { title: 'On a roll', description: `Passed ${STREAK_FOR_BADGE} quizzes in a row` };
  const [, pillar, level] = key.split(':') as [string, Pillar, Level];
  if (key.startsWith('level:') && PILLARS.includes(pillar) && LEVELS.includes(level)) {
    return { title: `${PILLAR_LABELS[pillar]} ${LEVEL_LABELS[level]} complete`, description: `Completed every ${LEVEL_LABELS[level].toLowerCase()} ${PILLAR_LABELS[pillar].toLowerCase()} lesson` };
  }
  return { title: key, description: '' };
}

export function computeBadges(input: BadgeInput): Badge[] {
  const earned: Array<{ key: string; earnedAt: string }> = [];
  if (input.firstAssessmentAt) earned.push({ key: 'assessment-complete', earnedAt: input.firstAssessmentAt });
  const firstPass = input.attempts.find((a) => a.passed);
  if (firstPass) earned.push({ key: 'first-lesson', earnedAt: firstPass.createdAt });
  const perfect = input.attempts.find((a) => a.totalQuestions > 0 && a.score === a.totalQuestions);
  if (perfect) earned.push({ key: 'perfect-quiz', earnedAt: perfect.createdAt });
  let run = 0;
  for (const a of input.attempts) {
    run = a.passed ? run + 1 : 0;
    if (run === STREAK_FOR_BADGE) {
      earned.push({ key: 'streak-3', earnedAt: a.createdAt });
      break;
    }
  }
  for (const { pillar, level, lessonIds } of input.levels) {
    if (lessonIds.length === 0 || !lessonIds.every((id) => input.completedAt.has(id))) continue;
    const when = lessonIds.map((id) => input.completedAt.get(id)!).sort().at(-1)!;
    earned.push({ key: `level:${pillar}:${level}`, earnedAt: when });
  }
  return earned.map((e) => ({ ...e, ...badgeTitle(e.key) }));
}
