import { type FormEvent, useState } from 'react';
import Field from '../ui/Field.tsx';
import { api, messageOf, NetworkError } from '../api.ts';

interface Props {
  onCancel: () => void;
  /** The address already typed in the sign-in form. */
  initialEmail?: string;
}

export default function ForgotPasswordForm({ onCancel, initialEmail = '' }: Props) {
  const [email, setEmail] = useState(initialEmail);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || sending) return;
    setSending(true);
    setError(null);
    try {
      const result = await api('/api/forgot-password', { body: { email: email.trim() } });
      if (result.ok) {
        setSent(
          messageOf(
            result,
            'Password reset instructions have been sent to your email address. Please check your inbox and follow the link to reset your password.',
          ),
        );
      } else {
        setError(messageOf(result, 'Failed to send reset email'));
      }
    } catch (e) {
      setError(e instanceof NetworkError ? 'Network error. Please try again.' : 'Failed to send reset email');
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <div>
        <div className='alert alert-success' role='status'>
          {sent}
        </div>
        <button type='button' className='btn btn-primary btn-block' onClick={onCancel}>
          Close
        </button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} aria-label='Reset your password'>
      {error && (
        <div className='alert alert-error' role='alert'>
          {error}
        </div>
      )}
      <p>Enter the email address of your account and we'll send you a link to reset your password.</p>
      <Field
        label='Email'
        type='email'
        name='email'
        autoComplete='email'
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <div className='form-row'>
        <button type='button' className='btn btn-ghost' onClick={onCancel}>
          Cancel
        </button>
        <button type='submit' className='btn btn-primary' disabled={!email.trim() || sending}>
          {sending ? 'Sending...' : 'Send Reset Instructions'}
        </button>
      </div>
    </form>
  );
}
