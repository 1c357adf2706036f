// Google sign-in with arctic: authorization code + PKCE, state in a short-lived cookie. The
// endpoints are configurable so tests can run a local fake provider.
import { and, eq } from 'drizzle-orm';
import { CodeChallengeMethod, generateCodeVerifier, generateState, OAuth2Client } from 'arctic';
import type { AstroCookies } from 'astro';
import { emailVerificationTokens, oauthAccounts, sessions, type User, users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { getEnv } from '../platform/env.ts';
import { HttpError } from '../platform/http.ts';
import { applyConfiguredRole, findUserByEmail } from './credentials.ts';

const STATE_COOKIE = 'google_oauth_state';
const VERIFIER_COOKIE = 'google_code_verifier';

function endpoints() {
  const env = getEnv();
  return {
    auth: env.GOOGLE_AUTH_URL ?? 'https://accounts.google.com/o/oauth2/v2/auth',
    token: env.GOOGLE_TOKEN_URL ?? 'https://oauth2.googleapis.com/token',
    userinfo: env.GOOGLE_USERINFO_URL ?? 'https://openidconnect.googleapis.com/v1/userinfo',
  };
}

export function isGoogleConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET);
}

function client(): OAuth2Client {
  const env = getEnv();
  if (!isGoogleConfigured()) throw new HttpError(404, 'Google sign-in is not available');
  return new OAuth2Client(env.GOOGLE_CLIENT_ID!, env.GOOGLE_CLIENT_SECRET!, `${env.PUBLIC_URL}/auth-callback`);
}

export function startGoogleSignIn(cookies: AstroCookies): URL {
  const state = generateState();
  const verifier = generateCodeVerifier();
  const url = client().createAuthorizationURLWithPKCE(endpoints().auth, state, CodeChallengeMethod.S256, verifier, [
    'openid',
    'email',
    'profile',
  ]);
  const options = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: getEnv().APP_ENV === 'production',
    path: '/',
    maxAge: 600,
  };
  cookies.set(STATE_COOKIE, state, options);
  cookies.set(VERIFIER_COOKIE, verifier, options);
  return url;
}

interface GoogleProfile {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/** Finishes sign-in: checks state, exchanges the code, and finds, links or creates the user. */
export async function finishGoogleSignIn(cookies: AstroCookies, code: string, state: string): Promise<User> {
  const expected = cookies.get(STATE_COOKIE)?.value;
  const verifier = cookies.get(VERIFIER_COOKIE)?.value;
  cookies.delete(STATE_COOKIE, { path: '/' });
  cookies.delete(VERIFIER_COOKIE, { path: '/' });
  if (!expected || !verifier || expected !== state) {
    throw new HttpError(400, 'Your sign-in session expired. Please try again.');
  }
  let accessToken: string;
  try {
    const tokens = await client().validateAuthorizationCode(endpoints().token, code, verifier);
    accessToken = tokens.accessToken();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'Failed to complete authentication');
  }
  const response = await fetch(endpoints().userinfo, {
    headers: { Authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(10_000),
  }).catch(() => null);
  if (!response?.ok) throw new HttpError(502, 'Failed to complete authentication');
  const profile = (await response.json()) as GoogleProfile;
  if (!profile.sub) throw new HttpError(502, 'Failed to complete authentication');
  return applyConfiguredRole(await findOrCreateGoogleUser(profile));
}

async function findOrCreateGoogleUser(profile: GoogleProfile): Promise<User> {
  const db = await getDb();
  const [linked] = await db
    .select({ user: users })
    .from(oauthAccounts)
    .innerJoin(users, eq(users.id, oauthAccounts.userId))
    .where(and(eq(oauthAccounts.provider, 'google'), eq(oauthAccounts.subject, profile.sub)))
    .limit(1);
  if (linked) return linked.user;
  if (!profile.email || profile.email_verified !== true) {
    throw new HttpError(400, 'Your Google account has no verified e-mail address.');
  }
  const existing = await findUserByEmail(profile.email);
  return db.transaction(async (tx) => {
    let user = existing;
    if (!user) {
      [user] = await tx
        .insert(users)
        .values({
          email: profile.email!,
          firstName: profile.given_name ?? profile.name?.split(' ')[0] ?? 'Learner',
          lastName: profile.family_name ?? '',
          emailVerifiedAt: new Date(),
        })
        .returning();
    } else if (!user.emailVerifiedAt) {
      // Nobody has proven this address before Google did now: whoever signed up with it may not
      // own it. Keep nothing they chose (password, name, phone), so they cannot sign in to the
      // owner's account; the owner can set a password of their own.
      [user] = await tx
        .update(users)
        .set({
          emailVerifiedAt: new Date(),
          passwordHash: null,
          firstName: profile.given_name ?? profile.name?.split(' ')[0] ?? 'Learner',
          lastName: profile.family_name ?? '',
          phoneNumber: '',
          zipCode: null,
        })
        .where(eq(users.id, user.id))
        .returning();
      await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
    }
    await tx.insert(oauthAccounts).values({ provider: 'google', subject: profile.sub, userId: user.id })
      .onConflictDoNothing();
    return user;
  });
}
