// A lesson's sections as the lesson page and the admin preview both show them
// (src/components/lessons/LessonSection.astro): text as sanitized markdown, practice tools in
// their places (docs/DESIGN.md: admin text is rendered through the sanitizer and never runs script).
import { type CalculatorKind, splitCalculatorBlocks } from '../../practice-tools.ts';
import { renderMarkdown } from './markdown.ts';

export interface SectionSource {
  header?: string;
  subheader?: string;
  content: string;
}

/** Sanitized markdown (markdown.ts), or the place of a practice tool (a `[[calculator:<kind>]]` line). */
export type SectionBlock = { prose: string; calculator?: undefined } | {
  calculator: CalculatorKind;
  prose?: undefined;
};

export interface LessonSection {
  header?: string;
  subheader?: string;
  blocks: SectionBlock[];
}

/** Each section with its text rendered; a lesson without sections shows its older single content field (spec 3). */
export function toLessonSections(sections: readonly SectionSource[], content?: string | null): LessonSection[] {
  const list = sections.length > 0 ? sections : [{ content: content ?? '' }];
  return list.map((s) => ({
    header: s.header || undefined,
    subheader: s.subheader || undefined,
    blocks: splitCalculatorBlocks(s.content ?? '').map((block): SectionBlock =>
      block.type === 'calculator' ? { calculator: block.kind } : { prose: renderMarkdown(block.text) }
    ),
  }));
}
