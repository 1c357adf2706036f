import type { APIRoute } from 'astro';
import { z } from 'zod';
import { HttpError, jsonError, readJson } from '../../../lib/server/platform/http.ts';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { deleteAccount } from '../../../lib/server/auth/account-data.ts';
import { findUserById } from '../../../lib/server/auth/credentials.ts';
import { verifyPassword } from '../../../lib/server/auth/password.ts';
import { deleteSessionCookie } from '../../../lib/server/auth/session.ts';
import { hitLimit, limits, refundLimit } from '../../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../../lib/server/platform/client-ip.ts';

const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
const deleteSchema = z.object({ password: z.string().trim().max(256).optional() });

/** Deletes the signed-in learner's account after the password (or a fresh sign-in) confirms it. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const { password } = await readJson(context, deleteSchema);
  const record = await findUserById(user.id);
  if (!record) throw new HttpError(404, 'Account not found');
  if (record.passwordHash) {
    const limit = limits.loginFailures(clientIp(context));
    const slot = await hitLimit(limit);
    if (!slot.allowed) {
      return jsonError(429, 'Too many attempts. Please wait and try again.', undefined, {
        'Retry-After': String(slot.retryAfterSeconds),
      });
    }
    if (!password || !(await verifyPassword(record.passwordHash, password))) {
      throw new HttpError(403, 'That password is not right. Your account was not deleted.', {
        password: 'Enter your current password',
      });
    }
    await refundLimit(limit);
  } else if (Date.now() - context.locals.session!.createdAt.getTime() > RECENT_SIGN_IN_MS) {
    throw new HttpError(403, 'For your security, please sign in again, then delete your account within 10 minutes.');
  }
  await deleteAccount(user.id);
  deleteSessionCookie(context.cookies);
  return Response.json({ message: 'Your account and your data have been deleted.' }, {
    headers: { 'Clear-Site-Data': '"storage"' },
  });
};
