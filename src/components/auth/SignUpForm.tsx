import { type FormEvent, useEffect, useRef, useState } from 'react';
import Field from '../ui/Field.tsx';
import { api, fieldErrorsOf, messageOf, NetworkError } from '../api.ts';
import { fieldMessages, signUpProblems } from '../../lib/account-fields.ts';
import { messages } from '../../lib/password-rules.ts';
import { showToast } from '../../stores/toast.ts';
import { COUNTRIES, DEFAULT_COUNTRY, flagOf } from './countries.ts';
import { composePhoneNumber } from '../../lib/phone.ts';
import CheckInbox, { SIGNUP_EMAIL_KEY } from './CheckInbox.tsx';

interface Props {
  onSwitchToLogin: () => void;
  /**
   * Called 3 s after a successful sign-up with the address used: the dialog closes itself (spec 2)
   * and the page goes on saying "check your inbox".
   */
  onDone?: (email: string) => void;
  /** The address to start from ("wrong address?": the one just used, to correct). */
  initialEmail?: string;
}

type Errors = Partial<
  Record<'email' | 'firstName' | 'lastName' | 'phoneNumber' | 'password' | 'confirmPassword' | 'form', string>
>;

export const AUTO_CLOSE_MS = 3000;

const dialOf = (country: string) => COUNTRIES.find((c) => c.code === country)?.dial ?? '+1';

export default function SignUpForm({ onSwitchToLogin, onDone, initialEmail = '' }: Props) {
  const [form, setForm] = useState({
    email: initialEmail,
    firstName: '',
    lastName: '',
    country: DEFAULT_COUNTRY,
    phone: '',
    password: '',
    confirmPassword: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  const [success, setSuccess] = useState<string | null>(null);
  const emailInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!success || !onDone) return;
    const timer = setTimeout(() => onDone(form.email.trim()), AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [success, onDone, form.email]);

  const set = (key: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: event.target.value }));

  const phoneNumber = () => composePhoneNumber(dialOf(form.country), form.phone);

  function validate(): Errors {
    const e: Errors = signUpProblems({ ...form, phoneNumber: phoneNumber() });
    if (!form.confirmPassword) e.confirmPassword = fieldMessages.confirmRequired;
    else if (!e.password && form.password !== form.confirmPassword) e.confirmPassword = messages.mismatch;
    return e;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length) return;
    setSubmitting(true);
    try {
      const result = await api<{ message?: string; emailSent?: boolean }>('/api/signup', {
        body: {
          email: form.email.trim(),
          password: form.password,
          firstName: form.firstName.trim(),
          lastName: form.lastName.trim(),
          phoneNumber: phoneNumber(),
        },
      });
      if (result.notJson) {
        setErrors({ form: 'Invalid server response format. Please try again.' });
      } else if (!result.ok) {
        // Each error once: beside its field when it has one, otherwise at the top.
        const fields = fieldErrorsOf(result);
        const message = messageOf(result, 'Signup failed. Please try again.');
        const known = Object.keys(fields).length > 0;
        setErrors({
          ...fields,
          form: known && (Object.values(fields).includes(message) || result.status === 400) ? undefined : message,
        });
      } else {
        try {
          sessionStorage.setItem(SIGNUP_EMAIL_KEY, form.email.trim());
        } catch {
          // the /check-inbox page then asks for the address
        }
        const sent = result.data?.emailSent !== false;
        setSuccess(result.data?.message ?? 'Account created!');
        showToast(
          sent
            ? {
              title: 'Account Created Successfully!',
              description: 'Please check your email and click the verification link to activate your account.',
              variant: 'success',
              duration: 10_000,
            }
            : {
              title: 'Account Created!',
              description:
                "We couldn't send the verification email. You can request a new one from the sign-in screen later.",
              variant: 'info',
              duration: 8000,
            },
        );
      }
    } catch (error) {
      setErrors({
        form: error instanceof NetworkError
          ? 'Network error. Please check your connection and try again.'
          : 'Failed to create account. Please try again.',
      });
    } finally {
      setSubmitting(false);
    }
  }

  if (success) {
    return (
      <div role='status' data-testid='signup-success'>
        <CheckInbox
          email={form.email.trim()}
          onChangeAddress={() => {
            setSuccess(null);
            setTimeout(() => emailInput.current?.focus(), 0);
          }}
        />
      </div>
    );
  }

  return (
    <form noValidate method='post' onSubmit={submit} aria-label='Create your account'>
      {errors.form && (
        <div className='alert alert-error' role='alert'>
          {errors.form}
        </div>
      )}
      <Field
        label='Email'
        type='email'
        name='email'
        autoComplete='email'
        required
        value={form.email}
        onChange={set('email')}
        error={errors.email}
        inputRef={emailInput}
      />
      <div className='form-row'>
        <Field
          label='First name'
          name='firstName'
          autoComplete='given-name'
          required
          value={form.firstName}
          onChange={set('firstName')}
          error={errors.firstName}
        />
        <Field
          label='Last name'
          name='lastName'
          autoComplete='family-name'
          required
          value={form.lastName}
          onChange={set('lastName')}
          error={errors.lastName}
        />
      </div>
      <div className='phone-row'>
        <div className='field'>
          <label htmlFor='signup-country'>Country code</label>
          <select
            id='signup-country'
            className='select'
            value={form.country}
            onChange={set('country')}
            autoComplete='tel-country-code'
          >
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {flagOf(c.code)} {c.name} ({c.dial})
              </option>
            ))}
          </select>
        </div>
        <Field
          label='Phone number (optional)'
          type='tel'
          name='phone'
          autoComplete='tel-national'
          placeholder='555-123-4567'
          value={form.phone}
          onChange={set('phone')}
          error={errors.phoneNumber}
        />
      </div>
      <Field
        label='Password'
        type='password'
        name='password'
        autoComplete='new-password'
        minLength={8}
        required
        revealable
        value={form.password}
        onChange={set('password')}
        error={errors.password}
        hint='At least 8 characters.'
      />
      <Field
        label='Confirm password'
        type='password'
        name='confirmPassword'
        autoComplete='new-password'
        minLength={8}
        required
        revealable
        value={form.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
      />
      <button type='submit' className='btn btn-primary btn-block' disabled={submitting}>
        {submitting ? 'Creating Account...' : 'Create Account'}
      </button>
      <p className='form-footer'>
        Already have an account?{' '}
        <button type='button' className='link-button' onClick={onSwitchToLogin}>
          Sign in
        </button>
      </p>
    </form>
  );
}
