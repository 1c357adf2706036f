import type { APIRoute } from 'astro';
import { readJson } from '../../lib/server/platform/http.ts';
import { syncUserSchema } from '../../lib/schemas.ts';
import { requireOwnUserId, requireUser } from '../../lib/server/auth/guards.ts';
import { updateZipCode } from '../../lib/server/auth/credentials.ts';
import { toSessionUser } from '../../lib/server/auth/session.ts';

export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const body = await readJson(context, syncUserSchema);
  requireOwnUserId(user, body.id);
  const updated = body.zipCode === undefined ? null : await updateZipCode(user.id, body.zipCode || null);
  const { id, email, firstName, lastName, phoneNumber, zipCode, role, emailVerified } = updated
    ? toSessionUser(updated)
    : user;
  return Response.json({ id, email, firstName, lastName, phoneNumber, zipCode, role, emailVerified });
};
