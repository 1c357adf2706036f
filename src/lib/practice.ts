// "Practise now" on /review when nothing is due: the learner's missed questions first (the
// lowest box, then the newest miss: a box-1 question is due a day after its miss), then the
// questions of passed lessons, the newest pass first, one question of each lesson in turn.
// Practice never moves a Leitner box. Pure.

/** The most questions one practice round asks. */
export const PRACTICE_ROUND = 10;

export interface PracticePick {
  lessonId: number;
  questionId: number;
  /** From the review queue (a question the learner missed), not only from a passed lesson. */
  missed: boolean;
}

export interface MissedItem {
  lessonId: number;
  questionId: number;
  box: number;
  dueAt: Date;
}

export interface PassedLesson {
  lessonId: number;
  questionIds: number[];
  passedAt: Date;
}

export function choosePractice(
  missed: readonly MissedItem[],
  passed: readonly PassedLesson[],
  round = PRACTICE_ROUND,
): PracticePick[] {
  const picks: PracticePick[] = [];
  const taken = new Set<string>();
  const take = (lessonId: number, questionId: number, wasMissed: boolean) => {
    const key = `${lessonId}:${questionId}`;
    if (picks.length >= round || taken.has(key)) return;
    taken.add(key);
    picks.push({ lessonId, questionId, missed: wasMissed });
  };
  const byMiss = [...missed].sort((a, b) => a.box - b.box || b.dueAt.getTime() - a.dueAt.getTime());
  for (const m of byMiss) take(m.lessonId, m.questionId, true);
  const newestFirst = [...passed].sort((a, b) => b.passedAt.getTime() - a.passedAt.getTime());
  const longest = Math.max(0, ...newestFirst.map((l) => l.questionIds.length));
  for (let i = 0; i < longest && picks.length < round; i++) {
    for (const lesson of newestFirst) {
      if (i < lesson.questionIds.length) take(lesson.lessonId, lesson.questionIds[i], false);
    }
  }
  return picks;
}
