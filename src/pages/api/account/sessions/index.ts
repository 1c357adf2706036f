import type { APIRoute } from 'astro';
import { requireUser } from '../../../../lib/server/auth/guards.ts';
import { listDevices } from '../../../../lib/server/auth/devices.ts';

/** The signed-in devices of this account, this one marked `current`. */
export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return Response.json({ sessions: await listDevices(user.id, context.locals.session?.id ?? null) });
};
