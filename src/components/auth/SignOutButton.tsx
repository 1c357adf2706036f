import { useState } from 'react';
import { signOut } from '../../lib/api.ts';

export default function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className="btn btn-outline"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut();
      }}
    >
      {busy ? 'Signing out...' : 'Sign Out'}
    </button>
  );
}
