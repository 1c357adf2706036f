// Assessment scoring and placement (spec sections 3, 5 and 9). Pure; used by the wizard for the
// complete view and by the server for the record.
import { type Level, type Pillar, PILLARS } from './domain.ts';
import { checkKnowledgeKeyPositions } from './assessment-key-positions.ts';

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

/** The lesson levels a knowledge question may test (beginner material places nobody). */
export const TESTED_LEVELS = ['intermediate', 'advanced'] as const;
export type TestedLevel = (typeof TESTED_LEVELS)[number];

export interface AssessmentQuestion {
  id: number;
  text: string;
  category: Pillar;
  /** Version 1 questions have none (they were all about habits but one). */
  kind?: QuestionKind;
  /** A knowledge question from version 3 on: the level of the lesson material it tests. */
  level?: TestedLevel;
  /** ...and the slug of the lesson that teaches its answer. */
  lesson?: string;
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

/**
 * Issue 40: what a pillar's result left out, so its figures add up: "1 answer did not apply to you
 * and was left out: your Credit result is from your other 3 answers." Null when nothing was.
 */
export function leftOutNote(questions: AssessmentQuestion[], answers: Answers, pillar: Pillar): string | null {
  const inPillar = questions.filter((q) => q.category === pillar);
  const leftOut =
    inPillar.filter((q) => q.options.some((o) => o.notApplicable && o.value === answers[String(q.id)])).length;
  if (leftOut === 0) return null;
  const counted = inPillar.filter((q) => countedOption(q, answers)).length;
  const label = pillar.charAt(0).toUpperCase() + pillar.slice(1);
  const answersWord = (n: number) => (n === 1 ? '1 answer' : `${n} answers`);
  return `${answersWord(leftOut)} did not apply to you and ${leftOut === 1 ? 'was' : 'were'} left out: ` +
    (counted === 0
      ? `your ${label} result has no answers to count`
      : `your ${label} result is from your other ${answersWord(counted)}`);
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
      return [p, {
        knowledge: percentOf(inPillar.filter((q) => q.kind === 'knowledge'), answers),
        habits: percentOf(inPillar.filter((q) => q.kind === 'habit'), answers),
      }];
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

/** Placement by the pillar scores: results of versions 1 and 2, and results sent as scores only. */
export function placementOf(scores: PillarScores): Record<Pillar, Level> {
  return {
    saving: levelForScore(scores.savingScore),
    credit: levelForScore(scores.creditScore),
    investing: levelForScore(scores.investingScore),
  };
}

/** A version places on knowledge when each of its knowledge questions names the level it tests (version 3 on). */
export function placesOnKnowledge(questions: AssessmentQuestion[]): boolean {
  const knowledge = questions.filter((q) => q.kind === 'knowledge');
  return knowledge.length > 0 && knowledge.every((q) => q.level !== undefined);
}

/** Whether the answer to a knowledge question is its one right answer (unanswered, wrong and "I'm not sure" are not). */
export function isRight(question: AssessmentQuestion, answers: Answers): boolean {
  return countedOption(question, answers)?.score === MAX_OPTION_SCORE;
}

/**
 * Issue 41: the share of a pillar's knowledge questions answered right, 0 to 100 (with 2 questions:
 * 0, 50 or 100). Habits play no part. This is the figure the level and the result's words
 * ("Excellent knowledge", "Good foundation", ...) are read from.
 */
export function knowledgeResult(questions: AssessmentQuestion[], answers: Answers, pillar: Pillar): number {
  const knowledge = questions.filter((q) => q.category === pillar && q.kind === 'knowledge');
  if (knowledge.length === 0) return 0;
  return Math.round((knowledge.filter((q) => isRight(q, answers)).length / knowledge.length) * 100);
}

/** Both knowledge questions right: advanced; one: intermediate; none: beginner. */
export function placementFromKnowledge(questions: AssessmentQuestion[], answers: Answers): Record<Pillar, Level> {
  return Object.fromEntries(PILLARS.map((p) => [p, levelForScore(knowledgeResult(questions, answers, p))])) as Record<
    Pillar,
    Level
  >;
}

/**
 * The figure each pillar's level and words come from, for a result of these questions: the
 * knowledge result when the version places on knowledge and the result has answers; otherwise
 * (versions 1 and 2, or a result sent as scores only, as the spec allows) the pillar score.
 */
export function placementScores(
  questions: AssessmentQuestion[],
  scores: PillarScores,
  answers: Answers,
): Record<Pillar, number> {
  const onKnowledge = placesOnKnowledge(questions) && Object.keys(answers).length > 0;
  return Object.fromEntries(
    PILLARS.map((p) => [p, onKnowledge ? knowledgeResult(questions, answers, p) : scoreOf(scores, p)]),
  ) as Record<Pillar, number>;
}

/** The level per pillar for a result (see `placementScores`). */
export function placementFor(
  questions: AssessmentQuestion[],
  scores: PillarScores,
  answers: Answers,
): Record<Pillar, Level> {
  const by = placementScores(questions, scores, answers);
  return { saving: levelForScore(by.saving), credit: levelForScore(by.credit), investing: levelForScore(by.investing) };
}

/**
 * The content rules of a version that places on knowledge (issue 41), for the content check:
 * each knowledge question names the level it tests (intermediate or advanced, one of each per
 * pillar) and the lesson that teaches it; it has one right answer scored 4, every other option
 * scores 0 (no partial credit), and "I'm not sure" is last. `lessons` (slug to pillar and level)
 * checks that the named lesson exists, is of the question's pillar and is at the level marked.
 */
export function checkKnowledgeItems(
  questions: AssessmentQuestion[],
  lessons?: Map<string, { pillar: Pillar; level: Level }>,
): string[] {
  const problems: string[] = [];
  for (const q of questions.filter((x) => x.kind === 'knowledge')) {
    const at = `question ${q.id}`;
    if (!q.level || !(TESTED_LEVELS as readonly string[]).includes(q.level)) {
      problems.push(`${at}: a knowledge question is marked with the level it tests (intermediate or advanced)`);
    }
    if (!q.lesson) problems.push(`${at}: a knowledge question names the lesson it tests`);
    else if (lessons) {
      const lesson = lessons.get(q.lesson);
      if (!lesson) problems.push(`${at}: no lesson ${q.lesson}`);
      else if (lesson.pillar !== q.category || lesson.level !== q.level) {
        problems.push(
          `${at}: tests ${q.category} ${q.level ?? '(no level)'}, but ${q.lesson} is ${lesson.pillar} ${lesson.level}`,
        );
      }
    }
    if (q.options.filter((o) => o.score === MAX_OPTION_SCORE).length !== 1) {
      problems.push(`${at}: a knowledge question has exactly one right answer (scored 4)`);
    }
    const partial = q.options.filter((o) => o.score !== 0 && o.score !== MAX_OPTION_SCORE);
    if (partial.length > 0) {
      problems.push(
        `${at}: no partial credit: "${partial[0].label}" scores ${partial[0].score} (a wrong answer scores 0)`,
      );
    }
    const last = q.options.at(-1);
    if (!last || last.label !== NOT_SURE || last.score !== 0) {
      problems.push(`${at}: "${NOT_SURE}" is the last option, scored 0`);
    }
  }
  problems.push(...checkKnowledgeKeyPositions(questions));
  for (const pillar of PILLARS) {
    const levels = questions.filter((q) => q.category === pillar && q.kind === 'knowledge').map((q) => q.level).sort();
    if (levels.join(',') !== 'advanced,intermediate') {
      problems.push(
        `${pillar}: its knowledge questions test one intermediate and one advanced lesson (has ${
          levels.join(', ') || 'none'
        })`,
      );
    }
  }
  return problems;
}
