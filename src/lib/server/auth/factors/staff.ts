// Authors and admins with a second factor (issue 51, ASVS V6.3.3): when APP_ENV=production or
// REQUIRE_STAFF_SECOND_FACTOR=true, the studio, the admin screens and their APIs serve a staff
// account only once it has a factor and its session has proved it, and publishing, unpublishing
// or deleting asks for the factor again when the last check is over 15 minutes old. Otherwise the
// screens show a banner (studioFactorBanner) and nothing is refused.
import { getEnv } from '../../platform/env.ts';
import { log } from '../../platform/log.ts';
import type { SessionInfo, SessionUser } from '../types.ts';

export const STEP_UP_MS = 15 * 60 * 1000;

const STAFF_PATH = /^\/(studio|admin|api\/studio|api\/admin)(\/|$)/;
/** Live changes: publish, unpublish, republish, any delete, and the admin screen's live lesson writes. */
function isPublishing(method: string, path: string): boolean {
  if (method === 'GET' || method === 'HEAD') return false;
  if (method === 'DELETE') return true;
  if (/\/(publish|unpublish|republish)$/.test(path)) return true;
  return /^\/api\/admin\/lessons(\/|$)/.test(path) && (method === 'POST' || method === 'PUT');
}

const isStaff = (user: SessionUser) => user.role === 'admin' || user.role === 'author';

export type StaffState = 'ok' | 'needs-setup' | 'needs-check' | 'needs-recheck';

export function staffFactorState(
  user: SessionUser,
  session: Pick<SessionInfo, 'factorVerifiedAt'> | null,
  method: string,
  path: string,
  now = Date.now(),
): StaffState {
  if (!getEnv().staffSecondFactor || !isStaff(user) || !STAFF_PATH.test(path)) return 'ok';
  if (!user.hasFactor) return 'needs-setup';
  const checked = session?.factorVerifiedAt?.getTime();
  if (checked === undefined) return 'needs-check';
  if (isPublishing(method, path) && now - checked > STEP_UP_MS) return 'needs-recheck';
  return 'ok';
}

const SETUP =
  'Authors and admins must set up a second factor (a passkey or an authenticator app) in your account first.';
const CHECK = 'Confirm it is you with your second factor to continue.';

/** The answer for a staff request the rules refuse, or null to serve it. */
export function staffGate(
  request: Request,
  url: URL,
  user: SessionUser | null,
  session: SessionInfo | null,
): Response | null {
  if (!user) return null;
  const state = staffFactorState(user, session, request.method, url.pathname);
  if (state === 'ok') return null;
  log('info', 'refused: staff second factor', { userId: user.id, path: url.pathname, state });
  const next = encodeURIComponent(url.pathname + url.search);
  if (url.pathname.startsWith('/api/')) {
    return state === 'needs-setup'
      ? Response.json({ message: SETUP, requiresSecondFactorSetup: true }, { status: 403 })
      : Response.json({ message: CHECK, requiresSecondFactor: true }, { status: 403 });
  }
  const to = state === 'needs-setup' ? `/account?setup=second-factor#security` : `/confirm-identity?next=${next}`;
  return new Response(null, { status: 303, headers: { Location: to } });
}

/** The development banner: what production would ask of this staff account. Null when nothing applies. */
export function studioFactorBanner(user: SessionUser | null): string | null {
  if (!user || !isStaff(user) || getEnv().staffSecondFactor || user.hasFactor) return null;
  return 'In production, authors and admins must set up a second factor before using the studio or the admin screens. Set one up now in your account.';
}
