import { type FormEvent, useState } from 'react';
import Field from '../ui/Field.tsx';
import { browserHasPasskeys, passkeyAssertion, passkeyProblem } from './passkeys.ts';

export type FactorProof = { code: string } | { recoveryCode: string } | {
  passkey: Awaited<ReturnType<typeof passkeyAssertion>>;
};

interface Props {
  /** Sends the answer; resolves to an error message, or null when it was accepted. */
  onAnswer: (proof: FactorProof) => Promise<string | null>;
  /** Offer the passkey button (the account has one and the site can use them). */
  passkeys: boolean;
  submitLabel?: string;
}

/** The second factor asked for: a code from the app, a recovery code, or a passkey. */
export default function FactorAnswer({ onAnswer, passkeys, submitLabel = 'Verify' }: Props) {
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(proof: FactorProof) {
    setBusy(true);
    setError(null);
    try {
      const problem = await onAnswer(proof);
      if (problem) setError(problem);
    } finally {
      setBusy(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) {
      setError(useRecovery ? 'Enter one of your recovery codes.' : 'Enter the 6-digit code from your app.');
      return;
    }
    await send(useRecovery ? { recoveryCode: typed } : { code: typed });
  }

  async function withPasskey() {
    setError(null);
    try {
      await send({ passkey: await passkeyAssertion() });
    } catch (e) {
      setError(passkeyProblem(e));
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label='Second factor' className='factor-answer'>
      {passkeys && browserHasPasskeys() && (
        <>
          <button type='button' className='btn btn-primary btn-block' onClick={withPasskey} disabled={busy}>
            Use a passkey
          </button>
          <p className='divider'>or</p>
        </>
      )}
      <Field
        key={useRecovery ? 'recovery' : 'code'}
        label={useRecovery ? 'Recovery code' : 'Code from your authenticator app'}
        name={useRecovery ? 'recoveryCode' : 'code'}
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoComplete='one-time-code'
        autoCapitalize='none'
        spellCheck={false}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error ?? undefined}
      />
      <button type='submit' className='btn btn-outline btn-block' disabled={busy}>
        {busy ? 'Checking...' : submitLabel}
      </button>
      <button
        type='button'
        className='link-button'
        onClick={() => {
          setUseRecovery(!useRecovery);
          setValue('');
          setError(null);
        }}
      >
        {useRecovery ? 'Use a code from your app instead' : 'Use a recovery code instead'}
      </button>
    </form>
  );
}
