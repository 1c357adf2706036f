// Quiz cues (db/content/README.md): what a test-wise guess could use to find a key without
// knowing the answer (its length, its place, a lone hedge or a lone missing absolute), per lesson
// and per pillar. Pure; used by content-rules.ts, `npm run content:check` and the editor check.
import { type LessonFile, MAX_LONGEST_CORRECT_SHARE, MAX_POSITION_SHARE, MAX_TWO_LONGEST_SHARE } from './curriculum.ts';

/** Words that make an option absolute; an option without one is "hedged". */
export const ABSOLUTE_WORDS = ['always', 'never', 'all', 'none', 'only', 'must', 'guaranteed'];
const ABSOLUTE = new RegExp(`\\b(${ABSOLUTE_WORDS.join('|')})\\b`, 'i');

export const isAbsolute = (option: string) => ABSOLUTE.test(option);

/**
 * The questions (1-based) whose correct option is the only one without an absolute word while
 * every other option has one: "never", "always" and "only" give the key away.
 */
export function onlyHedgedKeys(questions: LessonFile['questions']): number[] {
  return questions.flatMap((
    q,
    i,
  ) => (!isAbsolute(q.options[q.correctAnswer]) && q.options.every((o, k) => k === q.correctAnswer || isAbsolute(o))
    ? [i + 1]
    : [])
  );
}

/**
 * Words that hedge an option. A careful key often hedges ("may be taxed", "usually"), so a key
 * that is the only option with one of them stands out as much as the only one without an absolute
 * word (issue 55). "can" counts, "cannot" and "can't" do not (they are absolute).
 */
export const HEDGE_WORDS = [
  'may',
  'might',
  'could',
  'can',
  'usually',
  'often',
  'generally',
  'typically',
  'likely',
  'probably',
  'possibly',
  'perhaps',
  'sometimes',
  'tend',
  'tends',
  'rarely',
  'seldom',
  'mostly',
  'normally',
  'some',
  'many',
];
const HEDGE = new RegExp(`\\b(${HEDGE_WORDS.join('|')})\\b(?!not|['’]t)`, 'i');

export const isHedgedByWord = (option: string) => HEDGE.test(option);

/** The questions (1-based) whose correct option is the only one with a hedge word. */
export function onlyHedgeWordKeys(questions: LessonFile['questions']): number[] {
  return questions.flatMap((q, i) => {
    const key = q.options[q.correctAnswer];
    const alone = isHedgedByWord(key) && q.options.every((o, k) => k === q.correctAnswer || !isHedgedByWord(o));
    return alone ? [i + 1] : [];
  });
}

/** The correct option is longer than every other option. */
export const isLongestKey = (q: LessonFile['questions'][number]): boolean =>
  q.options.every((o, i) => i === q.correctAnswer || o.length < q.options[q.correctAnswer].length);

/** The questions (1-based) whose correct option is strictly the longest. */
export function longestKeys(questions: LessonFile['questions']): number[] {
  return questions.flatMap((q, i) => (isLongestKey(q) ? [i + 1] : []));
}

/** A lesson's quiz cues, for `npm run content:check -- --cues` and the review notes. */
export function quizCues(questions: LessonFile['questions']) {
  return {
    longest: longestKeys(questions),
    hedgeWord: onlyHedgeWordKeys(questions),
    notAbsolute: onlyHedgedKeys(questions),
  };
}

/** The correct option is longer than at least two of the other options (ties do not count). */
export const isAmongTwoLongest = (q: LessonFile['questions'][number]): boolean =>
  q.options.filter((o, i) => i !== q.correctAnswer && o.length < q.options[q.correctAnswer].length).length >= 2;

/** The correct option must not be findable by its length or its place. */
export function checkQuizBalance(pillar: string, questions: LessonFile['questions']): string[] {
  const problems: string[] = [];
  const positions = [0, 0, 0, 0];
  let longest = 0;
  let twoLongest = 0;
  for (const q of questions) {
    positions[q.correctAnswer]++;
    if (isLongestKey(q)) longest++;
    if (isAmongTwoLongest(q)) twoLongest++;
  }
  const count = questions.length;
  if (count === 0) return problems;
  if (longest > MAX_LONGEST_CORRECT_SHARE * count) {
    problems.push(
      `${pillar}: the correct option is the strictly longest in ${longest} of ${count} questions (at most ${
        Math.floor(MAX_LONGEST_CORRECT_SHARE * count)
      })`,
    );
  }
  if (twoLongest > MAX_TWO_LONGEST_SHARE * count) {
    problems.push(
      `${pillar}: the correct option is among the two longest (longer than two of the others) in ${twoLongest} of ${count} questions (at most ${
        Math.floor(MAX_TWO_LONGEST_SHARE * count)
      }); shorten it or lengthen a wrong option`,
    );
  }
  if (Math.max(...positions) > MAX_POSITION_SHARE * count) {
    problems.push(
      `${pillar}: correct answers by position ${positions.join('/')}: more than ${
        MAX_POSITION_SHARE * 100
      }% in one position`,
    );
  }
  return problems;
}
