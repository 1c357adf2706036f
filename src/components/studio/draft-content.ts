// The editor's lesson as a draft's content, for the live warnings (the server checks the saved draft).
import type { LessonContentData } from '../../../db/schema.ts';
import { draftExtrasOf, type EditorLesson } from '../admin/editor/editor-state.ts';

const num = (v: number | string) => (typeof v === 'number' ? v : Number(v.trim() || NaN));

export function contentOfEditor(lesson: EditorLesson, saved: LessonContentData): LessonContentData {
  const skills = new Map(saved.questions.map((q) => [q.id, q.skill]));
  return {
    ...saved,
    title: lesson.title,
    pillar: lesson.pillar as LessonContentData['pillar'],
    level: lesson.level as LessonContentData['level'],
    orderIndex: num(lesson.orderIndex),
    duration: num(lesson.duration),
    weight: num(lesson.weight),
    sections: lesson.sections.map((s) => ({
      ...(s.header ? { header: s.header } : {}),
      ...(s.subheader ? { subheader: s.subheader } : {}),
      content: s.content,
    })),
    learningObjectives: lesson.learningObjectives.filter((o) => o.trim()),
    questions: lesson.questions.map((q) => ({
      ...(q.id !== undefined ? { id: q.id } : {}),
      question: q.question,
      options: q.options,
      correctAnswer: q.correctAnswer ?? -1,
      explanation: q.explanation ?? '',
      ...(q.id !== undefined && skills.get(q.id) ? { skill: skills.get(q.id) } : {}),
    })),
    ...(lesson.sources !== undefined ? draftExtrasOf(lesson) : {}),
  };
}
