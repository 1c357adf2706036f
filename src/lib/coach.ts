// The money coach (DESIGN.md difference 8): personalised, explainable tips from the learner's
// own answers and results. The rules live in db/content/coach.yaml; this engine is pure.
import { z } from 'zod';
import { LEVEL_LABELS, LEVELS, PILLAR_LABELS, PILLARS, type Level, type Pillar } from './domain.ts';
import { levelForScore } from './assessment.ts';

const pillarOrAny = z.enum([...PILLARS, 'any']);

const answerCondition = z
  .object({ question: z.number().int().min(1).max(12), atMost: z.number().int().min(0).max(4).optional(), is: z.number().int().min(0).max(4).optional() })
  .refine((a) => (a.atMost === undefined) !== (a.is === undefined), 'answer needs exactly one of atMost or is');

/** Lessons a rule may name besides a curriculum slug (see `resolveLesson`). */
export const LESSON_REFS = ['next', 'most-missed', 'after-last-pass', 'next-in-another-pillar'] as const;

/** What a template may name (see `fill`). */
export const COACH_PLACEHOLDERS = ['lesson', 'minutes', 'missed', 'pillar', 'score', 'level', 'completed', 'total', 'passedLesson', 'passedScore', 'passedTotal'] as const;
const placeholdersIn = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** The option scores (0-4) for which an answer condition holds. */
export function triggeringScores(answer: { atMost?: number; is?: number }): number[] {
  return answer.is !== undefined ? [answer.is] : Array.from({ length: (answer.atMost ?? -1) + 1 }, (_, i) => i);
}

export const coachRuleSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    pillar: pillarOrAny,
    priority: z.number().int(),
    when: z
      .object({
        answer: answerCondition.optional(),
        scoreBelow: z.object({ pillar: z.enum(PILLARS), value: z.number().min(0).max(101) }).optional(),
        missedAtLeast: z.number().int().min(1).optional(),
        noQuizzes: z.literal(true).optional(),
      })
      .strict(),
    /** One sentence, or (for a rule on an answer) one per option score that triggers it. */
    evidence: z.union([z.string().min(5), z.record(z.string().regex(/^[0-4]$/), z.string().min(5))]),
    advice: z.string().min(5),
    lesson: z.string().min(1),
    evenIfCompleted: z.boolean().optional(),
  })
  .superRefine((rule, ctx) => {
    const templates = [rule.advice, ...(typeof rule.evidence === 'string' ? [rule.evidence] : Object.values(rule.evidence))];
    for (const name of templates.flatMap(placeholdersIn)) {
      if (!(COACH_PLACEHOLDERS as readonly string[]).includes(name)) ctx.addIssue({ code: 'custom', path: ['evidence'], message: `unknown placeholder {${name}}` });
    }
    const answer = rule.when.answer;
    if (!answer) {
      if (typeof rule.evidence !== 'string') ctx.addIssue({ code: 'custom', path: ['evidence'], message: 'per-score evidence needs an answer condition' });
      return;
    }
    // An answer can be any of several options: each gets its own sentence, so none misstates it.
    const want = triggeringScores(answer).map(String).join(',');
    const have = typeof rule.evidence === 'string' ? '' : Object.keys(rule.evidence).sort().join(',');
    if (have !== want) ctx.addIssue({ code: 'custom', path: ['evidence'], message: `a rule on question ${answer.question} needs one evidence sentence for each score it fires on (${want})` });
  });
export const coachRulesSchema = z.array(coachRuleSchema).min(2);
export type CoachRule = z.infer<typeof coachRuleSchema>;

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
  /** Latest assessment: question id → option score (0-4). */
  answerScores: Record<number, number>;
  scores: Record<Pillar, number> | null;
  completedSlugs: Set<string>;
  /** Missed quiz questions per lesson slug, over every attempt. */
  missedBySlug: Record<string, number>;
  totalQuizzes: number;
  /** The newest passed quiz attempt. */
  lastPassed: { slug: string; score: number; totalQuestions: number } | null;
  focusPillar: Pillar | null;
  /** Every lesson of the curriculum. */
  lessonsBySlug: Record<string, CoachLesson>;
  /** Uncompleted lessons the learner can open, in learning order. */
  openLessons: CoachLesson[];
}

