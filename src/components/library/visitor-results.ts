// A visitor's quiz results, kept in this browser (localStorage) until "Save your progress": the
// sign-up request carries them (SignUpForm.tsx), the server keeps them with the new account and
// counts them once the address is verified (src/lib/server/learning/visitor-results.ts).

export interface KeptResult {
  lessonId: number;
  attemptId: string;
  quizResponses: Array<{ questionId: number; userAnswer: number }>;
  durationMs?: number;
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

/** The results kept in this browser, the latest attempt of each lesson. */
export function keptResults(): KeptResult[] {
  return typeof localStorage === 'undefined' ? [] : read();
}

/** Keeps a finished quiz, replacing an earlier attempt at the same lesson. */
export function keepResult(result: KeptResult): void {
  try {
    const others = read().filter((r) => r.lessonId !== result.lessonId);
    localStorage.setItem(KEY, JSON.stringify([...others, result].slice(-MAX_KEPT)));
  } catch {
    // Storage full or refused (private mode): the quiz still showed its result.
  }
}

/** Forgets the results once a sign-up has carried them. */
export function forgetResults(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
