// A visitor's quiz results, kept in this browser (localStorage) until "Save your progress": the
// sign-up request carries them (SignUpForm.tsx), the server keeps them with the new account and
// counts them once the address is verified (src/lib/server/learning/visitor-results.ts).

export interface KeptResult {
  lessonId: number;
  attemptId: string;
  quizResponses: Array<{ questionId: number; userAnswer: number }>;
  durationMs?: number;
  /** Questions right, of `total`, and whether that passed (the best result is kept: issue 52). */
  score?: number;
  total?: number;
  passed?: boolean;
}

const KEY = 'visitor-quiz-results';
/** At most this many lessons' results are kept (the sign-up accepts 60). */
const MAX_KEPT = 60;

function read(): KeptResult[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isResult) : [];
  } catch {
    return [];
  }
}

function isResult(value: unknown): value is KeptResult {
  const r = value as KeptResult;
  return typeof r === 'object' && r !== null && Number.isInteger(r.lessonId) && typeof r.attemptId === 'string' &&
    Array.isArray(r.quizResponses);
}

/** The results kept in this browser, the best attempt of each lesson. */
export function keptResults(): KeptResult[] {
  return typeof localStorage === 'undefined' ? [] : read();
}

/** The best result kept for a lesson, if any. */
export function keptResultFor(lessonId: number): KeptResult | undefined {
  return keptResults().find((r) => r.lessonId === lessonId);
}

/** Whether `a` is a better result than `b`: a pass beats a fail, then more right; a tie keeps `b`. */
export function isBetter(a: KeptResult, b: KeptResult): boolean {
  if (Boolean(a.passed) !== Boolean(b.passed)) return Boolean(a.passed);
  return (a.score ?? 0) > (b.score ?? 0);
}

/** Keeps a finished quiz when it beats the lesson's kept one (a later fail never replaces a pass); answers the one kept. */
export function keepResult(result: KeptResult): KeptResult {
  try {
    const all = read();
    const kept = all.find((r) => r.lessonId === result.lessonId);
    if (kept && !isBetter(result, kept)) return kept;
    const others = all.filter((r) => r.lessonId !== result.lessonId);
    localStorage.setItem(KEY, JSON.stringify([...others, result].slice(-MAX_KEPT)));
  } catch {
    // Storage full or refused (private mode): the quiz still showed its result.
  }
  return result;
}

const ORDERS_KEY = 'visitor-quiz-orders';

/** The option orders a lesson's quiz showed last in this browser (Try again avoids them, after a reload too). */
export function lastOrdersFor(lessonId: number): Record<number, number[]> {
  try {
    const all: unknown = JSON.parse(localStorage.getItem(ORDERS_KEY) ?? '{}');
    const mine = (all as Record<string, unknown>)?.[lessonId];
    return typeof mine === 'object' && mine !== null ? (mine as Record<number, number[]>) : {};
  } catch {
    return {};
  }
}

/** Keeps the option orders a lesson's quiz shows now (one lesson's at a time: only the next attempt needs them). */
export function keepOrders(lessonId: number, orders: Record<number, number[]>): void {
  try {
    localStorage.setItem(ORDERS_KEY, JSON.stringify({ [lessonId]: orders }));
  } catch {
    // Storage refused: Try again still avoids the orders shown since the page loaded.
  }
}

/** Forgets the results once a sign-up has carried them. */
export function forgetResults(): void {
  try {
    localStorage.removeItem(KEY);
    localStorage.removeItem(ORDERS_KEY);
  } catch {
    // Nothing kept.
  }
}
