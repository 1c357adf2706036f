// The money coach (DESIGN.md difference 8): personalised, explainable tips from the learner's
// own answers and results. The rules live in db/content/coach.yaml; this engine is pure.
import { z } from 'zod';
import { PILLARS, type Pillar } from './domain.ts';

const pillarOrAny = z.enum([...PILLARS, 'any']);

export const coachRuleSchema = z.object({
  id: z.string().regex(/^[a-z0-9-]+$/),
  pillar: pillarOrAny,
  priority: z.number().int(),
  when: z
    .object({
      answer: z
        .object({ question: z.number().int().min(1).max(12), atMost: z.number().int().min(0).max(4).optional(), is: z.number().int().min(0).max(4).optional() })
        .refine((a) => (a.atMost === undefined) !== (a.is === undefined), 'answer needs exactly one of atMost or is')
        .optional(),
      scoreBelow: z.object({ pillar: z.enum(PILLARS), value: z.number().min(0).max(101) }).optional(),
      missedAtLeast: z.number().int().min(1).optional(),
      noQuizzes: z.literal(true).optional(),
    })
    .strict(),
  evidence: z.string().min(5),
  advice: z.string().min(5),
  lesson: z.string().min(1),
  evenIfCompleted: z.boolean().optional(),
});
export const coachRulesSchema = z.array(coachRuleSchema).min(2);
export type CoachRule = z.infer<typeof coachRuleSchema>;

export interface CoachLesson {
  id: number;
  slug: string;
  title: string;
  pillar: Pillar;
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
  focusPillar: Pillar | null;
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

function resolveLesson(rule: CoachRule, e: CoachEvidence, used: Set<number>): CoachLesson | undefined {
  if (rule.lesson === 'next') {
    const pillar = rule.pillar === 'any' ? e.focusPillar : rule.pillar;
    const candidates = e.openLessons.filter((l) => !used.has(l.id));
    return candidates.find((l) => !pillar || l.pillar === pillar) ?? candidates[0];
  }
  if (rule.lesson === 'most-missed') {
    const [slug] = Object.entries(e.missedBySlug)
      .filter(([s]) => e.lessonsBySlug[s] && !used.has(e.lessonsBySlug[s].id))
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? [];
    return slug ? e.lessonsBySlug[slug] : undefined;
  }
  return e.lessonsBySlug[rule.lesson];
}

function fill(template: string, lesson: CoachLesson, e: CoachEvidence): string {
  return template
    .replaceAll('{lesson}', `“${lesson.title}”`)
    .replaceAll('{minutes}', String(lesson.duration))
    .replaceAll('{missed}', String(e.missedBySlug[lesson.slug] ?? 0));
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
    const lesson = resolveLesson(rule, e, used);
    if (!lesson || used.has(lesson.id)) continue;
    if (!rule.evenIfCompleted && e.completedSlugs.has(lesson.slug)) continue;
    if (!conditionsHold(rule, e, lesson)) continue;
    used.add(lesson.id);
    const evidence = fill(rule.evidence, lesson, e);
    tips.push({ id: rule.id, pillar: lesson.pillar, evidence, text: `${evidence}, ${fill(rule.advice, lesson, e)}`, lesson });
  }
  return tips;
}
