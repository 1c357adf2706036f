import type { APIRoute } from 'astro';
import { html } from '../lib/server/platform/html.ts';

export const prerender = true;

export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  // XML escapes text as HTML does: the one tagged template (html.ts) writes it.
  const body = html`
    <?xml version="1.0" encoding="UTF-8"?>
    <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url>
        <loc>${new URL('/', origin).href}</loc>
        <changefreq>weekly</changefreq>
        <priority>1.0</priority>
      </url>
      <url>
        <loc>${new URL('/curriculum', origin).href}</loc>
        <changefreq>monthly</changefreq>
        <priority>0.8</priority>
      </url>
    </urlset>
  `;
  return new Response(String(body), { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
