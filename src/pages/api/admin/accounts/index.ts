import type { APIRoute } from 'astro';
import { z } from 'zod';
import { HttpError, readQuery } from '../../../../lib/server/platform/http.ts';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { findAccount } from '../../../../lib/server/auth/admin-accounts.ts';

/** An account by its e-mail address: its devices and second factors (never their secrets). */
export const GET: APIRoute = async (context) => {
  requireAdmin(context);
  const { email } = readQuery(
    context.url,
    z.object({ email: z.string().trim().min(1, 'Enter an e-mail address').max(254) }),
  );
  const account = await findAccount(email);
  if (!account) throw new HttpError(404, 'No account has that e-mail address.');
  return Response.json({ account });
};
