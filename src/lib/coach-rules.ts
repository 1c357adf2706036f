// The money coach's rules as db/content/coach.yaml writes them (docs/DESIGN.md difference 8): their
// schema, and when an answer condition holds. The engine that applies them is coach.ts.
import { z } from 'zod';
import { PILLARS } from './domain.ts';

const pillarOrAny = z.enum([...PILLARS, 'any']);

const answerCondition = z
  .object({
    question: z.number().int().min(1).max(12),
    atMost: z.number().int().min(0).max(4).optional(),
    is: z.number().int().min(0).max(4).optional(),
    atLeast: z.number().int().min(0).max(4).optional(),
    /** The learner chose the question's "does not apply" option (such as "I don't invest yet"). */
    notApplicable: z.literal(true).optional(),
    /** With a bound: a "does not apply" answer meets the condition too (no credit card: no card balance). */
    orNotApplicable: z.literal(true).optional(),
  })
  .strict()
  .refine(
    (a) => [a.atMost, a.is, a.atLeast, a.notApplicable].filter((v) => v !== undefined).length === 1,
    'an answer condition needs exactly one of atMost, is, atLeast or notApplicable',
  )
  .refine((a) => !(a.orNotApplicable && a.notApplicable), 'orNotApplicable goes with a bound');
export type AnswerCondition = z.infer<typeof answerCondition>;

/** True when an answer's score meets the condition (`score` undefined: unanswered or "does not apply"). */
export function answerHolds(condition: AnswerCondition, score: number | undefined, notApplicable = false): boolean {
  if (notApplicable) return Boolean(condition.notApplicable || condition.orNotApplicable);
  if (score === undefined || condition.notApplicable) return false;
  if (condition.atMost !== undefined) return score <= condition.atMost;
  if (condition.atLeast !== undefined) return score >= condition.atLeast;
  return score === condition.is;
}

/** A rule's gates (`alsoAnswer`: one condition or several, all of which must hold). */
export function gatesOf(rule: CoachRule): AnswerCondition[] {
  const also = rule.when.alsoAnswer;
  return also === undefined ? [] : Array.isArray(also) ? also : [also];
}

/** Lessons a rule may name besides a curriculum slug (see `resolveLesson`). */
export const LESSON_REFS = ['next', 'most-missed', 'after-last-pass', 'next-in-another-pillar'] as const;

/** What a template may name (see `fill`). */
export const COACH_PLACEHOLDERS = [
  'lesson',
  'minutes',
  'missed',
  'pillar',
  'score',
  'level',
  'completed',
  'total',
  'passedLesson',
  'passedScore',
  'passedTotal',
  'answer',
] as const;
const placeholdersIn = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** The option scores (0-4) for which an answer condition holds. */
export function triggeringScores(
  answer: { atMost?: number; is?: number; atLeast?: number; notApplicable?: true },
): number[] {
  return [0, 1, 2, 3, 4].filter((score) => answerHolds(answer as AnswerCondition, score));
}

export const coachRuleSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    pillar: pillarOrAny,
    priority: z.number().int(),
    when: z
      .object({
        answer: answerCondition.optional(),
        /** Further answers that must also hold (gates), one or a list; the evidence says what they show. */
        alsoAnswer: z.union([answerCondition, z.array(answerCondition).min(1)]).optional(),
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
    const templates = [
      rule.advice,
      ...(typeof rule.evidence === 'string' ? [rule.evidence] : Object.values(rule.evidence)),
    ];
    for (const name of templates.flatMap(placeholdersIn)) {
      if (!(COACH_PLACEHOLDERS as readonly string[]).includes(name)) {
        ctx.addIssue({ code: 'custom', path: ['evidence'], message: `unknown placeholder {${name}}` });
      }
    }
    const answer = rule.when.answer;
    if (rule.when.alsoAnswer && !answer) {
      ctx.addIssue({ code: 'custom', path: ['when'], message: 'alsoAnswer goes with an answer condition' });
    }
    if (!answer) {
      if (typeof rule.evidence !== 'string') {
        ctx.addIssue({ code: 'custom', path: ['evidence'], message: 'per-score evidence needs an answer condition' });
      }
      if (templates.some((t) => t.includes('{answer}'))) {
        ctx.addIssue({ code: 'custom', path: ['evidence'], message: '{answer} needs an answer condition' });
      }
      return;
    }
    // A "does not apply" answer has one wording (its option), so one sentence, naming the question.
    if (answer.notApplicable) {
      if (typeof rule.evidence !== 'string' || rule.evidence.includes('{answer}')) {
        ctx.addIssue({
          code: 'custom',
          path: ['evidence'],
          message: `a rule on question ${answer.question}'s "does not apply" answer has one sentence, without {answer}`,
        });
      }
      return;
    }
    // The evidence quotes the chosen option itself...
    if (typeof rule.evidence === 'string' && rule.evidence.includes('{answer}')) return;
    // ...or, since an answer can be any of several options, each gets its own sentence, so none misstates it.
    const want = triggeringScores(answer).map(String).join(',');
    const have = typeof rule.evidence === 'string' ? '' : Object.keys(rule.evidence).sort().join(',');
    if (have !== want) {
      ctx.addIssue({
        code: 'custom',
        path: ['evidence'],
        message:
          `a rule on question ${answer.question} needs one evidence sentence for each score it fires on (${want})`,
      });
    }
  });
export const coachRulesSchema = z.array(coachRuleSchema).min(2);
export type CoachRule = z.infer<typeof coachRuleSchema>;
