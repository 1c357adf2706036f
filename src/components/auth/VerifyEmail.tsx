import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import Field from '../ui/Field.tsx';
import { api, fieldErrorsOf, messageOf, NetworkError } from '../api.ts';
import { newPasswordProblem } from '../../lib/account-fields.ts';
import { messages } from '../../lib/password-rules.ts';

export type Variant = 'verify-email' | 'simple' | 'confirm';
type State = 'loading' | 'ask' | 'confirming' | 'success' | 'error';

const verify = {
  title: 'Verify your email',
  loading: 'Verifying Email',
  success: 'Email Verified',
  error: 'Verification Failed',
  delay: 2000,
  invalid: 'Invalid verification link. Please check your email for the correct link.',
};
/** Each route's words, and how long its success shows before /assessment. */
export const VARIANTS: Record<Variant, typeof verify> = {
  'verify-email': verify,
  simple: { ...verify, delay: 1500 },
  confirm: {
    title: 'Confirm your email',
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

interface Answer {
  needsConfirmation?: boolean;
  email?: string;
}

/**
 * The three verification pages (the spec's routes). The link confirms by itself in the browser
 * that signed up for this account; anywhere else the page shows the address and asks for the
 * password chosen at sign-up, or for a new one ("I didn't sign up here / forgot it").
 */
export default function VerifyEmail({ variant }: { variant: Variant }) {
  const text = VARIANTS[variant];
  const [state, setState] = useState<State>('loading');
  const [message, setMessage] = useState('');
  const [email, setEmail] = useState('');
  const started = useRef(false);
  const token = useRef<string | null>(null);

  const fail = useCallback(
    (status: number, reason: string) => {
      setState('error');
      setMessage(
        variant === 'confirm'
          ? status >= 500
            ? 'Account setup failed. Please contact support.'
            : 'Failed to verify email. Please try signing up again.'
          : reason
          ? `Email verification failed: ${reason}`
          : 'Email verification failed',
      );
    },
    [variant],
  );

  /** Sends the confirmation; answers the field error of a wrong password, if any. */
  const confirm = useCallback(
    async (proof: { password?: string; newPassword?: string } = {}): Promise<string | null> => {
      if (!token.current) return null;
      try {
        const result = await api<Answer>('/api/verify-email', { body: { token: token.current, ...proof } });
        if (result.ok && result.data?.needsConfirmation) {
          setEmail(result.data.email ?? '');
          setState('ask');
          return null;
        }
        if (result.ok) {
          setState('success');
          setMessage('Your email is verified and you are signed in. Taking you to your assessment…');
          setTimeout(() => window.location.assign('/assessment'), text.delay);
          return null;
        }
        const errors = fieldErrorsOf(result);
        const field = errors.password ?? errors.newPassword;
        if (field || result.status === 429) {
          return field ?? messageOf(result, 'Too many attempts. Please wait and try again.');
        }
        fail(result.status, messageOf(result, ''));
      } catch (error) {
        setState('error');
        setMessage(
          error instanceof NetworkError
            ? 'Something went wrong. Please try again.'
            : 'An error occurred during account setup.',
        );
      }
      return null;
    },
    [text, fail],
  );

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    token.current = readToken();
    if (!token.current) {
      setState('error');
      setMessage(text.invalid);
      return;
    }
    setState('confirming');
    void confirm();
  }, [text, confirm]);

  if (state === 'ask') return <ConfirmAddress title={text.loading} email={email} confirm={confirm} />;
  if (state === 'loading' || state === 'confirming') {
    return (
      <div className='center-state' aria-busy='true'>
        <div className='spinner' aria-hidden='true' />
        <h1>{text.loading}</h1>
        <p role='status'>{state === 'loading' ? 'Loading...' : 'Please wait while we confirm your email address.'}</p>
      </div>
    );
  }
  if (state === 'success') {
    return (
      <div className='center-state'>
        <p className='state-icon ok' aria-hidden='true'>✓</p>
        <h1>{text.success}</h1>
        <p role='status'>{message}</p>
      </div>
    );
  }
  return (
    <div className='center-state'>
      <p className='state-icon bad' aria-hidden='true'>!</p>
      <h1>{text.error}</h1>
      <p role='alert'>{message}</p>
      <p>
        <a className='btn btn-primary' href='/'>
          Return to Home
        </a>
      </p>
      <p className='form-footer'>
        Link expired? <a href='/login'>Sign in</a> and choose "Resend verification email".
      </p>
    </div>
  );
}

/** Another browser than the one that signed up: the address, then the sign-up password or a new one. */
function ConfirmAddress(
  { title, email, confirm }: {
    title: string;
    email: string;
    confirm: (proof: { password?: string; newPassword?: string }) => Promise<string | null>;
  },
) {
  const [choosing, setChoosing] = useState(false);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = choosing
      ? (newPasswordProblem(password) ?? (password !== repeat ? messages.mismatch : null))
      : password.trim()
      ? null
      : 'Enter the password you chose when you signed up';
    setError(problem);
    if (problem) return;
    setBusy(true);
    setError(await confirm(choosing ? { newPassword: password } : { password: password.trim() }));
    setBusy(false);
  }

  function toggle() {
    setChoosing(!choosing);
    setPassword('');
    setRepeat('');
    setError(null);
  }

  return (
    <form className='confirm-address' noValidate onSubmit={submit} aria-label='Confirm your email address'>
      <h1>{title}</h1>
      <p>
        You are confirming <strong data-testid='confirming-email'>{email}</strong>.
      </p>
      <p className='hint'>
        This link was opened in a different browser than the one used to sign up. {choosing
          ? 'Choose a new password: it replaces the one chosen at sign-up and signs out every other device.'
          : 'Enter the password you chose when you signed up to finish.'}
      </p>
      {error && (
        <div className='alert alert-error' role='alert'>
          {error}
        </div>
      )}
      <Field
        label={choosing ? 'New password' : 'Password you chose at sign-up'}
        type='password'
        autoComplete={choosing ? 'new-password' : 'current-password'}
        required
        revealable
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {choosing && (
        <Field
          label='Confirm new password'
          type='password'
          autoComplete='new-password'
          required
          revealable
          value={repeat}
          onChange={(e) => setRepeat(e.target.value)}
        />
      )}
      <button type='submit' className='btn btn-primary btn-block' disabled={busy}>
        {busy ? 'Confirming…' : choosing ? 'Set password and confirm' : 'Confirm my email address'}
      </button>
      <p className='form-footer'>
        <button type='button' className='link-button' onClick={toggle}>
          {choosing ? 'I know the password I chose at sign-up' : "I didn't sign up here, or I forgot the password"}
        </button>
      </p>
    </form>
  );
}
