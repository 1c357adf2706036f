import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJson } from '../../../lib/server/platform/http.ts';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { regenerateRecoveryCodes } from '../../../lib/server/auth/factors/store.ts';
import { confirmAccountChange, confirmSchema } from '../../../lib/server/auth/factors/confirm.ts';

/** Ten new recovery codes, shown once; the old ones stop working. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const body = await readJson(context, z.object({ confirm: confirmSchema.optional().default({}) }));
  await confirmAccountChange(context, user, context.locals.session!, body.confirm);
  const recoveryCodes = await regenerateRecoveryCodes(user.id);
  return Response.json({ message: 'Here are your new recovery codes.', recoveryCodes }, {
    headers: { 'Cache-Control': 'no-store' },
  });
};
