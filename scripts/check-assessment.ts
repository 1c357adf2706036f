// The assessment's content rules for `npm run content:check` (issue 41): the current version's
// shape (2 knowledge and 2 habit questions per pillar) and its knowledge questions: no partial
// credit, "I'm not sure" last, each marked with the level it tests and naming a lesson of its
// pillar at that level. Every earlier version's file must still load (old results read it).
import { checkCurrentAssessment, loadAssessmentVersions } from '../src/lib/server/learning/assessment.ts';
import { readLessonFiles } from '../src/lib/server/content/curriculum-loader.ts';
import { checkKnowledgeItems } from '../src/lib/assessment.ts';
import type { Level, Pillar } from '../src/lib/domain.ts';

export function checkAssessmentContent(contentDir?: string): string[] {
  let versions;
  try {
    versions = loadAssessmentVersions(contentDir);
  } catch (e) {
    return [`assessment: ${e instanceof Error ? e.message : String(e)}`];
  }
  const questions = versions.byVersion.get(versions.current)!;
  const lessons = new Map<string, { pillar: Pillar; level: Level }>();
  for (const { lesson } of readLessonFiles()) {
    if (lesson) lessons.set(lesson.slug, { pillar: lesson.pillar, level: lesson.level });
  }
  // checkCurrentAssessment already runs checkKnowledgeItems without the lessons; keep each problem once.
  const problems = new Set([...checkCurrentAssessment(questions), ...checkKnowledgeItems(questions, lessons)]);
  return [...problems].map((p) => `assessment.yaml: ${p}`);
}
