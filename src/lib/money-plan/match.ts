// The employer match (investing-planning-for-retirement): the employer adds `matchPercent` of what
// the learner puts in, on contributions up to `matchUpToPercent` of gross pay. Putting in that much
// gets the full match; below it, gross × (that percent − what they put in) × the match rate is
// left on the table each year.
import type { PlanInput } from './input.ts';
import { formatCents, formatPercent, mulDivRound, toCents, toMilliPercent, WHOLE_PERCENT } from './money.ts';

export type MatchStatus = 'met' | 'not-met' | 'no-match' | 'unknown';

export interface MatchResult {
  status: MatchStatus;
  /** The contribution, in thousandths of a percent of pay, that gets the full match. */
  fullMatchMilli: number | null;
  contributionMilli: number | null;
  /** The match not collected each year at today's contribution (null without gross pay). */
  leftOnTableYearlyCents: number | null;
  /** What putting in the full-match percent costs a month, before tax (null without gross pay). */
  extraContributionMonthlyCents: number | null;
  /** Fields needed to say more. */
  missing: Array<'matchPercent' | 'matchUpToPercent' | 'contributionPercent' | 'grossPay'>;
  explanation: string;
}

const MATCH_FIELDS = ['matchPercent', 'matchUpToPercent', 'contributionPercent'] as const;

export function employerMatch(input: PlanInput): MatchResult {
  const missing: MatchResult['missing'] = MATCH_FIELDS.filter((f) => input[f] === undefined);
  const rate = input.matchPercent === undefined ? null : toMilliPercent(input.matchPercent);
  const cap = input.matchUpToPercent === undefined ? null : toMilliPercent(input.matchUpToPercent);
  const mine = input.contributionPercent === undefined ? null : toMilliPercent(input.contributionPercent);
  const none = {
    fullMatchMilli: null,
    contributionMilli: mine,
    leftOnTableYearlyCents: null,
    extraContributionMonthlyCents: null,
  };
  if (rate === 0 || cap === 0) {
    return { ...none, status: 'no-match', missing: [], explanation: 'No employer match to collect' };
  }
  if (rate === null || cap === null || mine === null) {
    return {
      ...none,
      status: 'unknown',
      missing,
      explanation: 'Enter the match, up to what percent of pay it goes, and what you put in now to check this step',
    };
  }
  const shortfall = Math.max(0, cap - mine);
  const gross = input.grossPay === undefined ? null : toCents(input.grossPay);
  const terms = `Your employer adds ${formatPercent(rate)} of what you put in, up to ${formatPercent(cap)} of pay`;
  const base = { fullMatchMilli: cap, contributionMilli: mine, status: shortfall === 0 ? 'met' : 'not-met' } as const;
  if (shortfall === 0) {
    return {
      ...base,
      leftOnTableYearlyCents: 0,
      extraContributionMonthlyCents: 0,
      missing: [],
      explanation: `${terms}. You put in ${formatPercent(mine)}, so you get all of it`,
    };
  }
  if (gross === null) {
    return {
      ...base,
      leftOnTableYearlyCents: null,
      extraContributionMonthlyCents: null,
      missing: ['grossPay'],
      explanation: `${terms}. You put in ${formatPercent(mine)}: put in ${
        formatPercent(cap)
      } for the full match (enter your gross pay to see the dollars)`,
    };
  }
  const leftOnTable = mulDivRound(gross, shortfall, WHOLE_PERCENT * WHOLE_PERCENT, rate);
  const extraMonthly = mulDivRound(gross, shortfall, 12 * WHOLE_PERCENT);
  return {
    ...base,
    leftOnTableYearlyCents: leftOnTable,
    extraContributionMonthlyCents: extraMonthly,
    missing: [],
    explanation: `${terms}. You put in ${formatPercent(mine)}, so ${formatPercent(shortfall)} of pay goes unmatched: ${
      formatCents(gross)
    } × ${formatPercent(shortfall)} × ${formatPercent(rate)} = ${
      formatCents(leftOnTable)
    } a year left on the table. Putting in ${formatPercent(cap)} costs ${formatCents(gross)} × ${
      formatPercent(shortfall)
    } ÷ 12 = ${formatCents(extraMonthly)} a month more, taken before tax`,
  };
}
