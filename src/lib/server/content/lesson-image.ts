// Each curriculum lesson's link-preview image (issue 42): a 1200 x 630 card with its title, pillar
// and level, drawn as SVG and turned into PNG by `npm run previews` into public/og/ (committed: no
// build or request draws one). A lesson without a file of its own (an author's) uses the site's image.
import { createHash } from 'node:crypto';
import { type Level, LEVEL_LABELS, type Pillar, PILLAR_LABELS } from '../../domain.ts';
import { xmlText } from '../../safe-markup.ts';
import { curriculumSummary } from './curriculum-summary.ts';

export const DEFAULT_IMAGE = '/og-image.png';

/** The preview image of the lesson at this slug: its own for a curriculum lesson. */
export function lessonImagePath(slug: string): string {
  const { byPillar } = curriculumSummary();
  const drawn = Object.values(byPillar).some((p) =>
    Object.values(p.byLevel).some((l) => l.some((x) => x.slug === slug))
  );
  return drawn ? `/og/${slug}.png` : DEFAULT_IMAGE;
}

/** The title in lines of at most `width` characters (at most four lines, the last cut with an ellipsis). */
export function titleLines(title: string, width = 26, most = 4): string[] {
  const lines: string[] = [];
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= width) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines.length <= most ? lines : [...lines.slice(0, most - 1), `${lines[most - 1]}…`];
}

/** The card as an SVG document: our own shapes, and the lesson's words as escaped text. */
export function lessonCardSvg(lesson: { title: string; pillar: Pillar; level: Level }): string {
  const lines = titleLines(lesson.title);
  const top = 300 - (lines.length - 1) * 40;
  const text = lines
    .map((line, i) => `<text x="80" y="${top + i * 80}" class="title">${xmlText(line)}</text>`)
    .join('');
  const place = xmlText(`${PILLAR_LABELS[lesson.pillar]} · ${LEVEL_LABELS[lesson.level]} lesson`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">` +
    `<style>.title{font:700 64px sans-serif;fill:#fff}.small{font:600 34px sans-serif;fill:#d1fae5}</style>` +
    `<rect width="1200" height="630" fill="#047857"/><rect x="0" y="560" width="1200" height="70" fill="#065f46"/>` +
    `<text x="80" y="120" class="small">${place}</text>${text}` +
    `<text x="80" y="606" class="small">Wealth Coach · free money lessons</text></svg>`;
}

/** What a drawn image shows, as public/og/manifest.json records it: the SHA-256 of its SVG. */
export const previewFingerprint = (svg: string): string => createHash('sha256').update(svg).digest('hex');
