// The plan's thresholds. They live in db/content/facts.yaml (one dated table for every figure the
// app states); the server reads that file and passes a PlanRules here, so the plan stays pure.
import type { FactsFile } from '../curriculum.ts';

export interface PlanRules {
  /** A debt at or above this APR (in percent) is high-interest: step 3 pays it off. */
  highInterestAprPercent: number;
  /** The starter emergency fund, in months of essential spending (step 1). */
  starterFundMonths: number;
  /** The full emergency fund when no one depends on the learner's income (step 4). */
  fullFundMonths: number;
  /** The full emergency fund when someone does. */
  fullFundMonthsWithDependents: number;
}

/** Where each rule sits in facts.yaml, and the unit it must have there. */
export const PLAN_RULE_FACTS = {
  highInterestAprPercent: { id: 'plan-high-interest-apr', unit: 'percent' },
  starterFundMonths: { id: 'plan-starter-fund-months', unit: 'number' },
  fullFundMonths: { id: 'plan-full-fund-months', unit: 'number' },
  fullFundMonthsWithDependents: { id: 'plan-full-fund-months-dependents', unit: 'number' },
} as const satisfies Record<keyof PlanRules, { id: string; unit: string }>;

/** The plan's rules from the parsed facts (readFacts()); a missing or mistyped fact is an error. */
export function planRulesFromFacts(facts: FactsFile['facts']): PlanRules {
  const read = (key: keyof PlanRules): number => {
    const { id, unit } = PLAN_RULE_FACTS[key];
    const fact = facts[id];
    if (!fact || !('value' in fact) || fact.unit !== unit) {
      throw new Error(`facts.yaml needs ${id}, a ${unit} (the money plan's ${key})`);
    }
    return fact.value;
  };
  const rules: PlanRules = {
    highInterestAprPercent: read('highInterestAprPercent'),
    starterFundMonths: read('starterFundMonths'),
    fullFundMonths: read('fullFundMonths'),
    fullFundMonthsWithDependents: read('fullFundMonthsWithDependents'),
  };
  const months = [rules.starterFundMonths, rules.fullFundMonths, rules.fullFundMonthsWithDependents];
  if (!months.every((m) => Number.isInteger(m) && m >= 1) || !(months[0] <= months[1] && months[1] <= months[2])) {
    throw new Error('facts.yaml: the money plan needs whole months with starter ≤ full ≤ full with dependents');
  }
  if (!(rules.highInterestAprPercent > 0 && rules.highInterestAprPercent <= 100)) {
    throw new Error('facts.yaml: plan-high-interest-apr must be a percent above 0 and at most 100');
  }
  return rules;
}
