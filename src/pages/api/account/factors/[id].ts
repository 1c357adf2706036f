import type { APIRoute } from 'astro';
import { z } from 'zod';
import { HttpError, readJson } from '../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../lib/server/auth/guards.ts';
import { removeFactor } from '../../../../lib/server/auth/factors/store.ts';
import { confirmAccountChange, confirmSchema } from '../../../../lib/server/auth/factors/confirm.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Removes one second factor after the password or a factor confirms it is the owner. */
export const DELETE: APIRoute = async (context) => {
  const user = requireUser(context);
  const id = context.params.id ?? '';
  if (!UUID.test(id)) throw new HttpError(404, 'That second factor was not found.');
  const body = await readJson(context, z.object({ confirm: confirmSchema.optional().default({}) }));
  await confirmAccountChange(context, user, context.locals.session!, body.confirm);
  await removeFactor(user.id, context.locals.session!.id, id);
  return Response.json({ message: 'The second factor was removed.' });
};
