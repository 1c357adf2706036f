// Mastery you can see (issue 40): per pillar, the share of the questions the learner has met that
// they answered right at their latest try, in a quiz or in review. Pure.
import { type Pillar, PILLAR_LABELS, PILLARS } from './domain.ts';

/**
 * Whether the learner's latest answer to each question met was right, in a quiz or in review
 * (whichever came later), keyed by answerKey. Each completion and review answer merges its own in.
 */
export type LatestAnswers = Readonly<Record<string, boolean>>;

/** The key of one question of one lesson in LatestAnswers. */
export const answerKey = (lessonId: number, questionId: number): string => `${lessonId}:${questionId}`;

export interface MasteryLesson {
  id: number;
  pillar: Pillar;
  questions: ReadonlyArray<{ id: number }>;
}

export interface PillarMastery {
  pillar: Pillar;
  /** The pillar's questions the learner has answered at least once. */
  met: number;
  /** Of those, the ones right at the latest try. */
  right: number;
  /** The pillar's questions in all (its lessons as they are now). */
  total: number;
  /** right / met as a rounded percentage; null before the first question. */
  percent: number | null;
  /** What would raise it, in a sentence without its full stop. */
  advice: string;
}

function adviceFor(pillar: Pillar, met: number, right: number, total: number): string {
  const name = PILLAR_LABELS[pillar];
  const ahead = total - met;
  if (met === 0) {
    return `Take ${
      /^[AEIOU]/.test(name) ? 'an' : 'a'
    } ${name} lesson's quiz: mastery counts the questions you have answered`;
  }
  const missed = met - right;
  if (missed > 0) {
    const them = missed === 1 ? 'the 1 question you missed' : `the ${missed} questions you missed`;
    return `Answer ${them} right when review brings ${missed === 1 ? 'it' : 'them'} back, or retake ${
      missed === 1 ? 'its' : 'their'
    } quiz${ahead > 0 ? `; ${ahead} more ${name} questions wait in lessons you have not taken` : ''}`;
  }
  if (ahead > 0) return `Take more ${name} lessons: ${ahead} of its questions are still ahead of you`;
  return `Every ${name} question met, and right at your latest try`;
}

/**
 * Per pillar: the questions of its current lessons the learner has met, and how many were right at
 * the latest answer.
 */
export function masteryByPillar(lessons: readonly MasteryLesson[], latest: LatestAnswers): PillarMastery[] {
  const counts = new Map(PILLARS.map((pillar) => [pillar, { met: 0, right: 0, total: 0 }]));
  for (const lesson of lessons) {
    const count = counts.get(lesson.pillar)!;
    for (const q of lesson.questions) {
      count.total++;
      const right = latest[answerKey(lesson.id, q.id)];
      if (right === undefined) continue;
      count.met++;
      if (right) count.right++;
    }
  }
  return PILLARS.map((pillar) => {
    const { met, right, total } = counts.get(pillar)!;
    const percent = met > 0 ? Math.round((100 * right) / met) : null;
    return { pillar, met, right, total, percent, advice: adviceFor(pillar, met, right, total) };
  });
}
