// F3 (issue 50): no shared or browser cache keeps what a signed-in learner was shown, nor the
// answer of a sign-in, which carries a session token.
const SIGN_IN_PATHS = new Set(['/api/login-email', '/api/verify-email', '/api/auth/google/callback']);

/** True when the answer to this request must not be stored by any cache. */
export function mustNotStore(signedIn: boolean, pathname: string): boolean {
  return signedIn || SIGN_IN_PATHS.has(pathname);
}

/** The response with `Cache-Control: no-store` (and `private`), keeping any other directive it had. */
export function withNoStore(response: Response): Response {
  const current = response.headers.get('cache-control') ?? '';
  if (/\bno-store\b/.test(current)) return response;
  const value = current && !/\bpublic\b/.test(current) ? `${current}, no-store` : 'private, no-store';
  try {
    response.headers.set('Cache-Control', value);
    return response;
  } catch {
    // A redirect's headers are immutable: copy it.
    const copy = new Response(response.body, response);
    copy.headers.set('Cache-Control', value);
    return copy;
  }
}
