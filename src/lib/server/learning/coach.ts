import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { type CoachEvidence, type CoachLesson, type CoachTip, coachTips, MAX_TIPS } from '../../coach.ts';
import { type CoachRule, coachRulesSchema } from '../../coach-rules.ts';
import { LEVEL_LABELS, type Pillar, PILLAR_LABELS, PILLARS } from '../../domain.ts';
import { countedOption, type PillarScores, placesOnKnowledge, scoreOf } from '../../assessment.ts';
import { byPosition, isLessonUnlocked } from '../../lessons.ts';
import { levelsFrom, type NextLesson } from '../../next-lesson.ts';
import {
  type AssessmentRecord,
  currentAssessmentVersion,
  loadAssessmentQuestions,
  questionsOfVersion,
} from './assessment.ts';
import type { LearnerState } from './learner-store/state.ts';
import { planParts, planTips } from './coach-plan.ts';

let cached: CoachRule[] | undefined;

/** The coach's rules from db/content/coach.yaml (read once). */
export function loadCoachRules(contentDir?: string): CoachRule[] {
  cached ??= coachRulesSchema.parse(
    parseYaml(readFileSync(path.join(contentDir ?? path.resolve(process.cwd(), 'db/content'), 'coach.yaml'), 'utf8')),
  );
  return cached;
}

/** What the coach needs of a learner's quizzes (the whole history is never needed). */
export interface QuizSummary {
  /** Quiz attempts in all. */
  total: number;
  /** Each lesson's last try. */
  lastTryByLesson: Map<number, { score: number; totalQuestions: number; passed: boolean }>;
  /** The newest passed attempt. */
  lastPassed: { lessonId: number; score: number; totalQuestions: number } | null;
}

/** A quiz summary from attempts in the order they were made. */
export function summarizeQuizzes(
  attempts: Array<{ lessonId: number; score: number; totalQuestions: number; passed: boolean }>,
): QuizSummary {
  const lastTryByLesson = new Map<number, { score: number; totalQuestions: number; passed: boolean }>();
  let lastPassed: QuizSummary['lastPassed'] = null;
  for (const a of attempts) {
    lastTryByLesson.set(a.lessonId, { score: a.score, totalQuestions: a.totalQuestions, passed: a.passed });
    if (a.passed) lastPassed = { lessonId: a.lessonId, score: a.score, totalQuestions: a.totalQuestions };
  }
  return { total: attempts.length, lastTryByLesson, lastPassed };
}

type StateLesson = LearnerState['lessons'][number];

/**
 * Learning order from the placed level up (src/lib/next-lesson.ts): a "next" tip never sends a
 * learner below the level our assessment places them at while a lesson at it is open.
 */
function byPlacement(placement: LearnerState['placement'], a: StateLesson, b: StateLesson): number {
  const levelOrder = (l: StateLesson) => levelsFrom(placement[l.pillar] ?? 'beginner').indexOf(l.level);
  return PILLARS.indexOf(a.pillar) - PILLARS.indexOf(b.pillar) || levelOrder(a) - levelOrder(b) ||
    a.orderIndex - b.orderIndex;
}

/**
 * The coach for a learner: the first tip is the next step (`next`, the one rule's answer), the
 * others never name it again; the "Why this?" panel (the answers that set each level, read with
 * the questions of the result's own version) and the focus reason (the rule's, for its pillar).
 */
