import type { APIRoute } from 'astro';
import { isGoogleConfigured } from '../../../lib/server/auth/google.ts';
import { passkeysAvailable } from '../../../lib/server/auth/factors/webauthn.ts';

/** The sign-in choices besides the password: Google when configured, passkeys where the site has a host name. */
export const GET: APIRoute = () => Response.json({ google: isGoogleConfigured(), passkeys: passkeysAvailable() });
