import { type FormEvent, useEffect, useRef, useState } from 'react';
import Field from '../ui/Field.tsx';
import { api, messageOf, NetworkError } from '../api.ts';
import { showToast } from '../../stores/toast.ts';
import { safeNextPath } from '../../lib/safe-redirect.ts';
import SecondFactorStep from './SecondFactorStep.tsx';
import { SignInAlternatives, useSignInOptions } from './SignInOptions.tsx';
import { useHydrated } from '../ui/useHydrated.ts';
import InPlaceLink from './InPlaceLink.tsx';

interface Props {
  onSwitchToSignUp: () => void;
  /** Opens the forgot-password form with the address typed so far. */
  onForgotPassword: (email: string) => void;
  /** Where to go after signing in; the default reloads `/`, which routes by assessment state. */
  next?: string;
}

export default function LoginForm({ onSwitchToSignUp, onForgotPassword, next = '/' }: Props) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [errors, setErrors] = useState<{ email?: string; password?: string; form?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [needsVerification, setNeedsVerification] = useState(false);
  const options = useSignInOptions();
  // The second factor still to come (issue 51): which kinds the account can answer with.
  const [secondStep, setSecondStep] = useState<string[] | null>(null);
  const remember = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Sign In waits for the island (issue 53); what was typed before it hydrated is kept.
  const hydrated = useHydrated();

  useEffect(() => {
    keepEarlyInput(form.current, setEmail, setPassword);
    if (remember.current && !remember.current.checked) setRememberMe(false); // unticked before hydration
    // Google sign-in of an account with a factor lands here for its second step.
    if (new URLSearchParams(window.location.search).get('second-factor') === '1') setSecondStep(['totp', 'passkey']);
  }, []);

  function signedIn(home: string) {
    // No destination asked for ('/'): straight to the learner's home, never through the landing page.
    window.location.assign(next === '/' ? home : safeNextPath(next, home));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found: typeof errors = {};
    if (!email.trim()) found.email = 'Email is required';
    if (!password.trim()) found.password = 'Password is required';
    setErrors(found);
    setNeedsVerification(false);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      const result = await api<{
        requiresVerification?: boolean;
        authProvider?: string;
        home?: string;
        requiresSecondFactor?: boolean;
        secondFactors?: string[];
      }>(
        '/api/login-email',
        {
          body: { email: email.trim(), password: password.trim(), rememberMe },
        },
      );
      if (result.ok && result.data?.requiresSecondFactor) {
        setSecondStep(result.data.secondFactors ?? []);
        return;
      }
      if (result.ok) {
        signedIn(result.data?.home ?? '/');
        return;
      }
      if (
        result.status === 403 &&
        (result.data?.requiresVerification || result.data?.authProvider === 'email-verification')
      ) {
        setNeedsVerification(true);
        setErrors({ form: 'Please check your email and click the verification link before logging in.' });
      } else {
        setErrors({ form: messageOf(result, 'Login failed. Please check your credentials.') });
      }
    } catch (error) {
      setErrors({
        form: error instanceof NetworkError
          ? 'Connection failed. Please try again.'
          : 'Login failed. Please check your credentials.',
      });
    } finally {
      setSubmitting(false);
    }
  }

  if (secondStep) {
    return (
      <SecondFactorStep
        passkeys={options.passkeys && secondStep.includes('passkey')}
        onSignedIn={signedIn}
        onCancel={() => setSecondStep(null)}
      />
    );
  }

  return (
    <form noValidate method='post' onSubmit={submit} aria-label='Sign in' ref={form}>
      {errors.form && (
        <div className='alert alert-error' role='alert'>
          {errors.form}
          {needsVerification && (
            <>
              {' '}
              <button type='button' className='link-button' onClick={() => resendVerification(email.trim())}>
                Resend verification email
              </button>
            </>
          )}
        </div>
      )}
      <Field
        label='Email'
        type='email'
        name='email'
        autoComplete='email'
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={errors.email}
      />
      <Field
        label='Password'
        type='password'
        name='password'
        autoComplete='current-password'
        required
        revealable
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
      />
      <div className='between'>
        <label className='checkbox'>
          <input
            ref={remember}
            type='checkbox'
            checked={rememberMe}
            onChange={(e) => setRememberMe(e.target.checked)}
          />{' '}
          Remember me
        </label>
        <InPlaceLink href='/login?mode=forgot' onOpen={() => onForgotPassword(email.trim())}>
          Forgot password?
        </InPlaceLink>
      </div>
      <button type='submit' className='btn btn-primary btn-block' disabled={submitting || !hydrated}>
        {submitting ? 'Signing in...' : 'Sign In'}
      </button>
      <SignInAlternatives {...options} rememberMe={rememberMe} onSignedIn={signedIn} />
      <p className='form-footer'>
        Don't have an account?{' '}
        <InPlaceLink href='/login?mode=signup' onOpen={onSwitchToSignUp}>
          Create an account
        </InPlaceLink>
      </p>
    </form>
  );
}

/** "Resend verification email" from the sign-in form. */
async function resendVerification(email: string) {
  try {
    const result = await api('/api/resend-verification', { body: { email } });
    showToast({
      title: 'Verification email sent',
      description: messageOf(result, 'Check your inbox for a new link.'),
      variant: 'success',
    });
  } catch {
    showToast({ title: 'Connection failed. Please try again.', variant: 'error' });
  }
}

/** What was typed before the island hydrated is kept, as is a box unticked then (issue 53: no lost taps). */
function keepEarlyInput(form: HTMLFormElement | null, setEmail: (v: string) => void, setPassword: (v: string) => void) {
  const early = (name: string) => (form?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? '';
  if (early('email')) setEmail(early('email'));
  if (early('password')) setPassword(early('password'));
}
