import { useEffect, useState } from 'react';
import { api, messageOf } from '../api.ts';
import ConfirmFields, { confirmBody } from './ConfirmFields.tsx';

interface Device {
  id: string;
  browser: string;
  system: string;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The devices signed in to this account; any other one, or all of them, can be signed out. */
export default function DevicesList({ hasPassword, hasFactor }: { hasPassword: boolean; hasFactor: boolean }) {
  const [devices, setDevices] = useState<Device[] | null>(null);
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function load() {
    const r = await api<{ sessions: Device[] }>('/api/account/sessions');
    if (r.ok && r.data) setDevices(r.data.sessions);
    else setError(messageOf(r, 'Your devices could not be loaded.'));
  }
  useEffect(() => {
    load().catch(() => setError('Connection failed. Please try again.'));
  }, []);

  async function end(which: { sessionId: string } | { others: true }) {
    setBusy(true);
    setError(null);
    setMessage('');
    try {
      const r = await api('/api/account/sessions/end', {
        body: { ...which, confirm: confirmBody(hasPassword, confirm) },
      });
      if (r.ok) {
        setMessage(messageOf(r, 'Signed out.'));
        setConfirm('');
        await load();
      } else setError(messageOf(r, 'The device could not be signed out.'));
    } catch {
      setError('Connection failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  if (!devices) return <p>{error ?? 'Loading your devices...'}</p>;
  const others = devices.filter((d) => !d.current);
  return (
    <div className='devices'>
      <ul className='device-list' aria-label='Signed-in devices'>
        {devices.map((d) => (
          <li key={d.id} className='device' data-testid='device'>
            <div>
              <strong>{d.browser} on {d.system}</strong>
              {d.current && <span className='this-device'>This device</span>}
              <p className='muted'>
                Signed in {when(d.createdAt)} · last used {when(d.lastUsedAt)}
              </p>
            </div>
            {!d.current && (
              <button
                type='button'
                className='btn btn-outline'
                disabled={busy}
                onClick={() => end({ sessionId: d.id })}
                aria-label={`Sign out ${d.browser} on ${d.system}, signed in ${when(d.createdAt)}`}
              >
                Sign out
              </button>
            )}
          </li>
        ))}
      </ul>
      {others.length > 0 && (
        <>
          <ConfirmFields
            hasPassword={hasPassword}
            hasFactor={hasFactor}
            purpose='to sign devices out'
            value={confirm}
            onChange={setConfirm}
            error={error ?? undefined}
          />
          <button type='button' className='btn btn-outline' disabled={busy} onClick={() => end({ others: true })}>
            Sign out all other devices
          </button>
        </>
      )}
      {others.length === 0 && <p className='muted'>No other device is signed in.</p>}
      {error && others.length === 0 && <div className='alert alert-error' role='alert'>{error}</div>}
      {message && <p role='status' className='alert alert-success'>{message}</p>}
    </div>
  );
}
