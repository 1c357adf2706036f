import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJson } from '../../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../../lib/server/auth/guards.ts';
import { checkNewTotp } from '../../../../../lib/server/auth/factors/totp.ts';
import { addFactor } from '../../../../../lib/server/auth/factors/store.ts';
import { confirmAccountChange, confirmSchema } from '../../../../../lib/server/auth/factors/confirm.ts';

const schema = z.object({
  secret: z.string().max(128),
  code: z.string().max(20),
  confirm: confirmSchema.optional().default({}),
});

/** Adds the authenticator app whose code matches the key; the first factor brings ten recovery codes. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const body = await readJson(context, schema);
  const factor = checkNewTotp(body.secret, body.code);
  await confirmAccountChange(context, user, context.locals.session!, body.confirm);
  const added = await addFactor(user.id, context.locals.session!.id, factor);
  return Response.json({ message: 'Your authenticator app is set up.', ...added });
};
