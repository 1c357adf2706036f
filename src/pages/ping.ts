import type { APIRoute } from 'astro';

/** A trivial server-rendered response: the framework's ceiling in `npm run bench`. */
export const GET: APIRoute = () => new Response('ok', { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
