import { type FormEvent, useEffect, useRef, useState } from 'react';
import Field from '../ui/Field.tsx';
import { api, messageOf, NetworkError } from '../api.ts';
import { checkBasicPassword, passwordStrength } from '../../lib/password-rules.ts';

type State = 'checking' | 'invalid' | 'form' | 'done';

export const REDIRECT_AFTER_RESET_MS = 3000;

export default function ResetPassword() {
  const [state, setState] = useState<State>('checking');
  const [invalidMessage, setInvalidMessage] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const token = useRef('');

  useEffect(() => {
    token.current = new URLSearchParams(window.location.search).get('token') ?? '';
    if (!token.current) {
      setInvalidMessage('Invalid or missing reset token');
      setState('invalid');
      return;
    }
    api(`/api/validate-reset-token?token=${encodeURIComponent(token.current)}`)
      .then((result) => {
        if (result.ok) setState('form');
        else {
          setInvalidMessage(messageOf(result, 'Invalid or expired reset token'));
          setState('invalid');
        }
      })
      .catch(() => {
        setInvalidMessage('Failed to validate reset token');
        setState('invalid');
      });
  }, []);

  const strength = passwordStrength(password);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = checkBasicPassword(password, confirm);
    if (problem) {
      setError(problem);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const result = await api('/api/reset-password', { body: { token: token.current, password } });
      if (result.ok) {
        setState('done');
        setTimeout(() => window.location.assign('/login?reason=reset'), REDIRECT_AFTER_RESET_MS);
      } else {
        setError(messageOf(result, 'Failed to reset password'));
      }
    } catch (e) {
      setError(e instanceof NetworkError ? 'Network error. Please try again.' : 'Failed to reset password');
    } finally {
      setSubmitting(false);
    }
  }

  if (state === 'checking') {
    return (
      <div className='center-state' aria-busy='true'>
        <div className='spinner' aria-hidden='true' />
        <p role='status'>Checking your reset link...</p>
      </div>
    );
  }
  if (state === 'invalid') {
    return (
      <div className='center-state'>
        <p className='state-icon bad' aria-hidden='true'>!</p>
        <h1>Invalid Reset Link</h1>
        <p role='alert'>{invalidMessage}</p>
        <p>This link may have expired (links work for 1 hour) or been used already.</p>
        <a className='btn btn-primary' href='/login'>
          Back to Login
        </a>
      </div>
    );
  }
  if (state === 'done') {
    return (
      <div className='center-state'>
        <p className='state-icon ok' aria-hidden='true'>✓</p>
        <h1>Password Reset Complete</h1>
        <p role='status'>Your password has been changed. Taking you to sign in…</p>
        <a href='/login?reason=reset'>Sign in now</a>
      </div>
    );
  }
  return (
    <form noValidate method='post' onSubmit={submit} aria-label='Choose a new password'>
      <h1>Choose a new password</h1>
      {error && (
        <div className='alert alert-error' role='alert'>
          {error}
        </div>
      )}
      <Field
        label='New password'
        type='password'
        autoComplete='new-password'
        minLength={8}
        required
        revealable
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        hint={
          <div className={`strength strength-${strength.strength}`} data-testid='strength'>
            <div className='strength-bar' aria-hidden='true'>
              <span className={`strength-fill strength-fill-${strength.strength}`} data-testid='strength-fill' />
            </div>
            <span className='strength-label'>
              Strength: <strong>{strength.label}</strong>
            </span>
          </div>
        }
      />
      <Field
        label='Confirm new password'
        type='password'
        autoComplete='new-password'
        minLength={8}
        required
        revealable
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <button type='submit' className='btn btn-primary btn-block' disabled={submitting}>
        {submitting ? 'Resetting...' : 'Reset Password'}
      </button>
    </form>
  );
}
