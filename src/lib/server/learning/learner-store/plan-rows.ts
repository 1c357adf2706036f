// A learner's saved money plan as every learner read takes it: the newest row of money_plans, read
// in the same statement as the rest of their rows (the next step, the dashboard and the coach need
// it), with its current step and summary stored when it was saved.
import { desc } from 'drizzle-orm';
import { moneyPlans } from '../../../../../db/schema.ts';
import type { PlanInput } from '../../../money-plan/input.ts';
import { isStepId, type SavedPlan, type SavedPlanSummary } from '../../../money-plan/saved.ts';

/** The newest saved plan, as a relation of the learner's read. */
export const NEWEST_PLAN = {
  columns: { id: true, version: true, input: true, summary: true, createdAt: true } as const,
  orderBy: [desc(moneyPlans.createdAt)],
  limit: 1,
};

export interface PlanRowRead {
  id: string;
  version: number;
  input: Record<string, unknown>;
  summary: Record<string, unknown>;
  createdAt: Date;
}

/** The saved plan of a learner read with NEWEST_PLAN; null without one (or a summary of no known step). */
export function savedPlanOf(rows: readonly PlanRowRead[] | undefined): SavedPlan | null {
  const row = rows?.[0];
  if (!row || !isStepId(row.summary.stepId)) return null;
  return {
    id: row.id,
    version: row.version,
    input: row.input as PlanInput,
    summary: row.summary as unknown as SavedPlanSummary,
    createdAt: row.createdAt,
  };
}
