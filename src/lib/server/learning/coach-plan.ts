// The coach and a saved money plan (issue 57): a tip that quotes the plan's figures and names the
// current step's next lesson to open, the Continue card's reason when that lesson is the plan's, and
// the dashboard's line for the plan. The figures were computed when the plan was saved.
import { type CoachLesson, type CoachTip, MAX_TIPS } from '../../coach.ts';
import { isLessonUnlocked } from '../../lessons.ts';
import { STEP_IDS, STEP_LESSONS } from '../../money-plan/steps.ts';
import type { SavedPlan } from '../../money-plan/saved.ts';
import type { LearnerState } from './learner-store/state.ts';

/** "Your money plan: $500 more to your starter fund. Put $1,050 a month into your emergency fund: ...". */
export const planWords = (plan: SavedPlan) => `Your money plan: ${plan.summary.headline}. ${plan.summary.action}.`;

/** The dashboard's line: the current step and its one number. */
export const planLine = (plan: SavedPlan | null) =>
  plan && { stepTitle: plan.summary.stepTitle, headline: plan.summary.headline };

/** The current step's lessons the learner can open and has not passed, in the step's order. */
function openStepLessons(state: LearnerState, plan: SavedPlan) {
  const bySlug = new Map(state.lessons.map((l) => [l.slug, l]));
  return STEP_LESSONS[plan.summary.stepId].flatMap((slug) => {
    const l = bySlug.get(slug);
    const open = l && !state.completed.has(l.id) &&
      isLessonUnlocked(l, state.lessons, state.completed, state.placement, state.completedAt);
    return open ? [l] : [];
  });
}

/**
 * The plan's tip: its figures, and the step's first open, unpassed lesson other than the Continue
 * one (whose own card already names it, with the same figures as its reason); null without one.
 */
export function planTip(
  state: LearnerState,
  toCoachLesson: (l: LearnerState['lessons'][number]) => CoachLesson,
  continueLessonId: number | null,
): (CoachTip & { opensAfter: null }) | null {
  const plan = state.plan;
  if (!plan) return null;
  const lesson = openStepLessons(state, plan).find((l) => l.id !== continueLessonId);
  if (!lesson) return null;
  return {
    id: 'money-plan',
    pillar: lesson.pillar,
    text: `${planWords(plan)} “${lesson.title}” teaches this step.`,
    evidence: planWords(plan),
    lesson: toCoachLesson(lesson),
    opensAfter: null,
  };
}

/** The Continue lesson's reason in the plan's figures, when it is one of the plan step's lessons. */
export function planContinueReason(state: LearnerState, continueLessonId: number | null): string | null {
  const plan = state.plan;
  if (!plan || continueLessonId === null) return null;
  return openStepLessons(state, plan).some((l) => l.id === continueLessonId) ? planWords(plan).slice(0, -1) : null;
}

/**
 * Tips about a lesson that teaches a step of the plan quote the plan's figure for that step ("Your
 * money plan: $4,500 more to your full emergency fund"), the current step's first.
 */
export function quotePlan<T extends { text: string; lesson: CoachLesson }>(tips: T[], state: LearnerState): T[] {
  const plan = state.plan;
  if (!plan) return tips;
  const lines = plan.summary.stepLines ?? {};
  const order = [plan.summary.stepId, ...STEP_IDS.filter((id) => id !== plan.summary.stepId)];
  return tips.map((tip) => {
    if (tip.text.startsWith('Your money plan')) return tip;
    const step = order.find((id) => lines[id] && STEP_LESSONS[id].includes(tip.lesson.slug));
    return step ? { ...tip, text: `${tip.text} Your money plan: ${lines[step]}.` } : tip;
  });
}

type PlanTip = NonNullable<ReturnType<typeof planTip>>;

/**
 * The coach's tips with a saved plan: the first stays the next step (one answer on every screen,
 * src/lib/next-lesson.ts), the plan's own tip follows it, and each quotes the plan where it can.
 */
export function planTips<T extends { text: string; lesson: CoachLesson }>(
  tips: T[],
  state: LearnerState,
  toCoachLesson: (l: LearnerState['lessons'][number]) => CoachLesson,
  continueLessonId: number | null,
): Array<T | PlanTip> {
  const own = planTip(state, toCoachLesson, continueLessonId);
  const rest = tips.slice(1).filter((t) => t.lesson.id !== own?.lesson.id);
  const all = own ? [...tips.slice(0, 1), own, ...rest].slice(0, MAX_TIPS) : tips;
  return quotePlan<T | PlanTip>(all, state);
}

/** The Continue card's reason (the plan's figures when its lesson is the plan's) and the dashboard's plan line. */
export function planParts(state: LearnerState, continueLessonId: number | null, coachReason: string | null) {
  return {
    continueReason: planContinueReason(state, continueLessonId) ?? coachReason,
    plan: planLine(state.plan),
  };
}
