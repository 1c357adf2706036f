// Assessment scoring and placement (spec sections 3, 5 and 9). Pure; used by the wizard for the
// complete view and by the server for the record.
import { PILLARS, type Level, type Pillar } from './domain.ts';

export interface AssessmentOption {
  value: string;
  label: string;
  score: number;
}

export interface AssessmentQuestion {
  id: number;
  text: string;
  category: Pillar;
  options: AssessmentOption[];
}

export type Answers = Record<string, string>;

export interface PillarScores {
  savingScore: number;
  creditScore: number;
  investingScore: number;
}

export const MAX_OPTION_SCORE = 4;

/**
 * Category score = sum of chosen option scores / (answered questions in the category × 4), as a
 * rounded percentage. Only answered questions count; a category with none scores 0.
 */
export function scoreAnswers(questions: AssessmentQuestion[], answers: Answers): PillarScores {
  const totals = Object.fromEntries(PILLARS.map((p) => [p, { sum: 0, answered: 0 }])) as Record<Pillar, { sum: number; answered: number }>;
  for (const question of questions) {
    const value = answers[String(question.id)];
    if (value === undefined) continue;
    const option = question.options.find((o) => o.value === value);
    if (!option) continue;
    totals[question.category].sum += option.score;
    totals[question.category].answered += 1;
  }
  const percent = (p: Pillar) => {
    const { sum, answered } = totals[p];
    return answered === 0 ? 0 : Math.round((sum / (answered * MAX_OPTION_SCORE)) * 100);
  };
  return { savingScore: percent('saving'), creditScore: percent('credit'), investingScore: percent('investing') };
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
