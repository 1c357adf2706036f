import { useEffect, useRef, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';

export const REDIRECT_AFTER_SOCIAL_MS = 2000;

export default function AuthCallback() {
  const [error, setError] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = new URLSearchParams(window.location.search);
    const code = query.get('code');
    const state = query.get('state');
    if (query.get('error') || !code || !state) {
      setError(query.get('error') ? 'Authentication failed' : 'No user session found');
      return;
    }
    api<{ redirectTo?: string; requiresSecondFactor?: boolean }>('/api/auth/google/callback', {
      body: { code, state },
    })
      .then((result) => {
        if (!result.ok) {
          setError(messageOf(result, 'Failed to complete authentication'));
          return;
        }
        if (result.data?.requiresSecondFactor) {
          window.location.assign('/login?second-factor=1');
          return;
        }
        const to = result.data?.redirectTo;
        const target = to === '/dashboard' || to === '/studio' ? to : '/assessment';
        setSignedIn(true);
        setTimeout(() => window.location.assign(target), REDIRECT_AFTER_SOCIAL_MS);
      })
      .catch((e) =>
        setError(e instanceof NetworkError ? 'Authentication failed' : 'Failed to complete authentication')
      );
  }, []);

  if (error) {
    return (
      <div className='center-state'>
        <p className='state-icon bad' aria-hidden='true'>!</p>
        <h1>Authentication Failed</h1>
        <p role='alert'>{error}</p>
        <a className='btn btn-primary' href='/'>
          Return to Login
        </a>
      </div>
    );
  }
  return (
    <div className='center-state' aria-busy='true'>
      <div className='spinner' aria-hidden='true' />
      <h1>Processing authentication...</h1>
      <p role='status'>{signedIn ? 'Signed in. Taking you onward…' : 'Signing you in with Google.'}</p>
    </div>
  );
}
