import type { APIRoute } from 'astro';

export const prerender = true;

export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>${new URL('/', origin).href}</loc><changefreq>weekly</changefreq><priority>1.0</priority></url>
  <url><loc>${new URL('/curriculum', origin).href}</loc><changefreq>monthly</changefreq><priority>0.8</priority></url>
</urlset>
`;
  return new Response(body, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
};