export function buildCoach(
  state: LearnerState,
  quizzes: QuizSummary,
  assessment: AssessmentRecord | null,
  /** The next-step rule's pillar (the dashboard passes `next.pillar`). */
  focusPillar: Pillar | null,
  next: NextLesson<StateLesson> | null = null,
) {
  const continueLessonId = next?.lesson.id ?? null;
  const toCoachLesson = (l: LearnerState['lessons'][number]): CoachLesson => ({
    id: l.id,
    slug: l.slug,
    title: l.title,
    pillar: l.pillar,
    level: l.level,
    orderIndex: l.orderIndex,
    duration: l.duration,
  });
  const bySlug = Object.fromEntries(state.lessons.map((l) => [l.slug, toCoachLesson(l)]));
  const slugById = new Map(state.lessons.map((l) => [l.id, l.slug]));
  // Misses of the last try only, and only while that try was not a pass.
  const missedBySlug: Record<string, number> = {};
  for (const [lessonId, last] of quizzes.lastTryByLesson) {
    const slug = slugById.get(lessonId);
    if (slug && !last.passed && last.totalQuestions > last.score) missedBySlug[slug] = last.totalQuestions - last.score;
  }
  const lastPassedSlug = quizzes.lastPassed ? slugById.get(quizzes.lastPassed.lessonId) : undefined;
  const open = state.lessons
    .filter((l) =>
      !state.completed.has(l.id) &&
      isLessonUnlocked(l, state.lessons, state.completed, state.placement, state.completedAt)
    )
    .sort((a, b) =>
      Number(b.pillar === focusPillar) - Number(a.pillar === focusPillar) || byPlacement(state.placement, a, b)
    )
    .map(toCoachLesson);
  // Answers feed the rules only when they are of today's questions (rules are written for them).
  const current = assessment !== null && assessment.version === currentAssessmentVersion();
  const answerScores: Record<number, number> = {};
  const answerLabels: Record<number, string> = {};
  const notApplicable = new Set<number>();
  if (current) {
    for (const q of loadAssessmentQuestions()) {
      const option = countedOption(q, assessment.answers);
      if (option) {
        answerScores[q.id] = option.score;
        answerLabels[q.id] = option.label;
      } else if (q.options.some((o) => o.notApplicable && o.value === assessment.answers[String(q.id)])) {
        notApplicable.add(q.id);
      }
    }
  }
  const scores = assessment
    ? (Object.fromEntries(PILLARS.map((p) => [p, scoreOf(assessment, p)])) as Record<Pillar, number>)
    : null;
  const evidence: CoachEvidence = {
    answerScores,
    answerLabels,
    notApplicable,
    scores,
    levels: assessment ? assessment.levels : null,
    completedSlugs: new Set(state.lessons.filter((l) => state.completed.has(l.id)).map((l) => l.slug)),
    missedBySlug,
    totalQuizzes: quizzes.total,
    lastPassed: quizzes.lastPassed && lastPassedSlug
      ? { slug: lastPassedSlug, score: quizzes.lastPassed.score, totalQuestions: quizzes.lastPassed.totalQuestions }
      : null,
    focusPillar,
    lessonsBySlug: bySlug,
    openLessons: open,
  };
  const rules = loadCoachRules();
  const excluded = continueLessonId === null ? undefined : new Set([continueLessonId]);
  const ruled = next
    ? coachTips(rules, evidence, rules.length).find((t) => t.lesson.id === continueLessonId)
    : undefined;
  // The reason the Continue lesson is the one: the evidence of the first tip that would name it.
  const continueReason = ruled?.evidence ?? null;
  // The first tip is the next step (src/lib/next-lesson.ts), in a rule's words when one names it.
  const first: CoachTip[] = next
    ? [
      ruled ?? {
        id: 'next-step',
        pillar: next.pillar,
        evidence: next.reason,
        text: `${next.reason}, so start with “${next.lesson.title}”.`,
        lesson: toCoachLesson(next.lesson),
      },
    ]
    : [];
  const rest = coachTips(rules, { ...evidence, excludedLessonIds: excluded }).filter((t) => t.id !== first[0]?.id);
  const tips = [...first, ...rest].slice(0, MAX_TIPS);

  // A tip may name a lesson the learner cannot open yet: point them to the first lesson on the
  // way there that they can open now (same pillar, earlier in learning order).
  const tipsWithPath = tips.map((tip) => {
    const target = state.lessons.find((l) => l.id === tip.lesson.id);
    const locked = target
      ? !isLessonUnlocked(target, state.lessons, state.completed, state.placement, state.completedAt)
      : false;
    const opensAfter = locked
      ? (open.find((l) => l.pillar === tip.lesson.pillar && byPosition(l, tip.lesson) < 0) ?? null)
      : null;
    return { ...tip, opensAfter };
  });
  const withPlan = planTips(tipsWithPath, state, toCoachLesson, continueLessonId);

  // "Why this?": which answers set each pillar's level (read with the questions of the result's
  // own version), and why the focus pillar was chosen.
  const questions = assessment ? questionsOfVersion(assessment.version) : loadAssessmentQuestions();
  const placedOnKnowledge = Boolean(
    assessment && placesOnKnowledge(questions) && Object.keys(assessment.answers).length > 0,
  );
  const why = PILLARS.map((pillar) => {
    const score = assessment ? scoreOf(assessment as PillarScores, pillar) : null;
    return {
      pillar,
      score,
      level: assessment ? LEVEL_LABELS[assessment.levels[pillar]] : null,
      /** The level comes from the knowledge questions (version 3 on), not from the score. */
      placedOnKnowledge,
      halves: assessment?.halves?.[pillar] ?? null,
      answers: questions
        .filter((q) => q.category === pillar)
        .map((q) => {
          const option = q.options.find((o) => o.value === assessment?.answers[String(q.id)]);
          return {
            questionId: q.id,
            question: q.text,
            kind: q.kind ?? null,
            answer: option?.label ?? null,
            points: option && !option.notApplicable ? option.score : null,
            /** "Does not apply": shown, not counted. */
            counted: Boolean(option && !option.notApplicable),
          };
        }),
    };
  });
  const focusReason = next ? `${PILLAR_LABELS[next.pillar]} is your focus: ${next.pillarReason}.` : null;
  return {
    tips: withPlan,
    why,
    focusReason,
    ...planParts(state, continueLessonId, continueReason),
    answersKnown: Object.keys(answerScores).length + notApplicable.size > 0,
    assessmentVersion: assessment?.version ?? null,
    earlierVersion: assessment?.earlierVersion ?? false,
  };
}

export type Coach = ReturnType<typeof buildCoach>;
