import type { APIRoute } from 'astro';

export const prerender = true;

/** The public pages search engines should know, with how often they change. */
const PAGES = [
  { path: '/', changefreq: 'weekly', priority: '1.0' },
  { path: '/curriculum', changefreq: 'monthly', priority: '0.8' },
];

export const GET: APIRoute = ({ site }) => {
  // Our own paths on our own origin: URL.href percent-encodes anything XML would need escaped.
  const origin = site ?? new URL('http://localhost:4321');
  const urls = PAGES.map(({ path, changefreq, priority }) =>
    `  <url><loc>${new URL(path, origin).href}</loc><changefreq>${changefreq}</changefreq>` +
    `<priority>${priority}</priority></url>`
  );
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
