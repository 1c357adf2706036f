import type { APIRoute } from 'astro';
import { jsonError, readJson } from '../../lib/server/platform/http.ts';
import { signupSchema } from '../../lib/schemas.ts';
import { signUp } from '../../lib/server/auth/credentials.ts';
import { hitLimit, limits } from '../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../lib/server/platform/client-ip.ts';
import { issueSignupCookie } from '../../lib/server/auth/signup-cookie.ts';
import { fittingResults } from '../../lib/server/learning/visitor-results.ts';

const SIGNUP_MESSAGE =
  'Account created! Please check your email and click the verification link to activate your account.';

export const POST: APIRoute = async (context) => {
  const limit = await hitLimit(limits.signups(clientIp(context)));
  if (!limit.allowed) {
    return jsonError(429, 'Too many sign-ups from your network. Please try again later.', undefined, {
      'Retry-After': String(limit.retryAfterSeconds),
    });
  }
  const body = await readJson(context, signupSchema);
  // Every sign-up gets the cookie, a taken address too, so the answer tells nothing.
  // A visitor's quiz results that no longer fit their lesson (changed since) are left out, not refused.
  const quizResults = await fittingResults(body.quizResults);
  await signUp({ ...body, quizResults }, issueSignupCookie(context.cookies));
  // The same answer for a new and a taken address (no enumeration).
  return Response.json({ message: SIGNUP_MESSAGE, emailSent: true });
};
