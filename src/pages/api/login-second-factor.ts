import type { APIRoute } from 'astro';
import { HttpError, readJson } from '../../lib/server/platform/http.ts';
import { confirmIdentity } from '../../lib/server/auth/factors/confirm.ts';
import { factorProofSchema } from '../../lib/server/auth/factors/verify.ts';
import { completeSignIn, endPending, takePendingAttempt } from '../../lib/server/auth/factors/sign-in.ts';

/**
 * The second call of a sign-in with a factor (issue 51): `{ code }`, `{ recoveryCode }` or
 * `{ passkey }` finishes the sign-in `POST /api/login-email` began and answers its fields.
 */
export const POST: APIRoute = async (context) => {
  const proof = await readJson(context, factorProofSchema);
  const pending = await takePendingAttempt(context);
  try {
    const method = await confirmIdentity(context, pending.userId, proof, { allowPassword: false, status: 401 });
    await endPending(context, pending.tokenHash);
    return completeSignIn(
      context,
      pending.userId,
      pending.persistent === 1,
      method as Exclude<typeof method, 'password'>,
    );
  } catch (error) {
    if (error instanceof HttpError && error.status === 401 && pending.lastTry) {
      await endPending(context, pending.tokenHash);
      throw new HttpError(401, 'That was the last try. Please enter your e-mail and password again.');
    }
    throw error;
  }
};
