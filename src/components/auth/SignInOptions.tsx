import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import PasskeySignIn from './PasskeySignIn.tsx';

/** The sign-in choices besides the password, as the server reports them. */
export function useSignInOptions(): { google: boolean; passkeys: boolean } {
  const [options, setOptions] = useState({ google: false, passkeys: false });
  useEffect(() => {
    api<{ google?: boolean; passkeys?: boolean }>('/api/auth/providers')
      .then((r) => setOptions({ google: Boolean(r.data?.google), passkeys: Boolean(r.data?.passkeys) }))
      .catch(() => {});
  }, []);
  return options;
}

/** "Sign in with a passkey" and "Continue with Google", each where the site offers it. */
export function SignInAlternatives({ google, passkeys, rememberMe, onSignedIn }: {
  google: boolean;
  passkeys: boolean;
  rememberMe: boolean;
  onSignedIn: (home: string) => void;
}) {
  return (
    <>
      {passkeys && <PasskeySignIn rememberMe={rememberMe} onSignedIn={onSignedIn} />}
      {google && (
        <>
          <p className='divider'>or</p>
          <a className='btn btn-outline btn-block' href='/api/auth/google'>
            Continue with Google
          </a>
        </>
      )}
    </>
  );
}
