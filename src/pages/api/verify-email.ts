import type { APIContext, APIRoute } from 'astro';
import { securityEvent } from '../../lib/server/platform/security-log.ts';
import { z } from 'zod';
import type { User } from '../../../db/schema.ts';
import { jsonError, readJson } from '../../lib/server/platform/http.ts';
import { type Verification, verifyEmailToken } from '../../lib/server/auth/verification.ts';
import { createSession, setSessionCookie } from '../../lib/server/auth/session.ts';
import { rememberDevice } from '../../lib/server/auth/device-cookie.ts';
import { deleteSignupCookie, readSignupCookie } from '../../lib/server/auth/signup-cookie.ts';
import { hitLimit, limits, refundLimit } from '../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../lib/server/platform/client-ip.ts';
import { tooManySignIns } from '../../lib/server/platform/limit-responses.ts';
import { log } from '../../lib/server/platform/log.ts';
import { nameProblem, newPasswordProblem } from '../../lib/account-fields.ts';
import { homePathFor } from '../../lib/server/learning/home.ts';
import { messages, PASSWORD_MAX } from '../../lib/password-rules.ts';

const INVALID_LINK = 'Invalid verification link. Please check your email for the correct link.';
const EXPIRED_LINK = 'This verification link is invalid or has expired. Please request a new one.';
export const CONFIRM_MESSAGE =
  'To confirm this address, enter the password you chose when you signed up, or choose a new one.';
const WRONG_PASSWORD = 'That is not the password chosen at sign-up. Try again, or choose a new password.';

const ownerName = (label: 'First name' | 'Last name') =>
  z.string().trim().superRefine((value, ctx) => {
    const problem = nameProblem(label, value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }).optional();
const token = z.string({ error: INVALID_LINK }).trim().min(1, INVALID_LINK).max(200, INVALID_LINK);
const verifySchema = z.object({
  token,
  password: z.string().max(PASSWORD_MAX, messages.tooLong).optional(),
  newPassword: z
    .string()
    .superRefine((value, ctx) => {
      const problem = newPasswordProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .optional(),
  // The owner's names with a new password: the account is reset to its owner (owner-reset.ts).
  firstName: ownerName('First name'),
  lastName: ownerName('Last name'),
});

const userFields = (user: User) => ({ id: user.id, email: user.email, firstName: user.firstName });

/** Another browser: nothing has changed; the page asks for the sign-up password or a new one. */
const askToConfirm = (user: User) =>
  Response.json({
    message: CONFIRM_MESSAGE,
    needsConfirmation: true,
    email: user.email,
    user: { email: user.email },
    tempAuthToken: null,
    needsPassword: false,
  });

export const ALREADY_CONFIRMED = 'This address is already confirmed. There is nothing more to do.';

/** A used link for a confirmed address: nothing changes, nobody is signed in; the page links on. */
const alreadyConfirmed = (context: APIContext, user: User) =>
  Response.json({
    message: ALREADY_CONFIRMED,
    alreadyVerified: true,
    signedIn: context.locals.user?.id === user.id,
    user: { email: user.email },
    tempAuthToken: null,
    needsPassword: false,
    needsConfirmation: false,
  });

function verifiedAnswer(
  verification: Extract<Verification, { kind: 'verified' }>,
  tempAuthToken: string | null,
  home?: string,
) {
  securityEvent('email verified', { userId: verification.user.id, passwordChanged: verification.passwordChanged });
  return Response.json({
    message: verification.passwordChanged
      ? 'Email verified and your new password is set.'
      : 'Email verified successfully',
    user: userFields(verification.user),
    tempAuthToken,
    needsPassword: verification.user.passwordHash === null,
    needsConfirmation: false,
    // Quizzes taken before sign-up that counted now, with the badges and streak they earned (issue 52).
    savedQuizzes: verification.saved && verification.saved.counted > 0 ? verification.saved : null,
    ...(home ? { home } : {}),
  });
}

/**
 * The spec's call. From the browser that signed up (its sign-up cookie) it verifies the address;
 * from anywhere else it changes nothing and says how to confirm. It never creates a session or
 * sets a cookie (a GET must not sign anyone in), so `tempAuthToken` is null.
 */
export const GET: APIRoute = async (context) => {
  const raw = context.url.searchParams.get('token') ?? '';
  if (!raw || raw.length > 200) return jsonError(400, INVALID_LINK);
  const verification = await verifyEmailToken(raw, { signupClient: readSignupCookie(context.cookies) });
  if (!verification) return jsonError(400, EXPIRED_LINK);
  if (verification.kind === 'already') return alreadyConfirmed(context, verification.user);
  return verification.kind === 'verified' ? verifiedAnswer(verification, null) : askToConfirm(verification.user);
};

/**
 * The verification pages' confirmation, from our own origin (the CSRF check). `{ token }` alone
 * confirms from the browser that signed up; elsewhere the answer asks to confirm, and the page
 * sends `{ token, password }` (the sign-up password, counted as a sign-in attempt) or
 * `{ token, newPassword }`. A confirmation signs this browser in.
 */
export const POST: APIRoute = async (context) => {
  const body = await readJson(context, verifySchema);
  const usesPassword = body.password !== undefined && body.newPassword === undefined;
  const slot = usesPassword ? await takeSignInSlot(context) : null;
  if (slot instanceof Response) return slot;
  const verification = await verifyEmailToken(body.token, {
    signupClient: readSignupCookie(context.cookies),
    password: body.newPassword === undefined ? body.password : undefined,
    newPassword: body.newPassword,
    firstName: body.firstName,
    lastName: body.lastName,
  });
  if (!verification) return jsonError(400, EXPIRED_LINK);
  if (verification.kind === 'already') {
    if (slot) await refundLimit(slot);
    return alreadyConfirmed(context, verification.user);
  }
  if (verification.kind === 'confirm') return askToConfirm(verification.user);
  if (verification.kind === 'wrong-password') {
    log('info', 'email confirmation refused', { userId: verification.user.id, reason: 'wrong sign-up password' });
    return jsonError(400, WRONG_PASSWORD, { password: WRONG_PASSWORD });
  }
  if (slot) await refundLimit(slot);
  const { token: sessionToken, session } = await createSession(verification.user.id, true, new Date(), {
    userAgent: context.request.headers.get('user-agent'),
  });
  setSessionCookie(context.cookies, sessionToken, session);
  await rememberDevice(context.cookies, verification.user.id);
  // Confirmed by this browser's own sign-up cookie: it has done its work.
  if (body.password === undefined && body.newPassword === undefined) deleteSignupCookie(context.cookies);
  return verifiedAnswer(verification, sessionToken, await homePathFor(verification.user));
};

/** A sign-up password typed on this page is a sign-in attempt: it takes a slot of the client's limit. */
async function takeSignInSlot(context: APIContext) {
  const limit = limits.loginFailures(clientIp(context));
  const state = await hitLimit(limit);
  return state.allowed ? limit : tooManySignIns(state.retryAfterSeconds);
}
