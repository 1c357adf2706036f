import type { APIRoute } from 'astro';

export const prerender = true;

/** Signed-in pages: they redirect a crawler to sign in, and carry noindex besides. */
const ACCOUNT_PAGES = [
  '/dashboard',
  '/lessons',
  '/lesson/',
  '/review',
  '/progress',
  '/account',
  '/assessment',
  '/login',
  '/check-inbox',
  '/verify-email',
  '/reset-password',
  '/set-password',
  '/unsubscribe',
];

export const GET: APIRoute = ({ site }) => {
  const origin = site ?? new URL('http://localhost:4321');
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
