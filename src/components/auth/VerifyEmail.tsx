import { useCallback, useEffect, useRef, useState } from 'react';
import { api, fieldErrorsOf, messageOf, NetworkError } from '../api.ts';
import ConfirmAddress, { type Proof } from './ConfirmAddress.tsx';

export type Variant = 'verify-email' | 'simple' | 'confirm';
type State = 'loading' | 'ask' | 'confirming' | 'success' | 'already' | 'error';

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

interface Saved {
  counted: number;
  passed: number;
  badges: string[];
  streak: number;
}

interface Answer {
  needsConfirmation?: boolean;
  email?: string;
  /** Quizzes taken before sign-up that counted now (issue 52). */
  savedQuizzes?: Saved | null;
  /** A used link for a confirmed address (issue 53), and whether this browser is that account's. */
  alreadyVerified?: boolean;
  signedIn?: boolean;
  /** Where the new session starts: the assessment, or the studio for staff. */
  home?: string;
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
  const [saved, setSaved] = useState<Saved | null>(null);
  const [signedIn, setSignedIn] = useState(false);
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
    async (proof: Proof = {}): Promise<string | null> => {
      if (!token.current) return null;
      try {
        const result = await api<Answer>('/api/verify-email', { body: { token: token.current, ...proof } });
        if (result.ok && result.data?.needsConfirmation) {
          setEmail(result.data.email ?? '');
          setState('ask');
          return null;
        }
        if (result.ok && result.data?.alreadyVerified) {
          setSignedIn(Boolean(result.data.signedIn));
          setState('already');
          return null;
        }
        if (result.ok && result.data?.savedQuizzes) {
          // What the quizzes taken before sign-up earned stays on screen until the learner goes on.
          setState('success');
          setSaved(result.data.savedQuizzes);
          setMessage('Your email is verified and you are signed in.');
          return null;
        }
        if (result.ok) {
          const home = result.data?.home === '/studio' ? '/studio' : '/assessment';
          setState('success');
          setMessage(
            `Your email is verified and you are signed in. Taking you to ${
              home === '/studio' ? 'the studio' : 'your assessment'
            }…`,
          );
          setTimeout(() => window.location.assign(home), text.delay);
          return null;
        }
        const errors = fieldErrorsOf(result);
        const field = errors.password ?? errors.newPassword ?? errors.firstName ?? errors.lastName;
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
  if (state === 'already') {
    return (
      <div className='center-state' data-testid='already-confirmed'>
        <p className='state-icon ok' aria-hidden='true'>✓</p>
        <h1>Already confirmed</h1>
        <p role='status'>This address is already confirmed. There is nothing more to do.</p>
        <p>
          {signedIn
            ? <a className='btn btn-primary' href='/dashboard'>Go to your dashboard</a>
            : <a className='btn btn-primary' href='/login'>Sign in</a>}
        </p>
      </div>
    );
  }
  if (state === 'success') {
    return (
      <div className='center-state'>
        <p className='state-icon ok' aria-hidden='true'>✓</p>
        <h1>{text.success}</h1>
        <p role='status'>{message}</p>
        {saved && <SavedQuizzes saved={saved} />}
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

/** The quizzes a visitor passed before signing up, counted now: the badges and streak they earned. */
function SavedQuizzes({ saved }: { saved: Saved }) {
  const quizzes = saved.passed === 1
    ? 'The quiz you passed before signing up now counts.'
    : `The ${saved.passed} quizzes you passed before signing up now count.`;
  return (
    <div className='card saved-quizzes' data-testid='saved-quizzes'>
      <h2>Your progress is saved</h2>
      <p>
        {saved.passed > 0 ? quizzes : 'Your quiz results now count.'}
        {saved.streak > 0 && ` Your streak: ${saved.streak} ${saved.streak === 1 ? 'day' : 'days'}.`}
      </p>
      {saved.badges.length > 0 && (
        <p>
          {saved.badges.length === 1 ? 'Badge earned' : 'Badges earned'}: <strong>{saved.badges.join(', ')}</strong>
        </p>
      )}
      <a className='btn btn-primary' href='/assessment'>
        Next: the free assessment
      </a>
    </div>
  );
}
