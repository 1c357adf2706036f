import type { APIRoute, GetStaticPaths } from 'astro';
import { readLessonFiles } from '../../lib/server/content/curriculum-loader.ts';
import { lessonCardSvg } from '../../lib/server/content/lesson-image.ts';

// Drawn once, at build: a request never renders an image.
export const prerender = true;

export const getStaticPaths = (() =>
  readLessonFiles().flatMap((
    f,
  ) => (f.lesson ? [{ params: { slug: f.lesson.slug }, props: { lesson: f.lesson } }] : []))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ props }) => {
  // sharp (Astro's image library) turns the SVG into PNG, which every link preview reads.
  const { default: sharp } = await import('sharp');
  const png = await sharp(new TextEncoder().encode(lessonCardSvg(props.lesson))).png({ compressionLevel: 9 })
    .toBuffer();
  return new Response(new Uint8Array(png), { headers: { 'Content-Type': 'image/png' } });
};
