// The verification page's confirmation from another browser than the one that signed up.
import { type FormEvent, useState } from 'react';
import Field from '../ui/Field.tsx';
import { nameProblem, newPasswordProblem } from '../../lib/account-fields.ts';
import { messages } from '../../lib/password-rules.ts';

/** What proves the visitor is the one who signed up: the sign-up password, or a new one with their names. */
export type Proof = { password?: string; newPassword?: string; firstName?: string; lastName?: string };

/** Another browser than the one that signed up: the address, then the sign-up password or a new one. */
export default function ConfirmAddress(
  { title, email, confirm }: {
    title: string;
    email: string;
    confirm: (proof: Proof) => Promise<string | null>;
  },
) {
  const [choosing, setChoosing] = useState(false);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = choosing
      ? (nameProblem('First name', firstName) ?? nameProblem('Last name', lastName) ??
        newPasswordProblem(password) ?? (password !== repeat ? messages.mismatch : null))
      : password.trim()
      ? null
      : 'Enter the password you chose when you signed up';
    setError(problem);
    if (problem) return;
    setBusy(true);
    setError(
      await confirm(
        choosing
          ? { newPassword: password, firstName: firstName.trim(), lastName: lastName.trim() }
          : { password: password.trim() },
      ),
    );
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
          ? 'Give your name and choose a new password: they replace whatever was entered at sign-up, and every other device is signed out.'
          : 'Enter the password you chose when you signed up to finish.'}
      </p>
      {error && (
        <div className='alert alert-error' role='alert'>
          {error}
        </div>
      )}
      {choosing && (
        <>
          <Field
            label='First name'
            autoComplete='given-name'
            required
            value={firstName}
            onChange={(e) => setFirstName(e.target.value)}
          />
          <Field
            label='Last name'
            autoComplete='family-name'
            required
            value={lastName}
            onChange={(e) => setLastName(e.target.value)}
          />
        </>
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
