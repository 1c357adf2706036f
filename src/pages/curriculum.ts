import type { APIRoute } from 'astro';

/** The curriculum overview became the public library (issue 42): the old address moves for good. */
export const GET: APIRoute = () =>
  new Response(null, { status: 301, headers: { Location: '/learn', 'Cache-Control': 'public, max-age=86400' } });
