import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJson } from '../../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../../lib/server/auth/guards.ts';
import { verifyRegistration } from '../../../../../lib/server/auth/factors/webauthn.ts';
import { addFactor } from '../../../../../lib/server/auth/factors/store.ts';
import { confirmAccountChange, confirmSchema } from '../../../../../lib/server/auth/factors/confirm.ts';

const schema = z.object({
  name: z.string().trim().min(1, 'Give the passkey a name').max(60, 'At most 60 characters'),
  attestationObject: z.string().max(16_384),
  clientDataJSON: z.string().max(4096),
  confirm: confirmSchema.optional().default({}),
});

/** Registers a passkey created by the browser for the signed-in account. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const body = await readJson(context, schema);
  await confirmAccountChange(context, user, context.locals.session!, body.confirm);
  const passkey = await verifyRegistration(body);
  const added = await addFactor(user.id, context.locals.session!.id, { kind: 'passkey', name: body.name, ...passkey });
  return Response.json({ message: 'Your passkey is set up.', ...added });
};
