// Recomputes the arithmetic written out in lesson text and quiz explanations, such as
// "$1,000 ÷ $50 = **20 weeks**" or "($600 + $300) ÷ $6,000 = about 15%". Pure; used by the
// content test so that no worked example or answer key states a wrong number.

export interface Equation {
  /** The text as written, markdown emphasis removed. */
  text: string;
  /** Each side's computed value, left to right. */
  values: number[];
  /** The stated results' precision (half a unit of their last digit), per side after the first. */
  tolerances: number[];
  approximate: boolean[];
}

const NUMBER = String.raw`\$?\d{1,3}(?:,\d{3})+(?:\.\d+)?%?|\$?\d+(?:\.\d+)?%?|\$?\.\d+%?`;
const OPERATOR = String.raw`[+\-−×÷*/^]|\bx\b|\bof\b`;
const APPROX = String.raw`(?:about|around|roughly|nearly|almost|approximately|~|≈)\s+`;
/** An expression: numbers joined by operators, with optional parentheses. */
const TERM = String.raw`\(*\s*(?:${NUMBER})\s*\)*`;
const EXPRESSION = String.raw`${TERM}(?:\s*(?:${OPERATOR})\s*${TERM})*`;
const SIDE = String.raw`(?:${APPROX})?${EXPRESSION}`;
const CHAIN = new RegExp(String.raw`${EXPRESSION}(?:\s*[=≈]\s*${SIDE})+`, 'g');

function plain(text: string): string {
  return text.replace(/\*\*|__|(?<!\w)\*(?=\S)|(?<=\S)\*(?!\w)/g, '');
}

type Token = { kind: 'num'; value: number; decimals: number; percent: boolean } | { kind: 'op'; op: string } | {
  kind: 'paren';
  open: boolean;
};

function tokenize(expression: string): Token[] {
  const tokens: Token[] = [];
  const re = new RegExp(String.raw`(${NUMBER})|(${OPERATOR})|([()])`, 'g');
  for (const m of expression.matchAll(re)) {
    if (m[1]) {
      const raw = m[1].replace(/[$,]/g, '');
      const percent = raw.endsWith('%');
      const digits = percent ? raw.slice(0, -1) : raw;
      const decimals = digits.includes('.') ? digits.split('.')[1].length : 0;
      tokens.push({ kind: 'num', value: Number(digits) / (percent ? 100 : 1), decimals, percent });
    } else if (m[2]) {
      const op = { '−': '-', '×': '*', x: '*', of: '*', '÷': '/' }[m[2]] ?? m[2];
      tokens.push({ kind: 'op', op });
    } else tokens.push({ kind: 'paren', open: m[3] === '(' });
  }
  return tokens;
}

/** Evaluates with the usual precedence (^, then × ÷, then + −); null when it is not well formed. */
function evaluate(tokens: Token[]): number | null {
  let i = 0;
  const primary = (): number | null => {
    const t = tokens[i];
    if (!t) return null;
    if (t.kind === 'num') {
      i++;
      return t.value;
    }
    if (t.kind === 'paren' && t.open) {
      i++;
      const v = sum();
      const close = tokens[i];
      if (v === null || !close || close.kind !== 'paren' || close.open) return null;
      i++;
      return v;
    }
    return null;
  };
  const power = (): number | null => {
    const base = primary();
    if (base === null) return null;
    const t = tokens[i];
    if (t?.kind === 'op' && t.op === '^') {
      i++;
      const exp = power();
      return exp === null ? null : base ** exp;
    }
    return base;
  };
  const product = (): number | null => {
    let v = power();
    while (v !== null) {
      const t = tokens[i];
      if (t?.kind !== 'op' || (t.op !== '*' && t.op !== '/')) break;
      i++;
      const r = power();
      if (r === null) return null;
      v = t.op === '*' ? v * r : v / r;
    }
    return v;
  };
  const sum = (): number | null => {
    let v = product();
    while (v !== null) {
      const t = tokens[i];
      if (t?.kind !== 'op' || (t.op !== '+' && t.op !== '-')) break;
      i++;
      const r = product();
      if (r === null) return null;
      v = t.op === '+' ? v + r : v - r;
    }
    return v;
  };
  const value = sum();
  return value !== null && i === tokens.length ? value : null;
}

/** Every written-out calculation in the text (a chain of sides joined by "="). */
export function findEquations(text: string): Equation[] {
  const equations: Equation[] = [];
  for (const line of plain(text).split(/\n/)) {
    for (const m of line.matchAll(CHAIN)) {
      // Parentheses that only wrap the chain in prose, "(that is $5 × 2 = $10)", are not part of it.
      let chain = m[0].trim();
      const opens = (chain.match(/\(/g) ?? []).length;
      const closes = (chain.match(/\)/g) ?? []).length;
      if (closes > opens) chain = chain.replace(/\)+$/, (tail) => tail.slice(0, tail.length - (closes - opens)));
      if (opens > closes) chain = chain.replace(/^\(+/, (head) => head.slice(opens - closes));
      const parts = chain.split(/\s*([=≈])\s*/);
      const sides = parts.filter((_, i) => i % 2 === 0);
      const separators = parts.filter((_, i) => i % 2 === 1);
      const values: number[] = [];
      const tolerances: number[] = [];
      const approximate: boolean[] = [];
      let ok = true;
      sides.forEach((side, index) => {
        const approx = new RegExp(`^${APPROX}`).test(side) || separators[index - 1] === '≈';
        const tokens = tokenize(side.replace(new RegExp(`^${APPROX}`), ''));
        const value = evaluate(tokens);
        if (value === null) ok = false;
        values.push(value ?? NaN);
        approximate.push(approx);
        const last = [...tokens].reverse().find((t) => t.kind === 'num');
        const unit = last && last.kind === 'num' ? 10 ** -last.decimals * (last.percent ? 0.01 : 1) : 1;
        tolerances.push(tokens.length === 1 ? unit / 2 : 0);
      });
      // A side that is only one number with no operator on the left is not a calculation.
      if (ok && tokenize(sides[0]).length > 1) equations.push({ text: chain, values, tolerances, approximate });
    }
  }
  return equations;
}

/** The equation's problem, or null when every stated side matches the one before it. */
export function checkEquation(eq: Equation): string | null {
  for (let k = 1; k < eq.values.length; k++) {
    const expected = eq.values[k - 1];
    const stated = eq.values[k];
    const exactTolerance = Math.max(eq.tolerances[k], 1e-9 * Math.max(1, Math.abs(expected)));
    // "about" allows rounding to a friendly figure: within 2% or half a unit of the last digit.
    const tolerance = eq.approximate[k] ? Math.max(exactTolerance, Math.abs(expected) * 0.02) : exactTolerance;
    if (eq.tolerances[k] === 0) {
      // Both sides are expressions ("12 ÷ 3 = 4 × 1"): compare exactly.
      if (Math.abs(expected - stated) > 1e-9 * Math.max(1, Math.abs(expected))) {
        return `${eq.text}: ${fmt(expected)} ≠ ${fmt(stated)}`;
      }
    } else if (Math.abs(expected - stated) > tolerance + 1e-12) {
      return `${eq.text}: the left side is ${fmt(expected)}`;
    }
  }
  return null;
}

function fmt(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toPrecision(6);
}
