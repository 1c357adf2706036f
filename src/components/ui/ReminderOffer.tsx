// The one-time offer of the streak reminder, on the finish screen and the dashboard: asked after
// the first pass, of a verified address, until the learner answers (the server decides and remembers).
import { useEffect, useRef, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';
import { useHydrated } from './useHydrated.ts';
import './reminder-offer.css';

type Step = 'hidden' | 'asking' | 'accepted' | 'declined';

export default function ReminderOffer({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const [step, setStep] = useState<Step>('hidden');
  const [busy, setBusy] = useState(false);
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(null);
  const said = useRef<HTMLParagraphElement>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  useEffect(() => {
    let live = true;
    api<{ offer: boolean }>('/api/user/reminder-offer')
      .then((r) => {
        if (live && r.ok && r.data?.offer) setStep('asking');
      })
      .catch(() => {}); // no offer this time
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    // The buttons are gone: the answer takes the focus, so the keyboard does not start over.
    if (step === 'accepted' || step === 'declined') said.current?.focus();
  }, [step]);

  async function answer(accept: boolean) {
    setBusy(true);
    setError(null);
    try {
      const r = await api('/api/user/reminder-offer', { body: { accept } });
      if (r.ok) setStep(accept ? 'accepted' : 'declined');
      else setError(messageOf(r, 'Could not save your answer. Please try again.'));
    } catch (e) {
      setError(e instanceof NetworkError ? 'Network error. Please try again.' : 'Could not save your answer.');
    } finally {
      setBusy(false);
    }
  }

  if (step === 'hidden') return null;
  if (step !== 'asking') {
    return (
      <p className='reminder-offer-said' role='status' tabIndex={-1} ref={said} data-testid='reminder-offer-said'>
        {step === 'accepted'
          ? 'Done: on a day you have not learned yet, one e-mail after 6 pm reminds you. '
          : 'No reminders, then. '}
        You can change this any time in <a href='/account'>your account</a>.
      </p>
    );
  }
  return (
    <section className='reminder-offer' aria-labelledby='reminder-offer-title' data-testid='reminder-offer'>
      <Heading id='reminder-offer-title'>Want a nudge to keep your streak?</Heading>
      <p>One e-mail after 6 pm on a day you have not learned yet; never more than one a day.</p>
      {error && (
        <p className='alert alert-error' role='alert'>
          {error}
        </p>
      )}
      <div className='reminder-offer-actions'>
        <button
          type='button'
          className='btn btn-primary'
          disabled={busy || !hydrated}
          onClick={() => void answer(true)}
        >
          Yes, remind me
        </button>
        <button
          type='button'
          className='btn btn-outline'
          disabled={busy || !hydrated}
          onClick={() => void answer(false)}
        >
          No thanks
        </button>
      </div>
    </section>
  );
}
