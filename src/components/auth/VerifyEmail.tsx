import { useCallback, useEffect, useRef, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';

type Variant = 'verify-email' | 'simple' | 'confirm';
type State = 'loading' | 'ask' | 'confirming' | 'success' | 'error';

const copy: Record<Variant, { loading: string; success: string; error: string; delay: number; invalid: string }> = {
  'verify-email': {
    loading: 'Verifying Email',
    success: 'Email Verified',
    error: 'Verification Failed',
    delay: 2000,
    invalid: 'Invalid verification link. Please check your email for the correct link.',
  },
  simple: {
    loading: 'Verifying Email',
    success: 'Email Verified',
    error: 'Verification Failed',
    delay: 1500,
    invalid: 'Invalid verification link. Please check your email for the correct link.',
  },
  confirm: {
    loading: 'Confirming your email',
    success: 'Email confirmed',
    error: 'Confirmation failed',
    delay: 2000,
    invalid: 'Invalid confirmation link. Please try signing up again.',
  },
};

/** Reads our verification token from the query (`token`) or the hash (`#token=` / `#access_token=`). */
function readToken(): string | null {
  const query = new URLSearchParams(window.location.search);
  const hash = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  return query.get('token') ?? hash.get('token') ?? query.get('access_token') ?? hash.get('access_token');
}

export default function VerifyEmail({ variant, autoConfirm = true }: { variant: Variant; autoConfirm?: boolean }) {
  const text = copy[variant];
  const [state, setState] = useState<State>('loading');
  const [message, setMessage] = useState('');
  const started = useRef(false);
  const token = useRef<string | null>(null);

  const confirm = useCallback(() => {
    if (!token.current) return;
    setState('confirming');
    // A POST from this page (our origin): the GET API call verifies without signing in.
    api<{ needsPassword?: boolean }>('/api/verify-email', { body: { token: token.current } })
      .then((result) => {
        if (result.ok) {
          setState('success');
          if (result.data?.needsPassword) {
            setMessage('Your email is verified. Next, choose a password for your account…');
            setTimeout(() => window.location.assign('/set-password?reason=verified-elsewhere'), text.delay);
          } else {
            setMessage('Your email is verified and you are signed in. Taking you to your assessment…');
            setTimeout(() => window.location.assign('/assessment'), text.delay);
          }
        } else {
          setState('error');
          const reason = messageOf(result, '');
          setMessage(
            variant === 'confirm'
              ? result.status >= 500
                ? 'Account setup failed. Please contact support.'
                : 'Failed to verify email. Please try signing up again.'
              : reason
                ? `Email verification failed: ${reason}`
                : 'Email verification failed',
          );
        }
      })
      .catch((error) => {
        setState('error');
        setMessage(error instanceof NetworkError ? 'Something went wrong. Please try again.' : 'An error occurred during account setup.');
      });
  }, [text, variant]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    token.current = readToken();
    if (!token.current) {
      setState('error');
      setMessage(text.invalid);
      return;
    }
    if (autoConfirm) confirm();
    else setState('ask');
  }, [text, autoConfirm, confirm]);

  if (state === 'ask') {
    return (
      <div className="center-state">
        <h1>{text.loading}</h1>
        <p>Confirm that this email address is yours to finish setting up your account.</p>
        <p className="hint">Opened on another device or browser than the one you signed up with? That is fine: you will choose your password next.</p>
        <p>
          <button type="button" className="btn btn-primary" onClick={confirm}>
            Confirm my email address
          </button>
        </p>
      </div>
    );
  }
  if (state === 'loading' || state === 'confirming') {
    return (
      <div className="center-state" aria-busy="true">
        <div className="spinner" aria-hidden="true" />
        <h1>{text.loading}</h1>
        <p role="status">{state === 'loading' ? 'Loading...' : 'Please wait while we confirm your email address.'}</p>
      </div>
    );
  }
  if (state === 'success') {
    return (
      <div className="center-state">
        <p className="state-icon ok" aria-hidden="true">✓</p>
        <h1>{text.success}</h1>
        <p role="status">{message}</p>
      </div>
    );
  }
  return (
    <div className="center-state">
      <p className="state-icon bad" aria-hidden="true">!</p>
      <h1>{text.error}</h1>
      <p role="alert">{message}</p>
      <p>
        <a className="btn btn-primary" href="/">
          Return to Home
        </a>
      </p>
      <p className="form-footer">
        Link expired? <a href="/login">Sign in</a> and choose "Resend verification email".
      </p>
    </div>
  );
}
