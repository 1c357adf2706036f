// Assessment scoring and placement (spec sections 3, 5 and 9). Pure; used by the wizard for the
// complete view and by the server for the record.
import { PILLARS, type Level, type Pillar } from './domain.ts';

export interface AssessmentOption {
  value: string;
  label: string;
  score: number;
  /**
   * A habit that does not apply to the person (no credit card; not investing yet because the
   * emergency fund comes first): the answer is not counted, as if the question were unanswered.
   */
  notApplicable?: boolean;
}

/** Knowledge: a situation with one best answer. Habit: what the person does. */
export const QUESTION_KINDS = ['knowledge', 'habit'] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];

export interface AssessmentQuestion {
  id: number;
  text: string;
  category: Pillar;
  /** Version 1 questions have none (they were all about habits but one). */
  kind?: QuestionKind;
  options: AssessmentOption[];
}

/** "I'm not sure", the last option of every knowledge question (scored 0, never a guess). */
export const NOT_SURE = "I'm not sure";

export type Answers = Record<string, string>;

export interface PillarScores {
  savingScore: number;
  creditScore: number;
  investingScore: number;
}

export const MAX_OPTION_SCORE = 4;

/** The option a counted answer chose, or undefined (unanswered, unknown, or "does not apply"). */
export function countedOption(question: AssessmentQuestion, answers: Answers): AssessmentOption | undefined {
  const value = answers[String(question.id)];
  if (value === undefined) return undefined;
  const option = question.options.find((o) => o.value === value);
  return option && !option.notApplicable ? option : undefined;
}

/** Spec 5: the sum of the counted answers' scores / (counted answers × 4), rounded; null with none. */
function percentOf(questions: AssessmentQuestion[], answers: Answers): number | null {
  let sum = 0;
  let counted = 0;
  for (const question of questions) {
    const option = countedOption(question, answers);
    if (!option) continue;
    sum += option.score;
    counted += 1;
  }
  return counted === 0 ? null : Math.round((sum / (counted * MAX_OPTION_SCORE)) * 100);
}

/**
 * Category score = sum of chosen option scores / (answered questions in the category × 4), as a
 * rounded percentage. Only answered questions count (a "does not apply" answer is not counted);
 * a category with none scores 0.
 */
export function scoreAnswers(questions: AssessmentQuestion[], answers: Answers): PillarScores {
  const percent = (p: Pillar) => percentOf(questions.filter((q) => q.category === p), answers) ?? 0;
  return { savingScore: percent('saving'), creditScore: percent('credit'), investingScore: percent('investing') };
}

/** A pillar's two halves: "what you know" (knowledge questions) and "what you do" (habits). */
export interface PillarHalves {
  knowledge: number | null;
  habits: number | null;
}

/** Each pillar's halves by the same formula, null where no question of that kind was counted. */
export function scoreHalves(questions: AssessmentQuestion[], answers: Answers): Record<Pillar, PillarHalves> {
  return Object.fromEntries(
    PILLARS.map((p) => {
      const inPillar = questions.filter((q) => q.category === p);
      return [p, { knowledge: percentOf(inPillar.filter((q) => q.kind === 'knowledge'), answers), habits: percentOf(inPillar.filter((q) => q.kind === 'habit'), answers) }];
    }),
  ) as Record<Pillar, PillarHalves>;
}

/** Points gained (or lost) per pillar between two assessments, for the progress screen. */
export function scoreChange(first: PillarScores, newest: PillarScores): Record<Pillar, number> {
  return {
    saving: newest.savingScore - first.savingScore,
    credit: newest.creditScore - first.creditScore,
    investing: newest.investingScore - first.investingScore,
  };
}

/** A change with its sign: "+25", "0", "-13". */
export function formatChange(change: number): string {
  return change > 0 ? `+${change}` : String(change);
}

/** Placement: 75 or more advanced, 50 to 74 intermediate, below 50 beginner. */
export function levelForScore(score: number): Level {
  if (score >= 75) return 'advanced';
  if (score >= 50) return 'intermediate';
  return 'beginner';
}

export type ScoreColour = 'green' | 'yellow' | 'red';

/** Colours: green at 75 or more, yellow at 50 or more, red below. */
export function colourForScore(score: number): ScoreColour {
  if (score >= 75) return 'green';
  if (score >= 50) return 'yellow';
  return 'red';
}

/** The short text band shown with a score. */
export function bandForScore(score: number): string {
  if (score >= 75) return 'Excellent knowledge';
  if (score >= 50) return 'Good foundation';
  if (score >= 25) return 'Basic understanding';
  return 'Start with foundation concepts';
}

/** The dashboard's message for a pillar score (spec 9). */
export function messageForScore(score: number): string {
  if (score >= 75) return 'Excellent knowledge! Continue with advanced topics.';
  if (score >= 50) return 'Good foundation. Ready for intermediate lessons.';
  if (score >= 25) return 'Basic understanding. Focus on beginner lessons.';
  return 'Start with foundation concepts. Begin with the first beginner lessons.';
}

export function scoreOf(scores: PillarScores, pillar: Pillar): number {
  return pillar === 'saving' ? scores.savingScore : pillar === 'credit' ? scores.creditScore : scores.investingScore;
}

export function placementOf(scores: PillarScores): Record<Pillar, Level> {
  return { saving: levelForScore(scores.savingScore), credit: levelForScore(scores.creditScore), investing: levelForScore(scores.investingScore) };
}
