import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJson } from '../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../lib/server/auth/guards.ts';
import { endDevices } from '../../../../lib/server/auth/devices.ts';
import { confirmAccountChange, confirmSchema } from '../../../../lib/server/auth/factors/confirm.ts';

const schema = z.union([
  z.object({ sessionId: z.string().min(1).max(64), confirm: confirmSchema.optional().default({}) }),
  z.object({ others: z.literal(true), confirm: confirmSchema.optional().default({}) }),
], { error: 'Name a session (sessionId) or every other one (others: true)' });

/** Ends one other session, or all others, once the password or a second factor is entered again. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const body = await readJson(context, schema);
  const session = context.locals.session!;
  await confirmAccountChange(context, user, session, body.confirm);
  const ended = await endDevices(
    user.id,
    session.id,
    'sessionId' in body ? { sessionId: body.sessionId } : { others: true },
  );
  return Response.json({ message: ended === 1 ? '1 session ended.' : `${ended} sessions ended.`, ended });
};
