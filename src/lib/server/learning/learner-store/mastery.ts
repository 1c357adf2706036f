// Mastery (src/lib/mastery.ts) from the learner's summary row: the latest answer to each question
// met, in a quiz or in review (learner_stats.latest_answers, kept by each completion and review
// answer), read with the rest of the dashboard's rows.
import { masteryByPillar, type MasteryLesson, type PillarMastery } from '../../../mastery.ts';
import type { CoreSnapshot } from './rows.ts';

/** Each pillar's mastery for the learner, over the lessons as they are now. */
export function masteryOf(core: Pick<CoreSnapshot, 'totals'>, lessons: readonly MasteryLesson[]): PillarMastery[] {
  return masteryByPillar(lessons, core.totals.latestAnswers);
}
