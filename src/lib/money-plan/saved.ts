// A saved plan as the app keeps it: the learner's checked figures and, computed when it is saved
// (so no page computes a plan to name the next step), its current step and the one line the
// dashboard and the coach quote. Pure.
import type { PlanInput } from './input.ts';
import { headlineFor } from './explain.ts';
import { computePlan, type MoneyPlan, planHeadline } from './plan.ts';
import type { PlanRules } from './rules.ts';
import { STEP_IDS, STEP_TITLES, type StepId } from './steps.ts';

/** The version of the plan's rules a summary was computed with: a change to them moves it. */
export const PLAN_VERSION = 1;

export interface SavedPlanSummary {
  stepId: StepId;
  stepTitle: string;
  /** "$500 more to your starter fund". */
  headline: string;
  amountCents: number | null;
  /** What to do with this month's surplus, with its figures. */
  action: string;
  /** Take-home − essentials − minimums, as the page explains it; null without those figures. */
  surplusCents: number | null;
  /** Each step still to do, in its one line ("$4,500 more to your full emergency fund"): the coach quotes them. */
  stepLines: Partial<Record<StepId, string>>;
}

/** What the app reads of a saved plan (the newest row of money_plans). */
export interface SavedPlan {
  id: string;
  version: number;
  input: PlanInput;
  summary: SavedPlanSummary;
  createdAt: Date;
}

export function summarizePlan(plan: MoneyPlan): SavedPlanSummary {
  const headline = planHeadline(plan);
  return {
    stepId: headline.stepId,
    stepTitle: STEP_TITLES[headline.stepId],
    headline: headline.text,
    amountCents: headline.amountCents,
    action: plan.action.text,
    surplusCents: plan.surplus.cents,
    stepLines: Object.fromEntries(
      plan.steps.filter((s) => s.status === 'to-do').map((s) => [s.id, headlineFor(s, plan.match).text]),
    ),
  };
}

/** The plan and its summary, as "Save my plan" stores them (the what-if is not part of a plan). */
export function planToSave(input: PlanInput, rules: PlanRules): { plan: MoneyPlan; summary: SavedPlanSummary } {
  const plan = computePlan(input, rules);
  return { plan, summary: summarizePlan(plan) };
}

export const isStepId = (value: unknown): value is StepId => STEP_IDS.includes(value as StepId);
