import type { APIRoute } from 'astro';
import { readJson } from '../../lib/server/http.ts';
import { syncUserSchema } from '../../lib/schemas.ts';
import { requireOwnUserId, requireUser } from '../../lib/server/guards.ts';
import { updateZipCode } from '../../lib/server/credentials.ts';
import { toSessionUser } from '../../lib/server/session.ts';

export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const body = await readJson(context.request, syncUserSchema);
  requireOwnUserId(user, body.id);
  const updated = body.zipCode === undefined ? null : await updateZipCode(user.id, body.zipCode || null);
  const { id, email, firstName, lastName, phoneNumber, zipCode, role, emailVerified } = updated ? toSessionUser(updated) : user;
  return Response.json({ id, email, firstName, lastName, phoneNumber, zipCode, role, emailVerified });
};
