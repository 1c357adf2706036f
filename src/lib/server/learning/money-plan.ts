// Saved money plans (issue 57): "Save my plan" stores the learner's checked figures with the
// summary computed from them (src/lib/money-plan/saved.ts), as a new version each time; the
// learner's reads take the newest with their other rows (learner-store/plan-rows.ts). The figures
// are never logged: only that a plan was saved, by whom, and its step.
import { moneyPlans } from '../../../../db/schema.ts';
import type { PlanInput } from '../../money-plan/input.ts';
import { type PlanRules, planRulesFromFacts } from '../../money-plan/rules.ts';
import { PLAN_VERSION, planToSave, type SavedPlan } from '../../money-plan/saved.ts';
import { readFacts } from '../content/curriculum-loader.ts';
import { getDb } from '../platform/db.ts';
import { log } from '../platform/log.ts';
import type { Level } from '../../domain.ts';
import { STEP_IDS, STEP_LESSONS, type StepId } from '../../money-plan/steps.ts';
import { readLearnerRows } from './learner-store/rows.ts';
import { isUnlockedFor, loadLearnerState } from './learner-store/state.ts';

let rules: PlanRules | undefined;

/** The plan's thresholds from db/content/facts.yaml (read once: the file changes only with a deploy). */
export function planRules(): PlanRules {
  rules ??= planRulesFromFacts(readFacts());
  return rules;
}

/** Saves the learner's figures as their plan's newest version. */
export async function savePlan(userId: string, input: PlanInput): Promise<SavedPlan> {
  const { summary } = planToSave(input, planRules());
  const db = await getDb();
  const [row] = await db
    .insert(moneyPlans)
    .values({
      userId,
      version: PLAN_VERSION,
      input: input as Record<string, unknown>,
      currentStep: summary.stepId,
      summary: summary as unknown as Record<string, unknown>,
    })
    .returning({ id: moneyPlans.id, createdAt: moneyPlans.createdAt });
  log('info', 'money plan saved', { userId, step: summary.stepId });
  return { id: row.id, version: PLAN_VERSION, input, summary, createdAt: row.createdAt };
}

/** The learner's saved plan (the newest version), or null: one statement. */
export async function readSavedPlan(userId: string): Promise<SavedPlan | null> {
  return (await readLearnerRows(userId)).plan;
}

/** A lesson that teaches a step, as /plan lists it: passed or not, open or not. */
export interface StepLesson {
  id: number;
  title: string;
  level: Level;
  passed: boolean;
  open: boolean;
}

/** What /plan needs: the rules, the saved plan, and each step's lessons with the learner's state, in one read. */
export async function planPageProps(userId: string) {
  const state = await loadLearnerState(userId);
  const bySlug = new Map(state.lessons.map((l) => [l.slug, l]));
  const stepLessons = Object.fromEntries(
    STEP_IDS.map((id) => [
      id,
      STEP_LESSONS[id].flatMap((slug): StepLesson[] => {
        const lesson = bySlug.get(slug);
        if (!lesson) return [];
        return [{
          id: lesson.id,
          title: lesson.title,
          level: lesson.level,
          passed: state.completed.has(lesson.id),
          open: isUnlockedFor(state, lesson),
        }];
      }),
    ]),
  ) as Record<StepId, StepLesson[]>;
  const saved = state.plan && {
    input: state.plan.input,
    version: state.plan.version,
    savedAt: state.plan.createdAt.toISOString(),
  };
  return { rules: planRules(), saved, stepLessons };
}

export type PlanPageProps = Awaited<ReturnType<typeof planPageProps>>;
