// Mastery (src/lib/mastery.ts) from the learner's summary rows: the newest quiz answer to each
// question met (learner_question_stats, kept by each completion) and the newest review answer
// (review_items), both read with the rest of the dashboard's rows.
import { masteryByPillar, type MasteryLesson, type PillarMastery } from '../../../mastery.ts';
import type { CoreSnapshot } from './rows.ts';

/** Each pillar's mastery for the learner, over the lessons as they are now. */
export function masteryOf(
  core: Pick<CoreSnapshot, 'answers' | 'reviewAnswers'>,
  lessons: readonly MasteryLesson[],
): PillarMastery[] {
  return masteryByPillar(lessons, core.answers, core.reviewAnswers);
}
