import { type FormEvent, useState } from 'react';
import Field from '../ui/Field.tsx';
import { api, messageOf, NetworkError } from '../api.ts';
import { checkSetPassword, messages } from '../../lib/password-rules.ts';

/**
 * A first password (`hasPassword` false: an account made with Google sign-in) or a change of
 * password, which also asks for the current one. The rules are the sign-up form's.
 */
export default function SetPassword(
  { userId, next, hasPassword = false }: { userId: string; next: string; hasPassword?: boolean },
) {
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const problem = !userId
    ? 'User session not found. Please try signing up again.'
    : hasPassword && !current
    ? 'Enter your current password'
    : checkSetPassword(password, confirm);
  const rules = [
    { text: 'At least 8 characters', met: password.trim().length >= 8 },
    { text: 'Both passwords match', met: password.length > 0 && password === confirm },
  ];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (problem) {
      setError(problem);
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const result = await api('/api/auth/set-password', {
        body: hasPassword ? { userId, currentPassword: current, password } : { userId, password },
      });
      if (result.ok) window.location.assign(next);
      else setError(messageOf(result, 'Failed to set password'));
    } catch (e) {
      setError(e instanceof NetworkError ? 'Connection failed. Please try again.' : 'Failed to set password');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate method='post' onSubmit={submit} aria-label='Set your password'>
      <h1>{hasPassword ? 'Change your password' : 'Set your password'}</h1>
      <p>
        {hasPassword
          ? 'Enter your current password, then choose a new one.'
          : 'Choose a password so you can also sign in with your email address.'}
      </p>
      {error && (
        <div className='alert alert-error' role='alert'>
          {error}
        </div>
      )}
      {hasPassword && (
        <Field
          label='Current password'
          type='password'
          autoComplete='current-password'
          required
          revealable
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
      )}
      <Field
        label={hasPassword ? 'New password' : 'Password'}
        type='password'
        autoComplete='new-password'
        required
        revealable
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <Field
        label='Confirm password'
        type='password'
        autoComplete='new-password'
        required
        revealable
        value={confirm}
        onChange={(e) => setConfirm(e.target.value)}
      />
      <ul className='rules' aria-label='Password rules'>
        {rules.map((r) => (
          <li key={r.text} className={r.met ? 'met' : undefined}>
            {r.text}
            <span className='visually-hidden'>{r.met ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ul>
      {password && problem && problem !== messages.mismatch && problem !== 'Enter your current password' && (
        <p className='field-error' aria-live='polite'>
          {problem}
        </p>
      )}
      {password && confirm && problem === messages.mismatch && (
        <p className='field-error' aria-live='polite'>
          {problem}
        </p>
      )}
      <button type='submit' className='btn btn-primary btn-block' disabled={Boolean(problem) || submitting}>
        {submitting ? 'Saving...' : 'Set Password'}
      </button>
    </form>
  );
}
