// Money as integer cents and percents as integer thousandths of a percent, so the plan's
// arithmetic is exact; dollars and percents appear only at the edges (input, text).

/** Cents in a dollar amount that has at most two decimals (the input schema checks it). */
export const toCents = (dollars: number): number => Math.round(dollars * 100);

/** Thousandths of a percent in a percent with at most three decimals: 6.875% is 6875. */
export const toMilliPercent = (percent: number): number => Math.round(percent * 1000);

/** 100% in thousandths of a percent. */
export const WHOLE_PERCENT = 100_000;

/**
 * a × b × c ÷ divisor for non-negative integers, rounded half up to a whole number (a cent) once,
 * at the end. Exact: BigInt steps in when the product leaves the range where doubles hold integers.
 */
export function mulDivRound(a: number, b: number, divisor: number, c = 1): number {
  const product = a * b * c;
  if (Number.isSafeInteger(product)) {
    let whole = Math.floor(product / divisor);
    // The float division may land one off when the quotient is within a rounding of a whole number.
    if (whole * divisor > product) whole -= 1;
    else if ((whole + 1) * divisor <= product) whole += 1;
    return 2 * (product - whole * divisor) >= divisor ? whole + 1 : whole;
  }
  const big = BigInt(a) * BigInt(b) * BigInt(c);
  const d = BigInt(divisor);
  const whole = big / d;
  return Number(2n * (big - whole * d) >= d ? whole + 1n : whole);
}

/**
 * One month's interest on a balance: balance × APR ÷ 12, rounded half up to the cent. The APR is
 * in thousandths of a percent, so the divisor is 12 months × 100 (percent) × 1000.
 */
export const monthlyInterest = (balanceCents: number, aprMilli: number): number =>
  balanceCents <= 0 ? 0 : mulDivRound(balanceCents, aprMilli, 12 * WHOLE_PERCENT);

// One formatter of each kind, made once: toLocaleString with options builds a new one per call,
// and a plan formats hundreds of figures.
const DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const DOLLARS_CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 });

/** $3,200, $11.25, −$85: the lessons' money format (practice-tools' formatMoney), with a true minus. */
export function formatCents(cents: number): string {
  const dollars = Math.abs(cents) / 100;
  const text = (Number.isInteger(dollars) ? DOLLARS : DOLLARS_CENTS).format(dollars);
  return cents < 0 ? `−${text}` : text;
}

/** 27%, 6.875%: a percent held in thousandths. */
export const formatPercent = (milli: number): string => `${PERCENT.format(milli / 1000)}%`;

/** "1 month", "14 months". */
export const formatMonths = (months: number): string => `${months} ${months === 1 ? 'month' : 'months'}`;
