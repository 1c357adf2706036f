import { useEffect, useState } from 'react';
import Field from '../ui/Field.tsx';
import { api, messageOf } from '../api.ts';
import ConfirmFields, { confirmBody } from './ConfirmFields.tsx';
import { browserHasPasskeys, createPasskey, passkeyProblem } from './passkeys.ts';

interface Factor {
  id: string;
  kind: 'totp' | 'passkey';
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}
interface State {
  factors: Factor[];
  recoveryCodesLeft: number;
  passkeysAvailable: boolean;
}
type Answer = { recoveryCodes?: string[] | null; message?: string };

const day = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Second factors in /account: list, set up (an app or a passkey), remove, and the recovery codes. */
export default function SecuritySettings({ hasPassword }: { hasPassword: boolean }) {
  const [state, setState] = useState<State | null>(null);
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [totp, setTotp] = useState<{ secret: string; uri: string } | null>(null);
  const [code, setCode] = useState('');
  const [passkeyName, setPasskeyName] = useState('');
  const [busy, setBusy] = useState(false);

  async function load() {
    const r = await api<State>('/api/account/factors');
    if (r.ok && r.data) setState(r.data);
  }
  useEffect(() => {
    load().catch(() => setError('Connection failed. Please try again.'));
  }, []);

  const hasFactor = Boolean(state?.factors.length);
  const confirmValue = () => confirmBody(hasPassword, confirm);

  /** Sends a change; shows its message, or its error; reloads the list. */
  async function change(path: string, init: { method?: string; body: unknown }, done: string) {
    setBusy(true);
    setError(null);
    setMessage('');
    try {
      const r = await api<Answer>(path, init);
      if (!r.ok) {
        setError(messageOf(r, 'That did not work. Please try again.'));
        return false;
      }
      setMessage(done);
      if (r.data?.recoveryCodes) setCodes(r.data.recoveryCodes);
      setConfirm('');
      await load();
      return true;
    } catch {
      setError('Connection failed. Please try again.');
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function startTotp() {
    setError(null);
    const r = await api<{ secret: string; uri: string }>('/api/account/factors/totp/new', { method: 'POST' });
    if (r.ok && r.data) setTotp(r.data);
    else setError(messageOf(r, 'Could not start the setup.'));
  }

  async function finishTotp() {
    if (!totp) return;
    const body = { secret: totp.secret, code: code.trim(), confirm: confirmValue() };
    if (await change('/api/account/factors/totp', { body }, 'Your authenticator app is set up.')) {
      setTotp(null);
      setCode('');
    }
  }

  async function addPasskey() {
    setError(null);
    const name = passkeyName.trim() || 'Passkey';
    try {
      const created = await createPasskey();
      const body = { name, ...created, confirm: confirmValue() };
      if (await change('/api/account/factors/passkey', { body }, `The passkey "${name}" is set up.`)) {
        setPasskeyName('');
      }
    } catch (e) {
      setError(passkeyProblem(e));
    }
  }

  if (!state) return <p>{error ?? 'Loading...'}</p>;
  const hasTotp = state.factors.some((f) => f.kind === 'totp');
  return (
    <div className='security-settings'>
      <p>
        A second factor keeps your account safe even if someone learns your password: a passkey (your phone, computer or
        security key) or a code from an authenticator app.
      </p>
      <FactorList
        factors={state.factors}
        busy={busy}
        onRemove={(f) =>
          change(
            `/api/account/factors/${f.id}`,
            { method: 'DELETE', body: { confirm: confirmValue() } },
            'The second factor was removed.',
          )}
      />
      {hasFactor && <p>Unused recovery codes: {state.recoveryCodesLeft} of 10.</p>}
      <ConfirmFields
        hasPassword={hasPassword}
        hasFactor={hasFactor}
        value={confirm}
        onChange={setConfirm}
        error={error ?? undefined}
      />
      {totp && <TotpSetup totp={totp} code={code} onCode={setCode} busy={busy} onFinish={finishTotp} />}
      <div className='factor-actions'>
        {!hasTotp && !totp && (
          <button type='button' className='btn btn-outline' disabled={busy} onClick={startTotp}>
            Set up an authenticator app
          </button>
        )}
        {hasFactor && (
          <button
            type='button'
            className='btn btn-outline'
            disabled={busy}
            onClick={() =>
              change('/api/account/recovery-codes', { body: { confirm: confirmValue() } }, 'New recovery codes made.')}
          >
            Make new recovery codes
          </button>
        )}
      </div>
      {state.passkeysAvailable && browserHasPasskeys() && (
        <div className='passkey-add'>
          <Field
            label='Name for a new passkey (optional)'
            name='passkey-name'
            maxLength={60}
            value={passkeyName}
            onChange={(e) => setPasskeyName(e.target.value)}
          />
          <button type='button' className='btn btn-outline' disabled={busy} onClick={addPasskey}>
            Add a passkey
          </button>
        </div>
      )}
      {message && <p role='status' className='alert alert-success'>{message}</p>}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
    </div>
  );
}

function FactorList({ factors, busy, onRemove }: { factors: Factor[]; busy: boolean; onRemove: (f: Factor) => void }) {
  if (factors.length === 0) return <p className='muted'>You have no second factor yet.</p>;
  return (
    <ul className='factor-list' aria-label='Your second factors'>
      {factors.map((f) => (
        <li key={f.id} className='factor' data-testid='factor'>
          <div>
            <strong>{f.kind === 'totp' ? 'Authenticator app' : `Passkey: ${f.name}`}</strong>
            <p className='muted'>
              Added {day(f.createdAt)}
              {f.lastUsedAt ? ` · last used ${day(f.lastUsedAt)}` : ' · not used yet'}
            </p>
          </div>
          <button
            type='button'
            className='btn btn-outline'
            disabled={busy}
            aria-label={`Remove ${f.kind === 'totp' ? 'the authenticator app' : `the passkey ${f.name}`}`}
            onClick={() => onRemove(f)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The ten codes, shown once after they are made. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className='recovery-codes alert alert-info' role='region' aria-label='Your recovery codes'>
      <p>
        <strong>Your recovery codes.</strong>{' '}
        Keep them somewhere safe: each signs you in once if you lose your second factor. They are shown only now.
      </p>
      <ul data-testid='recovery-codes'>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ul>
      <button type='button' className='btn btn-outline' onClick={onDone}>
        I have saved them
      </button>
    </div>
  );
}

function TotpSetup({ totp, code, onCode, busy, onFinish }: {
  totp: { secret: string; uri: string };
  code: string;
  onCode: (code: string) => void;
  busy: boolean;
  onFinish: () => void;
}) {
  return (
    <fieldset className='totp-setup'>
      <legend>Set up your authenticator app</legend>
      <p>
        Add this key to your app (Google Authenticator, 1Password, Authy and others), or{' '}
        <a href={totp.uri}>open it in the app on this device</a>.
      </p>
      <p className='setup-key' data-testid='totp-secret'>{totp.secret.match(/.{1,4}/g)?.join(' ')}</p>
      <Field
        label='The 6-digit code your app shows'
        name='totp-code'
        inputMode='numeric'
        autoComplete='one-time-code'
        value={code}
        onChange={(e) => onCode(e.target.value)}
      />
      <button type='button' className='btn btn-primary' disabled={busy} onClick={onFinish}>
        Turn on the app
      </button>
    </fieldset>
  );
}
