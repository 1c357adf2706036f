import { type FormEvent, useEffect, useRef, useState } from 'react';
import Field from '../ui/Field.tsx';
import { api, messageOf, NetworkError } from '../api.ts';
import { showToast } from '../../stores/toast.ts';
import { safeNextPath } from '../../lib/safe-redirect.ts';

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
  const [google, setGoogle] = useState(false);
  const remember = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // A box unticked before the island hydrated stays unticked.
    if (remember.current && !remember.current.checked) setRememberMe(false);
    api<{ google?: boolean }>('/api/auth/providers')
      .then((r) => setGoogle(Boolean(r.data?.google)))
      .catch(() => {});
  }, []);

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
      const result = await api<{ requiresVerification?: boolean; authProvider?: string; home?: string }>(
        '/api/login-email',
        {
          body: { email: email.trim(), password: password.trim(), rememberMe },
        },
      );
      if (result.ok) {
        const home = result.data?.home ?? '/';
        // No destination asked for ('/'): straight to the learner's home, never through the landing page.
        window.location.assign(next === '/' ? home : safeNextPath(next, home));
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

  async function resend() {
    try {
      const result = await api('/api/resend-verification', { body: { email: email.trim() } });
      showToast({
        title: 'Verification email sent',
        description: messageOf(result, 'Check your inbox for a new link.'),
        variant: 'success',
      });
    } catch {
      showToast({ title: 'Connection failed. Please try again.', variant: 'error' });
    }
  }

  return (
    <form noValidate method='post' onSubmit={submit} aria-label='Sign in'>
      {errors.form && (
        <div className='alert alert-error' role='alert'>
          {errors.form}
          {needsVerification && (
            <>
              {' '}
              <button type='button' className='link-button' onClick={resend}>
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
        <button type='button' className='link-button' onClick={() => onForgotPassword(email.trim())}>
          Forgot password?
        </button>
      </div>
      <button type='submit' className='btn btn-primary btn-block' disabled={submitting}>
        {submitting ? 'Signing in...' : 'Sign In'}
      </button>
      {google && (
        <>
          <p className='divider'>or</p>
          <a className='btn btn-outline btn-block' href='/api/auth/google'>
            Continue with Google
          </a>
        </>
      )}
      <p className='form-footer'>
        Don't have an account?{' '}
        <button type='button' className='link-button' onClick={onSwitchToSignUp}>
          Create an account
        </button>
      </p>
    </form>
  );
}
