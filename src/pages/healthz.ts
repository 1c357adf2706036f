import type { APIRoute } from 'astro';
import { pingDatabase } from '../../db/client.ts';
import { getDb } from '../lib/server/platform/db.ts';

export const GET: APIRoute = async () => {
  const up = await pingDatabase(await getDb());
  return Response.json(
    { status: up ? 'ok' : 'degraded', database: up ? 'up' : 'down' },
    { status: up ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  );
};
