import { type FormEvent, useState } from 'react';
import Field from '../ui/Field.tsx';
import { api, messageOf } from '../api.ts';

interface Account {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  sessions: Array<{ id: string; browser: string; system: string; createdAt: string; lastUsedAt: string }>;
  factors: Array<{ id: string; kind: string; name: string; createdAt: string }>;
  recoveryCodesLeft: number;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** /admin/accounts: find an account by e-mail; end its sessions or reset its second factors. */
export default function AdminAccounts() {
  const [email, setEmail] = useState('');
  const [account, setAccount] = useState<Account | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function find(address = email) {
    setError(null);
    const r = await api<{ account: Account }>(`/api/admin/accounts?email=${encodeURIComponent(address.trim())}`);
    if (r.ok && r.data) setAccount(r.data.account);
    else {
      setAccount(null);
      setError(messageOf(r, 'No account was found.'));
    }
  }

  async function search(event: FormEvent) {
    event.preventDefault();
    setMessage('');
    await find().catch(() => setError('Connection failed. Please try again.'));
  }

  async function act(action: 'end-sessions' | 'reset-factors') {
    if (!account) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api('/api/admin/accounts/action', { body: { userId: account.id, action } });
      if (r.ok) {
        setMessage(messageOf(r, 'Done.'));
        await find(account.email);
      } else setError(messageOf(r, 'That did not work.'));
    } catch {
      setError('Connection failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className='devices'>
      <form onSubmit={search} noValidate aria-label='Find an account' className='devices'>
        <Field
          label='E-mail address'
          type='email'
          name='email'
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!account ? error ?? undefined : undefined}
        />
        <button type='submit' className='btn btn-primary'>Find account</button>
      </form>
      {message && <p role='status' className='alert alert-success'>{message}</p>}
      {account && (
        <section aria-labelledby='account-title' className='devices' data-testid='admin-account'>
          <h2 id='account-title'>{account.firstName} {account.lastName} ({account.email})</h2>
          <p>Role: {account.role}</p>
          <h3>Sessions ({account.sessions.length})</h3>
          <ul className='device-list'>
            {account.sessions.map((s) => (
              <li key={s.id} className='device'>
                {s.browser} on {s.system} · signed in {when(s.createdAt)} · last used {when(s.lastUsedAt)}
              </li>
            ))}
          </ul>
          <h3>Second factors ({account.factors.length})</h3>
          <ul className='device-list'>
            {account.factors.map((f) => (
              <li key={f.id} className='device'>
                {f.kind === 'totp' ? 'Authenticator app' : `Passkey: ${f.name}`} · added {when(f.createdAt)}
              </li>
            ))}
          </ul>
          <p>Unused recovery codes: {account.recoveryCodesLeft}</p>
          {error && <div className='alert alert-error' role='alert'>{error}</div>}
          <div className='factor-actions'>
            <button type='button' className='btn btn-outline' disabled={busy} onClick={() => act('end-sessions')}>
              End all sessions
            </button>
            <button type='button' className='btn btn-outline' disabled={busy} onClick={() => act('reset-factors')}>
              Reset second factors
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
