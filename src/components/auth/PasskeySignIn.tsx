import { useEffect, useState } from 'react';
import { api, messageOf } from '../api.ts';
import { browserHasPasskeys, passkeyAssertion, passkeyProblem } from '../security/passkeys.ts';

/**
 * "Sign in with a passkey": the passkey alone is the whole sign-in. Shown where the device has a
 * built-in authenticator that checks it is you (a phone's or laptop's); elsewhere the password
 * stays the way in, and a passkey on a security key answers the second step.
 */
export default function PasskeySignIn({ rememberMe, onSignedIn }: {
  rememberMe: boolean;
  onSignedIn: (home: string) => void;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [usable, setUsable] = useState(false);
  useEffect(() => {
    if (!browserHasPasskeys()) return;
    PublicKeyCredential.isUserVerifyingPlatformAuthenticatorAvailable().then(setUsable, () => {});
  }, []);
  if (!usable) return null;
  async function signIn() {
    setBusy(true);
    setError(null);
    try {
      const passkey = await passkeyAssertion();
      const r = await api<{ home?: string }>('/api/auth/passkey/login', { body: { passkey, rememberMe } });
      if (r.ok) onSignedIn(r.data?.home ?? '/');
      else setError(messageOf(r, 'That passkey could not sign you in.'));
    } catch (e) {
      setError(passkeyProblem(e));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <p className='divider'>or</p>
      {error && <div className='alert alert-error' role='alert'>{error}</div>}
      <button type='button' className='btn btn-outline btn-block' onClick={signIn} disabled={busy}>
        Sign in with a passkey
      </button>
    </>
  );
}
