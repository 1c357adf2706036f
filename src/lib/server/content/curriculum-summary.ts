// What the curriculum files hold, for the pages that describe it before sign-in (the landing page,
// the public curriculum page, the sitemap): counts and titles are read from the content at build
// time, never typed.
import { type Level, LEVELS, type Pillar, PILLARS } from '../../domain.ts';
import { readLessonFiles } from './curriculum-loader.ts';

export interface SummaryLesson {
  slug: string;
  title: string;
  duration: number;
  learningObjectives: string[];
  questionCount: number;
}

export interface CurriculumSummary {
  total: number;
  byPillar: Record<Pillar, { total: number; byLevel: Record<Level, SummaryLesson[]> }>;
  minutes: { min: number; max: number; total: number };
  questions: { min: number; max: number };
}

let summary: CurriculumSummary | undefined;

export function curriculumSummary(): CurriculumSummary {
  if (summary) return summary;
  const lessons = readLessonFiles().flatMap((f) => (f.lesson ? [f.lesson] : []));
  const byPillar = Object.fromEntries(
    PILLARS.map((pillar) => {
      const inPillar = lessons.filter((l) => l.pillar === pillar);
      const byLevel = Object.fromEntries(
        LEVELS.map((level) => [
          level,
          inPillar
            .filter((l) => l.level === level)
            .sort((a, b) => a.orderIndex - b.orderIndex)
            .map((l) => ({
              slug: l.slug,
              title: l.title,
              duration: l.duration,
              learningObjectives: l.learningObjectives,
              questionCount: l.questions.length,
            })),
        ]),
      ) as Record<Level, SummaryLesson[]>;
      return [pillar, { total: inPillar.length, byLevel }];
    }),
  ) as CurriculumSummary['byPillar'];
  const durations = lessons.map((l) => l.duration);
  const counts = lessons.map((l) => l.questions.length);
  summary = {
    total: lessons.length,
    byPillar,
    minutes: { min: Math.min(...durations), max: Math.max(...durations), total: durations.reduce((a, b) => a + b, 0) },
    questions: { min: Math.min(...counts), max: Math.max(...counts) },
  };
  return summary;
}

/** "15" when every pillar has the same number of lessons, else "up to 16". */
export function lessonsPerPillarText(s: CurriculumSummary): string {
  const totals = PILLARS.map((p) => s.byPillar[p].total);
  return totals.every((t) => t === totals[0]) ? String(totals[0]) : `up to ${Math.max(...totals)}`;
}
