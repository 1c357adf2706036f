import type { APIRoute } from 'astro';
import { isGoogleConfigured, startGoogleSignIn } from '../../../../lib/server/auth/google.ts';
import { jsonError } from '../../../../lib/server/platform/http.ts';

export const GET: APIRoute = ({ cookies, redirect }) => {
  if (!isGoogleConfigured()) return jsonError(404, 'Google sign-in is not available');
  return redirect(startGoogleSignIn(cookies).href, 302);
};
