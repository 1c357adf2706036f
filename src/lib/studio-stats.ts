// The rules of the studio's question statistics (issue 43), apart from the SQL that counts: when a
// question or an option is flagged, in which words, and how the table sorts. The figures come from
// src/lib/server/studio/stats.ts; docs/DESIGN.md explains the choices.

/** No flag until this many learners answered the question (below it one learner moves a share by 3 points or more). */
export const MIN_ANSWERS_TO_FLAG = 30;
/** "Almost everyone gets this right": at least this share correct. */
export const EASY_SHARE = 0.95;
/** "Most get this wrong": under this share correct. */
export const HARD_SHARE = 0.5;
/** "Strong learners miss this more than weak ones": discrimination under this. */
export const NEGATIVE_DISCRIMINATION = 0;
/** "No one picks this option": a wrong option picked by under this share of learners. */
export const UNPICKED_SHARE = 0.02;

export interface OptionStats {
  /** 0-based position of the option. */
  option: number;
  text: string;
  correct: boolean;
  picks: number;
  /** picks / the question's answers (0 when nobody answered). */
  share: number;
}

export interface QuestionStats {
  questionId: number;
  /** 1-based position in the lesson's quiz (the editor's "Question N"). */
  position: number;
  question: string;
  answers: number;
  /** Share of answers that were right, 0..1; null when nobody answered. */
  shareCorrect: number | null;
  /**
   * Point-biserial correlation of the question (right = 1, wrong = 0) with the score on the rest
   * of the quiz in the same attempt, -1..1; null when it cannot be computed (no spread).
   */
  discrimination: number | null;
  options: OptionStats[];
  flags: string[];
}

export const SORT_KEYS = ['position', 'answers', 'correct', 'discrimination'] as const;
export type SortKey = typeof SORT_KEYS[number];
export type SortDirection = 'asc' | 'desc';

const LETTERS = 'ABCDEFGHIJ';
export const optionLetter = (option: number): string => LETTERS[option] ?? String(option + 1);

/** The plain-words flags of a question, once enough learners answered it. */
export function questionFlags(q: Omit<QuestionStats, 'flags'>): string[] {
  if (q.answers < MIN_ANSWERS_TO_FLAG || q.shareCorrect === null) return [];
  const flags: string[] = [];
  if (q.shareCorrect >= EASY_SHARE) flags.push('Almost everyone gets this right');
  if (q.shareCorrect < HARD_SHARE) flags.push('Most get this wrong');
  if (q.discrimination !== null && q.discrimination < NEGATIVE_DISCRIMINATION) {
    flags.push('Strong learners miss this more than weak ones');
  }
  for (const o of q.options) {
    if (!o.correct && o.share < UNPICKED_SHARE) flags.push(`No one picks option ${optionLetter(o.option)}`);
  }
  return flags;
}

/** The table's order: by the chosen column, unknown figures last, ties by position. */
export function sortQuestions(list: QuestionStats[], key: SortKey, direction: SortDirection): QuestionStats[] {
  const value = (q: QuestionStats): number | null =>
    key === 'position'
      ? q.position
      : key === 'answers'
      ? q.answers
      : key === 'correct'
      ? q.shareCorrect
      : q.discrimination;
  const sign = direction === 'asc' ? 1 : -1;
  return [...list].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? a.position - b.position : x === null ? 1 : -1;
    return x === y ? a.position - b.position : (x - y) * sign;
  });
}

/** A sort from query parameters; anything unknown falls back to the quiz's order. */
export function parseSort(sort: string | null, dir: string | null): { key: SortKey; direction: SortDirection } {
  const key = (SORT_KEYS as readonly string[]).includes(sort ?? '') ? sort as SortKey : 'position';
  const direction = dir === 'desc' || dir === 'asc' ? dir : key === 'position' ? 'asc' : 'desc';
  return { key, direction };
}