export interface CoachTip {
  id: string;
  pillar: Pillar;
  text: string;
  evidence: string;
  lesson: CoachLesson;
}

export const MAX_TIPS = 4;

function conditionsHold(rule: CoachRule, e: CoachEvidence, lesson: CoachLesson | undefined): boolean {
  const w = rule.when;
  if (w.answer) {
    const score = e.answerScores[w.answer.question];
    if (score === undefined) return false;
    if (w.answer.atMost !== undefined && score > w.answer.atMost) return false;
    if (w.answer.is !== undefined && score !== w.answer.is) return false;
  }
  if (w.scoreBelow && (!e.scores || e.scores[w.scoreBelow.pillar] >= w.scoreBelow.value)) return false;
  if (w.missedAtLeast !== undefined && (!lesson || (e.missedBySlug[lesson.slug] ?? 0) < w.missedAtLeast)) return false;
  if (w.noQuizzes && e.totalQuizzes > 0) return false;
  return true;
}

const position = (l: CoachLesson) => LEVELS.indexOf(l.level) * 1000 + l.orderIndex;

function resolveLesson(rule: CoachRule, e: CoachEvidence, used: Set<number>, usedPillars: Set<Pillar>): CoachLesson | undefined {
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
    return e.openLessons.filter((l) => l.pillar === passed.pillar && position(l) > position(passed)).sort((a, b) => position(a) - position(b))[0];
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
  const score = rule.when.answer ? e.answerScores[rule.when.answer.question] : undefined;
  return score === undefined ? undefined : rule.evidence[String(score)];
}

/**
 * Fills a template from the learner's records. Placeholders about the tip's lesson's pillar:
 * {pillar}, {score} and {level} (its assessment score and the level it gives), {completed} and
 * {total} (its lessons); {passedLesson}, {passedScore} and {passedTotal} (the newest passed
 * quiz); {lesson}, {minutes}, {missed}. Undefined when the learner has no such record, so a
 * tip is never shown with evidence we do not have.
 */
function fill(template: string, lesson: CoachLesson, e: CoachEvidence): string | undefined {
  const inPillar = Object.values(e.lessonsBySlug).filter((l) => l.pillar === lesson.pillar);
  const score = e.scores?.[lesson.pillar];
  const passed = e.lastPassed && e.lessonsBySlug[e.lastPassed.slug];
  const values: Record<string, string | undefined> = {
    lesson: `“${lesson.title}”`,
    minutes: String(lesson.duration),
    missed: String(e.missedBySlug[lesson.slug] ?? 0),
    pillar: PILLAR_LABELS[lesson.pillar],
    score: score === undefined ? undefined : String(score),
    level: score === undefined ? undefined : LEVEL_LABELS[levelForScore(score)],
    completed: String(inPillar.filter((l) => e.completedSlugs.has(l.slug)).length),
    total: String(inPillar.length),
    passedLesson: passed ? `“${passed.title}”` : undefined,
    passedScore: e.lastPassed ? String(e.lastPassed.score) : undefined,
    passedTotal: e.lastPassed ? String(e.lastPassed.totalQuestions) : undefined,
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
  const used = new Set<number>();
  for (const rule of ordered) {
    if (tips.length >= max) break;
    const lesson = resolveLesson(rule, e, used, new Set(tips.map((t) => t.pillar)));
    if (!lesson || used.has(lesson.id)) continue;
    if (!rule.evenIfCompleted && e.completedSlugs.has(lesson.slug)) continue;
    if (!conditionsHold(rule, e, lesson)) continue;
    const template = evidenceTemplate(rule, e);
    const evidence = template === undefined ? undefined : fill(template, lesson, e);
    const advice = fill(rule.advice, lesson, e);
    if (evidence === undefined || advice === undefined) continue;
    used.add(lesson.id);
    tips.push({ id: rule.id, pillar: lesson.pillar, evidence, text: `${evidence}, ${advice}`, lesson });
  }
  return tips;
}
