import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { coachRulesSchema, coachTips, type CoachLesson, type CoachRule } from '../coach.ts';
import { PILLAR_LABELS, PILLARS, LEVEL_LABELS, type Pillar } from '../domain.ts';
import { levelForScore, scoreOf, type PillarScores } from '../assessment.ts';
import { isLessonUnlocked, byPosition } from '../lessons.ts';
import { loadAssessmentQuestions, type AssessmentRecord } from './assessment.ts';
import type { LearnerState } from './lessons.ts';
import type { AttemptRow } from './progress.ts';

let cached: CoachRule[] | undefined;

/** The coach's rules from db/content/coach.yaml (read once). */
export function loadCoachRules(contentDir = path.resolve(process.cwd(), 'db/content')): CoachRule[] {
  cached ??= coachRulesSchema.parse(parseYaml(readFileSync(path.join(contentDir, 'coach.yaml'), 'utf8')));
  return cached;
}

export function buildCoach(state: LearnerState, attempts: AttemptRow[], assessment: AssessmentRecord | null, focusPillar: Pillar | null, weighted: Record<Pillar, number>) {
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
  const missedBySlug: Record<string, number> = {};
  for (const a of attempts) {
    const slug = slugById.get(a.lessonId);
    if (slug) missedBySlug[slug] = (missedBySlug[slug] ?? 0) + (a.totalQuestions - a.score);
  }
  const lastPassed = attempts.findLast((a) => a.passed && slugById.has(a.lessonId));
  const open = state.lessons
    .filter((l) => !state.completed.has(l.id) && isLessonUnlocked(l, state.lessons, state.completed, state.placement, state.completedAt))
    .sort((a, b) => Number(b.pillar === focusPillar) - Number(a.pillar === focusPillar) || byPosition(a, b))
    .map(toCoachLesson);
  const questions = loadAssessmentQuestions();
  const answerScores: Record<number, number> = {};
  for (const q of questions) {
    const value = assessment?.answers[String(q.id)];
    const option = q.options.find((o) => o.value === value);
    if (option) answerScores[q.id] = option.score;
  }
  const scores = assessment ? (Object.fromEntries(PILLARS.map((p) => [p, scoreOf(assessment, p)])) as Record<Pillar, number>) : null;
  const tips = coachTips(loadCoachRules(), {
    answerScores,
    scores,
    completedSlugs: new Set(state.lessons.filter((l) => state.completed.has(l.id)).map((l) => l.slug)),
    missedBySlug,
    totalQuizzes: attempts.length,
    lastPassed: lastPassed ? { slug: slugById.get(lastPassed.lessonId)!, score: lastPassed.score, totalQuestions: lastPassed.totalQuestions } : null,
    focusPillar,
    lessonsBySlug: bySlug,
    openLessons: open,
  });

  // A tip may name a lesson the learner cannot open yet: point them to the first lesson on the
  // way there that they can open now (same pillar, earlier in learning order).
  const tipsWithPath = tips.map((tip) => {
    const target = state.lessons.find((l) => l.id === tip.lesson.id);
    const locked = target ? !isLessonUnlocked(target, state.lessons, state.completed, state.placement, state.completedAt) : false;
    const opensAfter = locked ? (open.find((l) => l.pillar === tip.lesson.pillar && byPosition(l, tip.lesson) < 0) ?? null) : null;
    return { ...tip, opensAfter };
  });

  // "Why this?": which answers set each pillar's level, and why the focus pillar was chosen.
  const why = PILLARS.map((pillar) => {
    const score = assessment ? scoreOf(assessment as PillarScores, pillar) : null;
    return {
      pillar,
      score,
      level: score === null ? null : LEVEL_LABELS[levelForScore(score)],
      answers: questions
        .filter((q) => q.category === pillar)
        .map((q) => {
          const option = q.options.find((o) => o.value === assessment?.answers[String(q.id)]);
          return { questionId: q.id, question: q.text, answer: option?.label ?? null, points: option?.score ?? null };
        }),
    };
  });
  let focusReason: string | null = null;
  if (focusPillar && scores) {
    const lowest = Math.min(...PILLARS.map((p) => weighted[p]));
    const tied = PILLARS.filter((p) => weighted[p] === lowest);
    focusReason =
      tied.length > 1
        ? `${PILLAR_LABELS[focusPillar]} is your focus: ${tied.map((p) => PILLAR_LABELS[p]).join(', ')} have the same lesson progress (${Math.round(lowest)}%), and ${PILLAR_LABELS[focusPillar]} has the lowest assessment score (${scores[focusPillar]}).`
        : `${PILLAR_LABELS[focusPillar]} is your focus: it has the lowest lesson progress (${Math.round(weighted[focusPillar])}%).`;
  }
  return { tips: tipsWithPath, why, focusReason, answersKnown: Object.keys(answerScores).length > 0 };
}

export type Coach = ReturnType<typeof buildCoach>;
