// Answers to the current assessment by score, for tests: the value (or the option's position on
// screen) of the first counted option of each question that scores what the test wants. Read from
// db/content/assessment.yaml, so tests follow the questions as they are written.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

interface Option {
  value: string;
  label: string;
  score: number;
  notApplicable?: boolean;
}
interface Question {
  id: number;
  category: 'saving' | 'credit' | 'investing';
  kind: 'knowledge' | 'habit';
  text: string;
  options: Option[];
}

const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../db/content/assessment.yaml');
export const assessmentQuestions: Question[] =
  (parse(readFileSync(file, 'utf8')) as { questions: Question[] }).questions;

function optionIndex(question: Question, score: number | 'n/a'): number {
  const index = question.options.findIndex((
    o,
  ) => (score === 'n/a' ? o.notApplicable : !o.notApplicable && o.score === score));
  if (index < 0) {
    throw new Error(
      `question ${question.id} has no ${score === 'n/a' ? '"does not apply"' : `counted option scored ${score}`}`,
    );
  }
  return index;
}

/** `{ questionId: value }` choosing, for each question id given, an option with that score ('n/a': the "does not apply" one). */
export function answersScoring(scores: Record<number, number | 'n/a'>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(scores).map(([id, score]) => {
      const question = assessmentQuestions.find((q) => q.id === Number(id))!;
      return [id, question.options[optionIndex(question, score)].value];
    }),
  );
}

/** The same for all 12 questions in order, as the on-screen position of each option to pick. */
export function picksScoring(scores: Array<number | 'n/a'>): number[] {
  return assessmentQuestions.map((q, i) => optionIndex(q, scores[i]));
}

/** The label of the option a score picks (what the learner clicked), for checking the coach's words. */
export function labelScoring(questionId: number, score: number | 'n/a'): string {
  const question = assessmentQuestions.find((q) => q.id === questionId)!;
  return question.options[optionIndex(question, score)].label;
}
