// The one next-step rule (issue 52, docs/DESIGN.md "The next step"): the dashboard's Continue, the
// finish screen's next lesson, the tab /lessons opens on, Priority focus and the coach's first tip
// all show its answer. Pure: the same learner always gets the same answer.
import { type Level, LEVEL_LABELS, LEVELS, type Pillar, PILLAR_LABELS, PILLARS } from './domain.ts';
import { type CompletionTimes, isLessonUnlocked, isLevelUnlocked, type LessonRef, type Placement } from './lessons.ts';

type Titled = LessonRef & { title: string };

export interface NextLessonInput<T extends Titled> {
  lessons: T[];
  /** Lessons passed (completed). */
  completed: ReadonlySet<number>;
  completedAt?: CompletionTimes;
  /** The level the newest assessment places each pillar at (empty before one). */
  placement: Placement;
  /** Each pillar's assessment result (0-100), null before an assessment. */
  results: Record<Pillar, number> | null;
  /** Levels opened another way (a test-out, issue 56): the highest opened per pillar. */
  opened?: Placement;
  /**
   * The rule's first clause (a saved plan's current step, issue 57): the first of these lessons,
   * in this order, that is open and unpassed is the next step, whatever its level; `reason` says why.
   */
  first?: { lessonIds: readonly number[]; reason: string } | null;
}

export interface NextLesson<T> {
  lesson: T;
  /** The priority pillar (the lesson's). */
  pillar: Pillar;
  /** Why this pillar, in a sentence without its full stop (Priority focus and the coach say it). */
  pillarReason: string;
  /** Why this lesson, in a sentence without its full stop; it names the learner's level. */
  reason: string;
  /** Open, unpassed lessons of the pillar below its open level: "review the basics", never the next step. */
  basics: T[];
}

const rank = (level: Level) => LEVELS.indexOf(level);
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const byOrder = (a: Titled, b: Titled) => rank(a.level) - rank(b.level) || a.orderIndex - b.orderIndex;

/** Levels of a pillar in the order a learner takes them: from the placed level up, then the ones below. */
export function levelsFrom(placed: Level): Level[] {
  return [...LEVELS.filter((l) => rank(l) >= rank(placed)), ...LEVELS.filter((l) => rank(l) < rank(placed))];
}

/** The placement with the levels opened another way (a test-out) merged in: the higher of the two. */
function mergedPlacement(input: NextLessonInput<Titled>): Placement {
  const merged: Placement = { ...input.placement };
  for (const pillar of PILLARS) {
    const extra = input.opened?.[pillar];
    const placed = merged[pillar];
    if (extra && (!placed || rank(extra) > rank(placed))) merged[pillar] = extra;
  }
  return merged;
}

/**
 * A pillar's open level: the highest level open to the learner (from the placement, completed
 * levels, or a test-out); Beginner before an assessment.
 */
export function openLevelOf(input: NextLessonInput<Titled>, pillar: Pillar): Level {
  const placement = mergedPlacement(input);
  const completed = new Set(input.completed);
  return [...LEVELS].reverse().find((level) =>
    isLevelUnlocked(pillar, level, input.lessons, completed, placement, input.completedAt)
  ) ?? 'beginner';
}

/** The priority order: the lowest open level first, then the lowest result, then saving, credit, investing. */
export function pillarOrder(input: NextLessonInput<Titled>): Pillar[] {
  const levels = Object.fromEntries(PILLARS.map((p) => [p, rank(openLevelOf(input, p))])) as Record<Pillar, number>;
  const score = (p: Pillar) => input.results?.[p] ?? 0;
  return [...PILLARS].sort((a, b) =>
    levels[a] - levels[b] || score(a) - score(b) || PILLARS.indexOf(a) - PILLARS.indexOf(b)
  );
}

function unlocked(input: NextLessonInput<Titled>, lesson: Titled): boolean {
  return isLessonUnlocked(lesson, input.lessons, new Set(input.completed), mergedPlacement(input), input.completedAt);
}

/** The pillar's open, unpassed lessons below its open level ("review the basics"). */
function basicsOf<T extends Titled>(input: NextLessonInput<T>, pillar: Pillar, open: Level): T[] {
  return input.lessons
    .filter((l) => l.pillar === pillar && rank(l.level) < rank(open) && !input.completed.has(l.id))
    .filter((l) => unlocked(input, l))
    .sort(byOrder);
}

