import type { APIRoute } from 'astro';
import { listLibrary } from '../lib/server/learning/library.ts';
import { publicSite } from '../lib/server/learning/library-seo.ts';
import { PUBLIC_CACHE } from '../lib/server/platform/page-version.ts';

/** The public pages search engines should know, with how often they change. */
const PAGES = [
  { path: '/', changefreq: 'weekly', priority: '1.0' },
  { path: '/learn', changefreq: 'weekly', priority: '0.9' },
  { path: '/privacy', changefreq: 'yearly', priority: '0.3' },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Every published lesson under /learn, its lastmod the day it was last reviewed (read per request: a publish shows at once). */
export const GET: APIRoute = async () => {
  // Our own paths on our own origin: URL.href percent-encodes anything XML would need escaped.
  const origin = publicSite();
  const pages = PAGES.map(({ path, changefreq, priority }) =>
    `  <url><loc>${new URL(path, origin).href}</loc><changefreq>${changefreq}</changefreq>` +
    `<priority>${priority}</priority></url>`
  );
  const lessons = (await listLibrary()).map((lesson) =>
    `  <url><loc>${new URL(`/learn/${encodeURIComponent(lesson.slug)}`, origin).href}</loc>` +
    (lesson.reviewedAt && DAY.test(lesson.reviewedAt) ? `<lastmod>${lesson.reviewedAt}</lastmod>` : '') +
    '<changefreq>monthly</changefreq><priority>0.8</priority></url>'
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...pages,
    ...lessons,
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': PUBLIC_CACHE },
  });
};
