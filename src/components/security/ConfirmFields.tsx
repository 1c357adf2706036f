import Field from '../ui/Field.tsx';

export interface ConfirmValue {
  password?: string;
  code?: string;
  recoveryCode?: string;
}

/** What the server's `confirm` takes from what was typed: a password, or a code (six digits) or recovery code. */
export function confirmBody(hasPassword: boolean, typed: string): ConfirmValue {
  const value = typed.trim();
  if (!value) return {};
  if (hasPassword) return { password: value };
  return /^\d{6}$/.test(value.replace(/\s/g, '')) ? { code: value } : { recoveryCode: value };
}

/**
 * "Confirm it's you" before a change to how the account signs in: the password, or for an account
 * without one a code from its app or a recovery code. Nothing to ask for an account with neither.
 */
export default function ConfirmFields(
  { hasPassword, hasFactor, value, onChange, error, purpose = 'to confirm it is you' }: {
    hasPassword: boolean;
    /** Why it is asked, in the label ("to confirm it is you"). */
    purpose?: string;
    hasFactor: boolean;
    value: string;
    onChange: (value: string) => void;
    error?: string;
  },
) {
  if (!hasPassword && !hasFactor) return null;
  return (
    <Field
      label={hasPassword ? `Your password (${purpose})` : `A code from your app or a recovery code (${purpose})`}
      type={hasPassword ? 'password' : 'text'}
      name={hasPassword ? 'confirm-password' : 'confirm-code'}
      autoComplete={hasPassword ? 'current-password' : 'one-time-code'}
      revealable={hasPassword}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}