/** How the learner came to the level, in words. */
function levelWords(input: NextLessonInput<Titled>, pillar: Pillar, open: Level): string {
  const where = `${LEVEL_LABELS[open]} in ${PILLAR_LABELS[pillar]}`;
  if (!input.results && open === 'beginner') {
    return `you have not taken our assessment yet, so every pillar starts at Beginner`;
  }
  // A test-out opens only levels above the assessment's, so it names the level when it opened it.
  if (input.opened?.[pillar] === open) return `you passed the ${LEVEL_LABELS[open]} ${PILLAR_LABELS[pillar]} test-out`;
  if (input.results && input.placement[pillar] === open) return `our assessment places you at ${where}`;
  return open === 'beginner' ? `you are at ${where}` : `you have opened ${where}`;
}

/** Why this pillar comes first: its open level, the tie-break that chose it, the pillars passed over. */
function pillarWhy(input: NextLessonInput<Titled>, order: Pillar[], pillar: Pillar, skipped: Pillar[]): string {
  const open = openLevelOf(input, pillar);
  const words = levelWords(input, pillar, open);
  const tied = order.filter((p) => openLevelOf(input, p) === open);
  const lowest = order[0] !== pillar
    ? ''
    : tied.length === 1
    ? `, your lowest level`
    : input.results
    ? `, and of the pillars at ${LEVEL_LABELS[open]} ${PILLAR_LABELS[pillar]} has your lowest result (${
      input.results[pillar]
    } of 100)`
    : '';
  const passedOver = skipped.length
    ? `${skipped.map((p) => PILLAR_LABELS[p]).join(' and ')} ${
      skipped.length === 1 ? 'has' : 'have'
    } no lesson open to you at your level, so ${PILLAR_LABELS[pillar]} comes next: `
    : '';
  return capitalised(`${passedOver}${words}${lowest}`);
}

/** The first clause: a saved plan's step (issue 57), when one of its lessons is open and unpassed. */
function firstClause<T extends Titled>(input: NextLessonInput<T>): NextLesson<T> | undefined {
  if (!input.first) return undefined;
  const byId = new Map(input.lessons.map((l) => [l.id, l]));
  for (const id of input.first.lessonIds) {
    const lesson = byId.get(id);
    if (!lesson || input.completed.has(id) || !unlocked(input, lesson)) continue;
    const reason = capitalised(input.first.reason);
    const open = openLevelOf(input, lesson.pillar);
    return {
      lesson,
      pillar: lesson.pillar,
      pillarReason: reason,
      reason,
      basics: basicsOf(input, lesson.pillar, open),
    };
  }
  return undefined;
}

/**
 * The learner's next lesson, or undefined when the next step is review (every lesson open at or
 * above each pillar's level is passed). The rule (docs/DESIGN.md "The next step"): the first
 * clause (a saved plan's step) when given and open; otherwise the priority pillar is the one with
 * the lowest open level (ties: the lowest result, then saving, credit, investing), and the next
 * lesson is its first unpassed lesson at or above that level; a finished pillar, or a next lesson
 * that is locked, moves on to the next pillar in the same order.
 */
export function recommendNextLesson<T extends Titled>(input: NextLessonInput<T>): NextLesson<T> | undefined {
  const planned = firstClause(input);
  if (planned) return planned;
  const order = pillarOrder(input);
  const skipped: Pillar[] = [];
  for (const pillar of order) {
    const open = openLevelOf(input, pillar);
    const lesson = input.lessons
      .filter((l) => l.pillar === pillar && rank(l.level) >= rank(open) && !input.completed.has(l.id))
      .sort(byOrder)[0];
    if (!lesson || !unlocked(input, lesson)) {
      skipped.push(pillar);
      continue;
    }
    const pillarReason = pillarWhy(input, order, pillar, skipped);
    const isFirst = !input.lessons.some((l) =>
      l.pillar === pillar && l.level === lesson.level && l.orderIndex < lesson.orderIndex
    );
    const where = `${LEVEL_LABELS[lesson.level]} ${PILLAR_LABELS[pillar]}`;
    return {
      lesson,
      pillar,
      pillarReason,
      reason: `${pillarReason}: this is ${isFirst ? 'the first' : 'your next'} ${where} lesson`,
      basics: basicsOf(input, pillar, open),
    };
  }
  return undefined;
}

/** When there is no next lesson: the open, unpassed lessons below each pillar's level, to review. */
export function basicsLeft<T extends Titled>(input: NextLessonInput<T>): T[] {
  return PILLARS.flatMap((p) => basicsOf(input, p, openLevelOf(input, p)));
}
