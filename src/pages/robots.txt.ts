import type { APIRoute } from 'astro';
import { publicSite } from '../lib/server/learning/library-seo.ts';

/** Signed-in pages: they redirect a crawler to sign in, and carry noindex besides. */
const ACCOUNT_PAGES = [
  '/dashboard',
  '/lessons',
  '/lesson/',
  '/review',
  '/progress',
  '/account',
  '/assessment',
  '/check-inbox',
  '/verify-email',
  '/reset-password',
  '/set-password',
  '/unsubscribe',
];

export const GET: APIRoute = () => {
  const origin = publicSite();
  const body = [
    'User-agent: *',
    'Allow: /',
    'Allow: /learn',
    'Disallow: /api/',
    'Disallow: /admin/',
    'Disallow: /dev/',
    ...ACCOUNT_PAGES.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('/sitemap.xml', origin).href}`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
