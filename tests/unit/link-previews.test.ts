// Each curriculum lesson's link-preview image is committed in public/og/ (issue 53: the build draws
// none); these fail when a lesson's title, pillar or level changed without `npm run previews`.
import { assertEquals } from '../helpers/assert.ts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readLessonFiles } from '../../src/lib/server/content/curriculum-loader.ts';
import { lessonCardSvg, lessonImagePath, previewFingerprint } from '../../src/lib/server/content/lesson-image.ts';

const folder = new URL('../../public/og/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('manifest.json', folder), 'utf8')) as Record<string, string>;
const lessons = readLessonFiles().flatMap((f) => (f.lesson ? [f.lesson] : []));

Deno.test('every curriculum lesson has an image that shows its current title, pillar and level', () => {
  const stale = lessons.filter((l) => manifest[l.slug] !== previewFingerprint(lessonCardSvg(l))).map((l) => l.slug);
  assertEquals(stale, [], 'run `npm run previews` to redraw these');
  for (const lesson of lessons) {
    assertEquals(lessonImagePath(lesson.slug), `/og/${lesson.slug}.png`);
    const png = readFileSync(new URL(`${lesson.slug}.png`, folder));
    // A PNG's signature, then its IHDR: the 1200 x 630 a link preview asks for.
    assertEquals([...png.subarray(1, 4)].map((b) => String.fromCharCode(b)).join(''), 'PNG');
    assertEquals([png.readUInt32BE(16), png.readUInt32BE(20)], [1200, 630]);
  }
});

Deno.test('no image is left for a lesson that is gone', () => {
  const slugs = new Set(lessons.map((l) => l.slug));
  const images = readdirSync(folder).filter((f) => f.endsWith('.png')).map((f) => f.slice(0, -4));
  assertEquals(images.filter((s) => !slugs.has(s)), []);
  assertEquals(Object.keys(manifest).sort(), [...slugs].sort());
  assertEquals(existsSync(new URL('manifest.json', folder)), true);
});
