import { useState, type FormEvent } from 'react';
import Field from '../ui/Field.tsx';
import { api, messageOf, NetworkError } from '../../lib/api.ts';
import { checkSetPassword, messages } from '../../lib/password-rules.ts';

export default function SetPassword({ userId, next }: { userId: string; next: string }) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const problem = userId ? checkSetPassword(password, confirm) : 'User session not found. Please try signing up again.';
  const rules = [
    { text: 'At least 8 characters', met: password.length >= 8 },
    { text: 'A lowercase letter', met: /[a-z]/.test(password) },
    { text: 'An uppercase letter', met: /[A-Z]/.test(password) },
    { text: 'A number', met: /[0-9]/.test(password) },
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
      const result = await api('/api/auth/set-password', { body: { userId, password } });
      if (result.ok) window.location.assign(next);
      else setError(messageOf(result, 'Failed to set password'));
    } catch (e) {
      setError(e instanceof NetworkError ? 'Connection failed. Please try again.' : 'Failed to set password');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Set your password">
      <h1>Set your password</h1>
      <p>Choose a password so you can also sign in with your email address.</p>
      {error && (
        <div className="alert alert-error" role="alert">
          {error}
        </div>
      )}
      <Field label="Password" type="password" autoComplete="new-password" required revealable value={password} onChange={(e) => setPassword(e.target.value)} />
      <Field label="Confirm password" type="password" autoComplete="new-password" required revealable value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      <ul className="rules" aria-label="Password rules">
        {rules.map((r) => (
          <li key={r.text} className={r.met ? 'met' : undefined}>
            {r.text}
            <span className="visually-hidden">{r.met ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ul>
      {password && problem && problem !== messages.mismatch && (
        <p className="field-error" aria-live="polite">
          {problem}
        </p>
      )}
      {password && confirm && problem === messages.mismatch && (
        <p className="field-error" aria-live="polite">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={Boolean(problem) || submitting}>
        {submitting ? 'Saving...' : 'Set Password'}
      </button>
    </form>
  );
}
