// The learning engine's rules (spec sections 4, 5 and 9; docs/DESIGN.md difference 5). Pure.
import { type Level, LEVELS, type Pillar, PILLARS } from './domain.ts';

export interface LessonRef {
  id: number;
  pillar: Pillar;
  level: Level;
  orderIndex: number;
  weight: number;
  /** When the lesson was published (added to the catalogue). */
  createdAt?: Date;
}

/** When the learner completed each completed lesson (lesson id → time). */
export type CompletionTimes = ReadonlyMap<number, Date>;

export type Placement = Partial<Record<Pillar, Level>>;

/** Pass mark: 2 of 3 when there are 3 questions; otherwise the ceiling of 67% of the count. */
export function passMark(questionCount: number): number {
  if (questionCount <= 0) return 0;
  if (questionCount === 3) return 2;
  return Math.ceil((67 * questionCount) / 100);
}

const levelRank = (level: Level) => LEVELS.indexOf(level);

export function byPosition<T extends Pick<LessonRef, 'pillar' | 'level' | 'orderIndex'>>(a: T, b: T): number {
  return (
    PILLARS.indexOf(a.pillar) - PILLARS.indexOf(b.pillar) ||
    levelRank(a.level) - levelRank(b.level) ||
    a.orderIndex - b.orderIndex
  );
}

/** The lessons of one pillar and level, in the catalogue's order. */
function inLevel<T extends LessonRef>(lessons: readonly T[], pillar: Pillar, level: Level): T[] {
  return lessons.filter((l) => l.pillar === pillar && l.level === level);
}

/**
 * When the learner finished a level: the first moment every lesson of it published by then was
 * completed (null: never). Lessons published later never undo it.
 */
export function levelFinishedAt(
  pillar: Pillar,
  level: Level,
  lessons: LessonRef[],
  completedAt: CompletionTimes,
): number | null {
  const group = inLevel(lessons, pillar, level);
  const times = group.map((l) => completedAt.get(l.id)?.getTime()).filter((t): t is number => t !== undefined);
  for (const t of times.sort((a, b) => a - b)) {
    const doneBy = (l: LessonRef) => (completedAt.get(l.id)?.getTime() ?? Infinity) <= t;
    if (group.every((l) => (l.createdAt?.getTime() ?? -Infinity) > t || doneBy(l))) return t;
  }
  return null;
}

/**
 * A level is open when it is beginner, or every lesson of the previous level in that pillar is
 * completed, or the assessment placed the learner at or above it (docs/DESIGN.md difference 5), or
 * the learner already completed a lesson in it: a retake that places them lower never takes
 * away a level they were studying. `placement` also carries the levels opened by a test-out.
 *
 * Adding a lesson never closes a level a learner could open: once the learner finished the previous
 * level (levelFinishedAt, with `completedAt`), lessons published later do not count against them;
 * without `completedAt` every previous-level lesson counts.
 */
export function isLevelUnlocked(
  pillar: Pillar,
  level: Level,
  lessons: LessonRef[],
  completed: Set<number>,
  placement: Placement,
  completedAt?: CompletionTimes,
): boolean {
  const rank = levelRank(level);
  if (rank === 0) return true;
  const placed = placement[pillar];
  if (placed && levelRank(placed) >= rank) return true;
  if (inLevel(lessons, pillar, level).some((l) => completed.has(l.id))) return true;
  const previous = LEVELS[rank - 1];
  if (completedAt) return levelFinishedAt(pillar, previous, lessons, completedAt) !== null;
  const required = inLevel(lessons, pillar, previous);
  return required.length > 0 && required.every((l) => completed.has(l.id));
}

/**
 * Spec 4: the first lesson of a level follows the level rule; any other unlocks when the lesson
 * before it (by orderIndex, same pillar and level) is completed.
 */
export function isLessonUnlocked(
  lesson: LessonRef,
  lessons: LessonRef[],
  completed: Set<number>,
  placement: Placement,
  completedAt?: CompletionTimes,
): boolean {
  if (completed.has(lesson.id)) return true;
  const before = inLevel(lessons, lesson.pillar, lesson.level)
    .filter((l) => l.orderIndex < lesson.orderIndex)
    .sort((a, b) => b.orderIndex - a.orderIndex)[0];
  if (before) return completed.has(before.id);
  return isLevelUnlocked(lesson.pillar, lesson.level, lessons, completed, placement, completedAt);
}

/** The share (0-100) of a pillar's lesson weight that is completed; weights are normalised. */
export function weightedProgress(pillar: Pillar, lessons: LessonRef[], completed: Set<number>): number {
  const inPillar = lessons.filter((l) => l.pillar === pillar);
  const total = inPillar.reduce((sum, l) => sum + Math.max(0, l.weight), 0);
  if (total <= 0) return 0;
  const done = inPillar.filter((l) => completed.has(l.id)).reduce((sum, l) => sum + Math.max(0, l.weight), 0);
  return Math.round(Math.min(100, (done / total) * 100) * 100) / 100;
}

export interface LevelCount {
  total: number;
  completed: number;
}
export type PillarCounts = Record<Level, LevelCount> & { weightedProgress: number };
export type LessonCounts = Record<Pillar, PillarCounts>;

export function lessonCounts(lessons: LessonRef[], completed: Set<number>): LessonCounts {
  const counts = {} as LessonCounts;
  for (const pillar of PILLARS) {
    const entry = { weightedProgress: weightedProgress(pillar, lessons, completed) } as PillarCounts;
    for (const level of LEVELS) {
      const group = inLevel(lessons, pillar, level);
      entry[level] = { total: group.length, completed: group.filter((l) => completed.has(l.id)).length };
    }
    counts[pillar] = entry;
  }
  return counts;
}

export interface GradedQuestion {
  questionId: number;
  userAnswer: number;
  isCorrect: boolean;
  correctAnswer: number;
}

/** Grades answers against the lesson's own correct answers (the client's claims are ignored). */
export function gradeQuiz(
  questions: Array<{ id: number; correctAnswer: number }>,
  responses: Array<{ questionId: number; userAnswer: number }>,
): { graded: GradedQuestion[]; score: number; total: number; passed: boolean; passMark: number } {
  const answers = new Map(responses.map((r) => [r.questionId, r.userAnswer]));
  const graded = questions.map((q) => {
    const userAnswer = answers.get(q.id) ?? -1;
    return { questionId: q.id, userAnswer, isCorrect: userAnswer === q.correctAnswer, correctAnswer: q.correctAnswer };
  });
  const score = graded.filter((g) => g.isCorrect).length;
  const mark = passMark(questions.length);
  return { graded, score, total: questions.length, passed: score >= mark, passMark: mark };
}

/** Average on the 0-3 scale: a quiz of n questions is scaled to 3 (docs/DESIGN.md 9). */
export function scaledToThree(score: number, total: number): number {
  return total > 0 ? (score / total) * 3 : 0;
}
