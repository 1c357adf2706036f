// The one "next lesson" rule (issue 40), shared by the dashboard's Continue card, the finish
// screen and the coach's tips. Pure: the same learner always gets the same answer.
import { type Level, LEVEL_LABELS, LEVELS, type Pillar, PILLAR_LABELS, PILLARS } from './domain.ts';
import { type CompletionTimes, isLessonUnlocked, isLevelUnlocked, type LessonRef, type Placement } from './lessons.ts';

export interface NextLessonInput<T extends LessonRef & { title: string }> {
  lessons: T[];
  /** Lessons passed (completed). */
  completed: ReadonlySet<number>;
  completedAt?: CompletionTimes;
  /** The level the newest assessment places each pillar at (empty before one). */
  placement: Placement;
  /** Each pillar's assessment result (0-100), null before an assessment. */
  results: Record<Pillar, number> | null;
  /** The newest passed lesson, if any. */
  lastPassedId: number | null;
}

export interface NextLesson<T> {
  lesson: T;
  /** Why this lesson, in a sentence without its full stop; it names the placed level. */
  reason: string;
}

const rank = (level: Level) => LEVELS.indexOf(level);

/** Levels of a pillar in the order a learner takes them: from the placed level up, then the ones below. */
export function levelsFrom(placed: Level): Level[] {
  return [...LEVELS.filter((l) => rank(l) >= rank(placed)), ...LEVELS.filter((l) => rank(l) < rank(placed))];
}

/** Pillars from the lowest assessment result up (ties and no result: the spec's pillar order). */
export function pillarsByResult(results: Record<Pillar, number> | null): Pillar[] {
  if (!results) return [...PILLARS];
  return [...PILLARS].sort((a, b) => results[a] - results[b] || PILLARS.indexOf(a) - PILLARS.indexOf(b));
}

function firstUnpassed<T extends LessonRef & { title: string }>(
  input: NextLessonInput<T>,
  pillar: Pillar,
  level: Level,
): T | undefined {
  const { lessons, completed, placement, completedAt } = input;
  if (!isLevelUnlocked(pillar, level, lessons, new Set(completed), placement, completedAt)) return undefined;
  return lessons
    .filter((l) => l.pillar === pillar && l.level === level && !completed.has(l.id))
    .sort((a, b) => a.orderIndex - b.orderIndex)
    .find((l) => isLessonUnlocked(l, lessons, new Set(completed), placement, completedAt));
}

/** The first unpassed lesson open in a pillar, from its placed level up, then the levels below. */
export function nextInPillar<T extends LessonRef & { title: string }>(
  input: NextLessonInput<T>,
  pillar: Pillar,
): T | undefined {
  for (const level of levelsFrom(input.placement[pillar] ?? 'beginner')) {
    const found = firstUnpassed(input, pillar, level);
    if (found) return found;
  }
  return undefined;
}

function placedWords(input: NextLessonInput<LessonRef & { title: string }>, pillar: Pillar): string {
  const placed = input.placement[pillar];
  return input.results && placed
    ? `our assessment places you at ${LEVEL_LABELS[placed]} in ${PILLAR_LABELS[pillar]}`
    : `you have not taken our assessment yet, so ${PILLAR_LABELS[pillar]} starts at Beginner`;
}

const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** After a pass: the next unpassed lesson of its pillar and level, then of the pillar's next open level. */
function afterPass<T extends LessonRef & { title: string }>(input: NextLessonInput<T>): NextLesson<T> | undefined {
  const passed = input.lessons.find((l) => l.id === input.lastPassedId);
  if (!passed) return undefined;
  const where = `${LEVEL_LABELS[passed.level]} ${PILLAR_LABELS[passed.pillar]}`;
  const placed = capitalised(placedWords(input, passed.pillar));
  const same = firstUnpassed(input, passed.pillar, passed.level);
  if (same) {
    return { lesson: same, reason: `${placed}; you passed “${passed.title}”, and this is the next ${where} lesson` };
  }
  for (const level of LEVELS.filter((l) => rank(l) > rank(passed.level))) {
    const lesson = firstUnpassed(input, passed.pillar, level);
    if (lesson) {
      return {
        lesson,
        reason: `${placed}; you have passed every ${where} lesson, so ${LEVEL_LABELS[level]} is your next level there`,
      };
    }
  }
  return undefined;
}

/**
 * The lesson to take next. After a pass: the next unpassed lesson of the same pillar and level,
 * then the first unpassed lesson of that pillar's next open level. Otherwise (nothing passed yet,
 * or that pillar has nothing open left): the first unpassed lesson of the placed level in the
 * pillar with the lowest assessment result, then the next pillar up. Undefined when nothing is left.
 */
export function recommendNextLesson<T extends LessonRef & { title: string }>(
  input: NextLessonInput<T>,
): NextLesson<T> | undefined {
  const after = input.lastPassedId === null ? undefined : afterPass(input);
  if (after) return after;
  const order = pillarsByResult(input.results);
  for (const pillar of order) {
    const lesson = nextInPillar(input, pillar);
    if (!lesson) continue;
    const placed = capitalised(placedWords(input, pillar));
    const lowest = input.results && pillar === order[0]
      ? `${PILLAR_LABELS[pillar]} has your lowest result (${input.results[pillar]} of 100) and `
      : '';
    const where = `${LEVEL_LABELS[lesson.level]} ${PILLAR_LABELS[pillar]}`;
    const first = !input.lessons.some((l) =>
      l.pillar === pillar && l.level === lesson.level && l.orderIndex < lesson.orderIndex
    );
    return {
      lesson,
      reason: lowest
        ? `${lowest}${placedWords(input, pillar)}: this is ${first ? 'the first' : 'your next'} ${where} lesson`
        : `${placed}: this is ${first ? 'the first' : 'your next'} ${where} lesson`,
    };
  }
  return undefined;
}
