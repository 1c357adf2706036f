// The money coach (docs/DESIGN.md difference 8): personalised, explainable tips from the learner's
// own answers and results. The rules live in db/content/coach.yaml (coach-rules.ts); this engine is pure.
import { type Level, LEVEL_LABELS, LEVELS, type Pillar, PILLAR_LABELS } from './domain.ts';
import { type AnswerCondition, answerHolds, type CoachRule, gatesOf } from './coach-rules.ts';

export interface CoachLesson {
  id: number;
  slug: string;
  title: string;
  pillar: Pillar;
  level: Level;
  orderIndex: number;
  duration: number;
}

export interface CoachEvidence {
  /**
   * Latest assessment, when it is of the current version: question id → the counted answer's
   * score (0-4). A "does not apply" answer, and every answer of an older version, is absent.
   */
  answerScores: Record<number, number>;
  /** The questions of the current version the learner answered "does not apply" (absent: none). */
  notApplicable?: ReadonlySet<number>;
  /** The same answers' option labels, word for word (for {answer}). */
  answerLabels?: Record<number, string>;
  scores: Record<Pillar, number> | null;
  /** The level the latest result places each pillar at (from the knowledge questions: issue 41); null without one. */
  levels: Record<Pillar, Level> | null;
  completedSlugs: Set<string>;
  /**
   * Per lesson slug: the questions missed in the learner's last try of its quiz, for lessons whose
   * last try was not a pass (a lesson passed since has no misses to point at).
   */
  missedBySlug: Record<string, number>;
  totalQuizzes: number;
  /** The newest passed quiz attempt. */
  lastPassed: { slug: string; score: number; totalQuestions: number } | null;
  focusPillar: Pillar | null;
  /** Every lesson of the curriculum. */
  lessonsBySlug: Record<string, CoachLesson>;
  /** Uncompleted lessons the learner can open, in learning order. */
  openLessons: CoachLesson[];
  /** Lessons no tip may name (the dashboard's Continue lesson: its own button already says it). */
  excludedLessonIds?: ReadonlySet<number>;
}

export interface CoachTip {
  id: string;
  pillar: Pillar;
  text: string;
  evidence: string;
  lesson: CoachLesson;
}

export const MAX_TIPS = 4;

/** Whether the learner's answer to the condition's question meets it. */
function answerMet(condition: AnswerCondition, e: CoachEvidence): boolean {
  return answerHolds(condition, e.answerScores[condition.question], e.notApplicable?.has(condition.question) ?? false);
}

function conditionsHold(rule: CoachRule, e: CoachEvidence, lesson: CoachLesson | undefined): boolean {
  const w = rule.when;
  if (w.answer && !answerMet(w.answer, e)) return false;
  if (gatesOf(rule).some((gate) => !answerMet(gate, e))) return false;
  if (w.scoreBelow && (!e.scores || e.scores[w.scoreBelow.pillar] >= w.scoreBelow.value)) return false;
  if (w.missedAtLeast !== undefined && (!lesson || (e.missedBySlug[lesson.slug] ?? 0) < w.missedAtLeast)) return false;
  if (w.noQuizzes && e.totalQuizzes > 0) return false;
  return true;
}

const position = (l: CoachLesson) => LEVELS.indexOf(l.level) * 1000 + l.orderIndex;

function resolveLesson(
  rule: CoachRule,
  e: CoachEvidence,
  used: Set<number>,
  usedPillars: Set<Pillar>,
): CoachLesson | undefined {
  const candidates = e.openLessons.filter((l) => !used.has(l.id));
  if (rule.lesson === 'next-in-another-pillar') return candidates.find((l) => !usedPillars.has(l.pillar));
  if (rule.lesson === 'next') {
    const pillar = rule.pillar === 'any' ? e.focusPillar : rule.pillar;
    return candidates.find((l) => !pillar || l.pillar === pillar) ?? candidates[0];
  }
  if (rule.lesson === 'after-last-pass') {
    const passed = e.lastPassed && e.lessonsBySlug[e.lastPassed.slug];
    if (!passed) return undefined;
    // The very next open lesson, even if another tip names it (then this rule gives way).
    return e.openLessons.filter((l) => l.pillar === passed.pillar && position(l) > position(passed)).sort((a, b) =>
      position(a) - position(b)
    )[0];
  }
  if (rule.lesson === 'most-missed') {
    const [slug] = Object.entries(e.missedBySlug)
      .filter(([s]) => e.lessonsBySlug[s] && !used.has(e.lessonsBySlug[s].id))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? [];
    return slug ? e.lessonsBySlug[slug] : undefined;
  }
  return e.lessonsBySlug[rule.lesson];
}

