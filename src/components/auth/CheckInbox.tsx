import { useEffect, useRef, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';

/** Where the address just signed up with is kept for the /check-inbox page (this tab only). */
export const SIGNUP_EMAIL_KEY = 'signup-email';

interface Props {
  /** The address the link went to (unknown on a /check-inbox page opened on its own). */
  email: string | null;
  /** "Wrong address?": back to the form to fix it. */
  onChangeAddress?: () => void;
  /** Heading level: 2 in a dialog, 1 on its own page. */
  headingLevel?: 1 | 2;
}

/**
 * After sign-up: check your inbox, with a way to get the e-mail again and to fix a wrong address.
 * The resend answer is the same for every address (no enumeration), and the server sends at most
 * one e-mail a minute.
 */
export default function CheckInbox({ email, onChangeAddress, headingLevel = 2 }: Props) {
  const [address, setAddress] = useState(email ?? '');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');
  const [message, setMessage] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  useEffect(() => {
    heading.current?.focus();
  }, []);

  async function resend() {
    if (!address.trim()) {
      setState('error');
      setMessage('Enter the address you signed up with.');
      return;
    }
    setState('sending');
    try {
      const result = await api('/api/resend-verification', { body: { email: address.trim() } });
      setState(result.ok ? 'sent' : 'error');
      setMessage(
        result.ok
          ? 'Sent again. It can take a minute to arrive; check your spam folder too.'
          : messageOf(result, 'Could not send it again. Please try later.'),
      );
    } catch (error) {
      setState('error');
      setMessage(
        error instanceof NetworkError
          ? 'Connection failed. Please try again.'
          : 'Could not send it again. Please try later.',
      );
    }
  }

  return (
    <div className='check-inbox' data-testid='check-inbox'>
      <Heading tabIndex={-1} ref={heading}>
        Check your inbox
      </Heading>
      {email
        ? (
          <p>
            We sent a link to{' '}
            <strong className='check-inbox-address'>{email}</strong>. Open it to confirm your address and finish
            creating your account. The link works for 24 hours.
          </p>
        )
        : (
          <>
            <p>
              We sent you a link. Open it to confirm your address and finish creating your account. The link works for
              24 hours.
            </p>
            <div className='field'>
              <label htmlFor='check-inbox-email'>Your email address</label>
              <input
                id='check-inbox-email'
                className='input'
                type='email'
                autoComplete='email'
                value={address}
                onChange={(e) => setAddress(e.target.value)}
              />
            </div>
          </>
        )}
      <p className='hint'>No e-mail? Check your spam folder, or send it again.</p>
      <div className='check-inbox-actions'>
        <button type='button' className='btn btn-primary' onClick={() => void resend()} disabled={state === 'sending'}>
          {state === 'sending' ? 'Sending...' : 'Resend the email'}
        </button>
        {onChangeAddress
          ? (
            <button type='button' className='btn btn-outline' onClick={onChangeAddress}>
              Wrong address? Change it
            </button>
          )
          : (
            <a className='btn btn-outline' href='/login?mode=signup'>
              Wrong address? Sign up again
            </a>
          )}
      </div>
      {state === 'sent' && (
        <p className='alert alert-success' role='status'>
          {message}
        </p>
      )}
      {state === 'error' && (
        <p className='alert alert-error' role='alert'>
          {message}
        </p>
      )}
      <p className='form-footer'>
        Already confirmed? <a href='/login'>Sign in</a>
      </p>
    </div>
  );
}
