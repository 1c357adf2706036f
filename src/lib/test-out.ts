// A level's test-out (issue 56; DESIGN 18): 5 questions drawn from the level's lesson quizzes, 4
// right opens the level and every level below it, once a day per level. Pure: the server draws and
// grades with it, the pages word it.
import { type Level, LEVELS, type Pillar } from './domain.ts';
import type { Placement } from './lessons.ts';

export const TEST_OUT_QUESTIONS = 5;
export const TEST_OUT_PASS_MARK = 4;
/** The levels a learner can test out of (beginner is always open). */
export const TEST_OUT_LEVELS = ['intermediate', 'advanced'] as const;
export type TestOutLevel = (typeof TEST_OUT_LEVELS)[number];

/** A drawn question: [lesson id, question id]. */
export type DrawnQuestion = [number, number];

export interface DrawLesson {
  id: number;
  questions: ReadonlyArray<{ id: number }>;
}

/** A learner's test-out of one level, as the rules need it. */
export interface TestOutRecord {
  pillar: Pillar;
  level: TestOutLevel;
  /** When the learner first passed (null: not passed). */
  passedAt: Date | null;
}

export const isTestOutLevel = (level: string): level is TestOutLevel =>
  (TEST_OUT_LEVELS as readonly string[]).includes(level);

/** Whether a level has enough questions for a test-out. */
export function canDraw(lessons: readonly DrawLesson[]): boolean {
  return lessons.reduce((n, l) => n + l.questions.length, 0) >= TEST_OUT_QUESTIONS;
}

/**
 * A new draw of 5 questions: questions not in the previous draw first, spread over the level's
 * lessons (one from each before a second from any), in a random order. Null when there are too few.
 */
export function drawQuestions(
  lessons: readonly DrawLesson[],
  previous: readonly DrawnQuestion[],
  random: () => number = Math.random,
): DrawnQuestion[] | null {
  if (!canDraw(lessons)) return null;
  const before = new Set(previous.map(([lesson, question]) => `${lesson}:${question}`));
  const ranked: Array<{ pick: DrawnQuestion; key: [number, number, number] }> = [];
  for (const lesson of lessons) {
    const shuffled = lesson.questions.map((q) => ({ q, r: random() }))
      .map(({ q, r }) => ({ q, r, seen: before.has(`${lesson.id}:${q.id}`) ? 1 : 0 }))
      .sort((a, b) => a.seen - b.seen || a.r - b.r);
    shuffled.forEach(({ q, seen }, i) => ranked.push({ pick: [lesson.id, q.id], key: [seen, i, random()] }));
  }
  ranked.sort((a, b) => a.key[0] - b.key[0] || a.key[1] - b.key[1] || a.key[2] - b.key[2]);
  return ranked.slice(0, TEST_OUT_QUESTIONS).map((r) => r.pick);
}

export interface TestOutAnswer {
  lessonId: number;
  questionId: number;
  userAnswer: number;
}

/**
 * Grades a submitted draw against the lessons' answers. A question no longer in its lesson (an
 * author removed it since the draw) counts as right: the learner cannot be marked on it.
 */
export function gradeTestOut(
  draw: readonly DrawnQuestion[],
  answers: readonly TestOutAnswer[],
  correctAnswer: (lessonId: number, questionId: number) => number | undefined,
): { score: number; total: number; passed: boolean; missed: DrawnQuestion[] } {
  const given = new Map(answers.map((a) => [`${a.lessonId}:${a.questionId}`, a.userAnswer]));
  const missed = draw.filter(([lessonId, questionId]) => {
    const right = correctAnswer(lessonId, questionId);
    return right !== undefined && given.get(`${lessonId}:${questionId}`) !== right;
  });
  const score = draw.length - missed.length;
  return { score, total: draw.length, passed: score >= TEST_OUT_PASS_MARK, missed };
}

/** The highest level each pillar's passed test-outs opened. */
export function testedOutLevels(records: readonly TestOutRecord[]): Placement {
  const opened: Placement = {};
  for (const r of records) {
    const had = opened[r.pillar];
    if (r.passedAt && (!had || LEVELS.indexOf(r.level) > LEVELS.indexOf(had))) opened[r.pillar] = r.level;
  }
  return opened;
}

/** The assessment's placement raised by the levels a test-out opened: the unlocking rules read this. */
export function withTestOuts(placement: Placement, opened: Placement): Placement {
  const merged: Placement = { ...placement };
  for (const [pillar, level] of Object.entries(opened) as Array<[Pillar, Level]>) {
    const had = merged[pillar];
    if (!had || LEVELS.indexOf(level) > LEVELS.indexOf(had)) merged[pillar] = level;
  }
  return merged;
}