/** The sentence for the learner's own answer when the rule has one per option score. */
function evidenceTemplate(rule: CoachRule, e: CoachEvidence): string | undefined {
  if (typeof rule.evidence === 'string') return rule.evidence;
  if (rule.when.answer?.notApplicable) return undefined;
  const score = rule.when.answer ? e.answerScores[rule.when.answer.question] : undefined;
  return score === undefined ? undefined : rule.evidence[String(score)];
}

/**
 * Fills a template from the learner's records. Placeholders about the tip's lesson's pillar:
 * {pillar}, {score} and {level} (its assessment score, and the level the result places it at), {completed} and
 * {total} (its lessons); {passedLesson}, {passedScore} and {passedTotal} (the newest passed
 * quiz); {lesson}, {minutes}, {missed}. Undefined when the learner has no such record, so a
 * tip is never shown with evidence we do not have.
 */
function fill(template: string, lesson: CoachLesson, e: CoachEvidence, rule?: CoachRule): string | undefined {
  const inPillar = Object.values(e.lessonsBySlug).filter((l) => l.pillar === lesson.pillar);
  const score = e.scores?.[lesson.pillar];
  const passed = e.lastPassed && e.lessonsBySlug[e.lastPassed.slug];
  const values: Record<string, string | undefined> = {
    lesson: `“${lesson.title}”`,
    minutes: String(lesson.duration),
    missed: String(e.missedBySlug[lesson.slug] ?? 0),
    pillar: PILLAR_LABELS[lesson.pillar],
    score: score === undefined ? undefined : String(score),
    level: e.levels ? LEVEL_LABELS[e.levels[lesson.pillar]] : undefined,
    completed: String(inPillar.filter((l) => e.completedSlugs.has(l.slug)).length),
    total: String(inPillar.length),
    passedLesson: passed ? `“${passed.title}”` : undefined,
    passedScore: e.lastPassed ? String(e.lastPassed.score) : undefined,
    passedTotal: e.lastPassed ? String(e.lastPassed.totalQuestions) : undefined,
    answer: rule?.when.answer ? e.answerLabels?.[rule.when.answer.question] : undefined,
  };
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? undefined : text;
}

/** Two to four tips, most important first, each with its evidence and its lesson. */
export function coachTips(rules: CoachRule[], e: CoachEvidence, max = MAX_TIPS): CoachTip[] {
  const ordered = [...rules].sort(
    (a, b) =>
      a.priority - b.priority ||
      Number(b.pillar === e.focusPillar) - Number(a.pillar === e.focusPillar) ||
      a.id.localeCompare(b.id),
  );
  const tips: CoachTip[] = [];
  const used = new Set<number>(e.excludedLessonIds);
  const aboutMisses = new Set<string>();
  for (const rule of ordered) {
    if (tips.length >= max) break;
    const lesson = resolveLesson(rule, e, used, new Set(tips.map((t) => t.pillar)));
    if (!lesson || used.has(lesson.id)) continue;
    if (!rule.evenIfCompleted && e.completedSlugs.has(lesson.slug)) continue;
    if (!conditionsHold(rule, e, lesson)) continue;
    const template = evidenceTemplate(rule, e);
    const evidence = template === undefined ? undefined : fill(template, lesson, e, rule);
    const advice = fill(rule.advice, lesson, e, rule);
    if (evidence === undefined || advice === undefined) continue;
    used.add(lesson.id);
    tips.push({ id: rule.id, pillar: lesson.pillar, evidence, text: `${evidence}, ${advice}`, lesson });
    if (rule.when.missedAtLeast !== undefined) aboutMisses.add(rule.id);
  }
  return focusFirst(tips, e.focusPillar, aboutMisses);
}

/** A tip about quiz misses never comes before the focus pillar's first tip. */
function focusFirst(tips: CoachTip[], focus: Pillar | null, aboutMisses: Set<string>): CoachTip[] {
  const firstFocus = tips.findIndex((t) => t.pillar === focus && !aboutMisses.has(t.id));
  const missed = tips.findIndex((t) => aboutMisses.has(t.id));
  if (firstFocus < 0 || missed < 0 || missed > firstFocus) return tips;
  const reordered = tips.filter((_, i) => i !== missed);
  reordered.splice(firstFocus, 0, tips[missed]);
  return reordered;
}
