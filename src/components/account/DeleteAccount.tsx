import { type FormEvent, useState } from 'react';
import Modal from '../ui/Modal.tsx';
import Field from '../ui/Field.tsx';
import { api, messageOf, NetworkError } from '../api.ts';
import { useHydrated } from '../ui/useHydrated.ts';

export default function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // It hydrates once scrolled into view (client:visible): a tap before that waits for it.
  const hydrated = useHydrated();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api('/api/account/delete', { body: hasPassword ? { password } : {} });
      if (r.ok) {
        try {
          localStorage.clear();
          sessionStorage.clear();
        } catch {
          // nothing stored
        }
        window.location.href = '/account-deleted';
        return;
      }
      setError(messageOf(r, 'Your account could not be deleted. Please try again.'));
    } catch (e) {
      setError(
        e instanceof NetworkError
          ? 'Network error. Please try again.'
          : 'Your account could not be deleted. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type='button' className='btn btn-outline danger' disabled={!hydrated} onClick={() => setOpen(true)}>
        Delete my account
      </button>
      {open && (
        <Modal title='Delete your account?' onClose={() => setOpen(false)}>
          <form noValidate method='post' onSubmit={submit}>
            <p>
              This removes your account, your assessment results, your quiz history, your progress and your badges. It
              cannot be undone.
            </p>
            {error && (
              <div className='alert alert-error' role='alert'>
                {error}
              </div>
            )}
            {hasPassword
              ? (
                <Field
                  label='Current password'
                  type='password'
                  autoComplete='current-password'
                  revealable
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              )
              : <p>You signed in with Google: if that was more than 10 minutes ago, sign in again first.</p>}
            <div className='form-row'>
              <button type='button' className='btn btn-ghost' onClick={() => setOpen(false)}>
                Cancel
              </button>
              <button
                type='submit'
                className='btn btn-primary danger-solid'
                disabled={busy || (hasPassword && !password)}
              >
                {busy ? 'Deleting...' : 'Delete forever'}
              </button>
            </div>
          </form>
        </Modal>
      )}
    </>
  );
}
