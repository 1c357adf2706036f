import { useEffect, useState } from 'react';
import CheckInbox, { SIGNUP_EMAIL_KEY } from './CheckInbox.tsx';

/** The /check-inbox page: the address just signed up with, kept in this tab by the sign-up form. */
export default function CheckInboxPage() {
  const [email, setEmail] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    try {
      setEmail(sessionStorage.getItem(SIGNUP_EMAIL_KEY));
    } catch {
      setEmail(null);
    }
  }, []);
  if (email === undefined) return <p role='status'>Loading...</p>;
  return <CheckInbox email={email} headingLevel={1} />;
}
