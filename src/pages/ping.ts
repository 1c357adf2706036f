import type { APIRoute } from 'astro';
import { getEnv } from '../lib/server/platform/env.ts';

/** A trivial server-rendered response: the framework's ceiling in `npm run bench` (BENCH_ROUTES=1 only). */
export const GET: APIRoute = () =>
  getEnv().BENCH_ROUTES
    ? new Response('ok', { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
    : new Response('Not found', { status: 404 });
