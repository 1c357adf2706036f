// Badges for real milestones (the landing page promises them): their names and words. The
// statement that records a quiz attempt stores the ones it earns (learner store, attempts), the
// assessment stores its own; the rebuild adds any the history earned (aggregates.ts).
import { type Level, LEVEL_LABELS, LEVELS, type Pillar, PILLAR_LABELS, PILLARS } from './domain.ts';

export interface Badge {
  key: string;
  title: string;
  description: string;
  earnedAt: string;
}

export const STREAK_FOR_BADGE = 3;

export function badgeTitle(key: string): { title: string; description: string } {
  if (key === 'assessment-complete') {
    return { title: 'Snapshot taken', description: 'Completed the Wealth Snapshot assessment' };
  }
  if (key === 'first-lesson') return { title: 'First lesson', description: 'Passed your first lesson quiz' };
  if (key === 'perfect-quiz') {
    return { title: 'Perfect score', description: 'Answered every question of a quiz correctly' };
  }
  if (key === 'streak-3') return { title: 'On a roll', description: `Passed ${STREAK_FOR_BADGE} quizzes in a row` };
  const [, pillar, level] = key.split(':') as [string, Pillar, Level];
  if (key.startsWith('level:') && PILLARS.includes(pillar) && LEVELS.includes(level)) {
    return {
      title: `${PILLAR_LABELS[pillar]} ${LEVEL_LABELS[level]} complete`,
      description: `Completed every ${LEVEL_LABELS[level].toLowerCase()} ${PILLAR_LABELS[pillar].toLowerCase()} lesson`,
    };
  }
  return { title: key, description: '' };
}
