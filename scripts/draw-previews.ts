// `npm run previews`: draws each curriculum lesson's link-preview image into public/og/ (committed,
// so neither the build nor a request ever draws one) with a manifest of what each image shows.
// tests/unit/link-previews.test.ts fails when a lesson file no longer matches its image.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { readLessonFiles } from '../src/lib/server/content/curriculum-loader.ts';
import { lessonCardSvg, previewFingerprint } from '../src/lib/server/content/lesson-image.ts';

const folder = new URL('../public/og/', import.meta.url);
mkdirSync(folder, { recursive: true });
const manifest: Record<string, string> = {};
for (const { lesson } of readLessonFiles()) {
  if (!lesson) continue;
  const svg = lessonCardSvg(lesson);
  manifest[lesson.slug] = previewFingerprint(svg);
  const png = await sharp(new TextEncoder().encode(svg)).png({ compressionLevel: 9 }).toBuffer();
  writeFileSync(new URL(`${lesson.slug}.png`, folder), png);
}
for (const file of readdirSync(folder)) {
  if (file.endsWith('.png') && !(file.slice(0, -4) in manifest)) rmSync(new URL(file, folder));
}
writeFileSync(new URL('manifest.json', folder), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${Object.keys(manifest).length} link-preview images in public/og/`);
