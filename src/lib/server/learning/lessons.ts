// Lessons as learners receive them: the public shape of a lesson (never the answers), and a
// lesson list item with the learner's own state. The learner's data itself lives in the learner
// store (learner-store/).
import type { Lesson } from '../../../../db/schema.ts';
import type { Level, Pillar } from '../../domain.ts';
import { isNewFor, isUnlockedFor, type LearnerState } from './learner-store/state.ts';

export interface PublicQuestion {
  id: number;
  question: string;
  options: string[];
}

/** A lesson as learners receive it: never the correct answers or explanations. */
export interface PublicLesson {
  id: number;
  slug: string;
  title: string;
  pillar: Pillar;
  level: Level;
  orderIndex: number;
  duration: number;
  weight: number;
  sections: Lesson['sections'];
  content: string | null;
  learningObjectives: string[];
  questions: PublicQuestion[];
  sources: Lesson['sources'];
  reviewedAt: string | null;
}

export function toPublicLesson(lesson: Lesson): PublicLesson {
  return {
    id: lesson.id,
    slug: lesson.slug,
    title: lesson.title,
    pillar: lesson.pillar,
    level: lesson.level,
    orderIndex: lesson.orderIndex,
    duration: lesson.duration,
    weight: lesson.weight,
    sections: lesson.sections,
    content: lesson.content,
    learningObjectives: lesson.learningObjectives,
    questions: lesson.questions.map(({ id, question, options }) => ({ id, question, options })),
    sources: lesson.sources,
    reviewedAt: lesson.reviewedAt,
  };
}

export interface LessonListItem extends Omit<PublicLesson, 'sections' | 'questions' | 'content'> {
  questionCount: number;
  locked: boolean;
  completed: boolean;
  /** Published recently, after this learner started (see isNewFor). */
  isNew: boolean;
  completionData: {
    bestScore: number;
    lastScore: number;
    totalQuestions: number;
    attempts: number;
    completedAt: string | null;
  } | null;
}

export function toListItem(state: LearnerState, lesson: Lesson): LessonListItem {
  const { sections: _s, questions: _q, content: _c, ...rest } = toPublicLesson(lesson);
  const p = state.progress.get(lesson.id);
  return {
    ...rest,
    questionCount: lesson.questions.length,
    locked: !isUnlockedFor(state, lesson),
    completed: state.completed.has(lesson.id),
    isNew: isNewFor(state, lesson),
    completionData: p
      ? {
        bestScore: p.bestScore,
        lastScore: p.lastScore,
        totalQuestions: p.totalQuestions,
        attempts: p.attempts,
        completedAt: p.completedAt?.toISOString() ?? null,
      }
      : null,
  };
}
