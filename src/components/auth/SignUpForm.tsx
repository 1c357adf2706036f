import { type FormEvent, useEffect, useRef, useState } from 'react';
import Field from '../ui/Field.tsx';
import { api, fieldErrorsOf, messageOf, NetworkError } from '../api.ts';
import { fieldMessages, signUpProblems } from '../../lib/account-fields.ts';
import { messages } from '../../lib/password-rules.ts';
import { showToast } from '../../stores/toast.ts';
import { COUNTRIES, DEFAULT_COUNTRY, flagOf } from './countries.ts';
import { composePhoneNumber } from '../../lib/phone.ts';
import CheckInbox, { SIGNUP_EMAIL_KEY } from './CheckInbox.tsx';
import { forgetResults, keptResults } from '../library/visitor-results.ts';

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

/** Sends the sign-up; the answer as the form shows it: errors by field (or for the form), or the success. */
async function sendSignUp(
  body: Record<string, unknown>,
): Promise<{ errors: Errors } | { message: string; emailSent: boolean }> {
  try {
    const result = await api<{ message?: string; emailSent?: boolean }>('/api/signup', { body });
    if (result.notJson) return { errors: { form: 'Invalid server response format. Please try again.' } };
    if (result.ok) {
      return { message: result.data?.message ?? 'Account created!', emailSent: result.data?.emailSent !== false };
    }
    // Each error once: beside its field when it has one, otherwise at the top.
    const fields = fieldErrorsOf(result);
    const message = messageOf(result, 'Signup failed. Please try again.');
    const known = Object.keys(fields).length > 0;
    const shownByField = known && (Object.values(fields).includes(message) || result.status === 400);
    return { errors: { ...fields, form: shownByField ? undefined : message } };
  } catch (error) {
    return {
      errors: {
        form: error instanceof NetworkError
          ? 'Network error. Please check your connection and try again.'
          : 'Failed to create account. Please try again.',
      },
    };
  }
}

/** When the e-mail could not be sent, a toast says so (the check-inbox screen assumes it went). */
function announceUnsent() {
  showToast({
    title: 'Account Created!',
    description: "We couldn't send the verification email. You can request a new one from the sign-in screen later.",
    variant: 'info',
    duration: 8000,
  });
}

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
    const email = form.email.trim();
    const body = { email, password: form.password, firstName: form.firstName.trim(), lastName: form.lastName.trim() };
    // "Save your progress": quizzes taken in the library before signing up go with the sign-up.
    const quizResults = keptResults();
    const outcome = await sendSignUp({ ...body, phoneNumber: phoneNumber(), quizResults });
    setSubmitting(false);
    if ('errors' in outcome) return setErrors(outcome.errors);
    if (quizResults.length > 0) forgetResults();
    try {
      sessionStorage.setItem(SIGNUP_EMAIL_KEY, email);
    } catch {
      // the /check-inbox page then asks for the address
    }
    setSuccess(outcome.message);
    if (!outcome.emailSent) announceUnsent();
  }

  /** A field's name, value, change handler and error, for the fields named as the form's keys. */
  const bind = (key: 'email' | 'firstName' | 'lastName' | 'password' | 'confirmPassword') => ({
    name: key,
    value: form[key],
    onChange: set(key),
    error: errors[key],
  });

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
      <Field label='Email' type='email' {...bind('email')} autoComplete='email' required inputRef={emailInput} />
      <div className='form-row'>
        <Field label='First name' {...bind('firstName')} autoComplete='given-name' required />
        <Field label='Last name' {...bind('lastName')} autoComplete='family-name' required />
      </div>
      <PhoneFold country={form.country} phone={form.phone} set={set} error={errors.phoneNumber} />
      <Field
        label='Password'
        type='password'
        {...bind('password')}
        autoComplete='new-password'
        minLength={8}
        required
        revealable
        hint='At least 8 characters.'
      />
      <Field
        label='Confirm password'
        type='password'
        {...bind('confirmPassword')}
        autoComplete='new-password'
        minLength={8}
        required
        revealable
      />
      <ResultsSavedNote />
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

/** Quizzes passed in this browser before signing up go with the account (read once hydrated: storage is the browser's). */
function ResultsSavedNote() {
  const [passedHere, setPassedHere] = useState(0);
  useEffect(() => setPassedHere(keptResults().filter((r) => r.passed).length), []);
  if (passedHere === 0) return null;
  return (
    <p className='alert alert-info' data-testid='results-saved-note'>
      Your {passedHere === 1 ? 'passed quiz' : `${passedHere} passed quizzes`}{' '}
      from this browser will be saved to your account when you confirm your e-mail address.
    </p>
  );
}

/** The optional phone number and its country code, folded behind "Add a phone number" (issue 53). */
function PhoneFold({ country, phone, set, error }: {
  country: string;
  phone: string;
  set: (key: 'country' | 'phone') => (event: { target: { value: string } }) => void;
  error?: string;
}) {
  const phoneFold = useRef<HTMLDetailsElement>(null);
  // A phone number with a problem is shown, unfolded, beside its message.
  useEffect(() => {
    if (error && phoneFold.current) phoneFold.current.open = true;
  }, [error]);
  return (
    <>
      {/* Optional (docs/DESIGN.md 12): folded, so the sign-up asks for what it needs (issue 53). */}
      <details className='phone-fold' ref={phoneFold}>
        <summary>Add a phone number</summary>
        <div className='phone-row'>
          <div className='field'>
            <label htmlFor='signup-country'>Country code</label>
            <select
              id='signup-country'
              className='select'
              value={country}
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
            value={phone}
            onChange={set('phone')}
            error={error}
          />
        </div>
      </details>
    </>
  );
}
