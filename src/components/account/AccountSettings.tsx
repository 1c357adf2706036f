import { type FormEvent, useEffect, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';
import { DAILY_GOAL_CHOICES } from '../../lib/streak.ts';

export interface Settings {
  timeZone: string | null;
  dailyGoal: number;
  remindReview: boolean;
  remindStreak: boolean;
}

interface Props {
  initial: Settings;
  email: string;
  emailVerified: boolean;
}

/** The daily goal, the reminder e-mails and the time zone the learner's days follow. */
export default function AccountSettings({ initial, email, emailVerified }: Props) {
  const [saved, setSaved] = useState(initial);
  const [dailyGoal, setDailyGoal] = useState(initial.dailyGoal);
  const [remindStreak, setRemindStreak] = useState(initial.remindStreak);
  const [remindReview, setRemindReview] = useState(initial.remindReview);
  const [timeZone, setTimeZone] = useState(initial.timeZone);
  const [browserZone, setBrowserZone] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    try {
      setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null);
    } catch {
      // no zone to offer
    }
  }, []);

  async function save(changes: Partial<Settings>, done: string) {
    setBusy(true);
    setError(null);
    setMessage('');
    try {
      const r = await api<Settings>('/api/user/settings', { body: changes });
      if (r.ok && r.data) {
        const next = {
          timeZone: r.data.timeZone,
          dailyGoal: r.data.dailyGoal,
          remindReview: r.data.remindReview,
          remindStreak: r.data.remindStreak,
        };
        setSaved(next);
        setDailyGoal(next.dailyGoal);
        setRemindReview(next.remindReview);
        setRemindStreak(next.remindStreak);
        setTimeZone(next.timeZone);
        setMessage(done);
        return;
      }
      setError(messageOf(r, 'Your settings could not be saved. Please try again.'));
    } catch (e) {
      setError(
        e instanceof NetworkError
          ? 'Network error. Please try again.'
          : 'Your settings could not be saved. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    // One save keeps everything the form shows, the time zone included.
    void save({ dailyGoal, remindReview, remindStreak, ...(timeZone ? { timeZone } : {}) }, 'Your settings are saved.');
  }

  return (
    <form className='settings-form' noValidate onSubmit={submit} data-testid='account-settings'>
      <fieldset id='daily-goal'>
        <legend>Daily goal</legend>
        <p className='hint'>Lessons completed and review sessions finished each day count toward it.</p>
        <div className='settings-choices'>
          {DAILY_GOAL_CHOICES.map((n) => (
            <label key={n} className='checkbox'>
              <input
                type='radio'
                name='dailyGoal'
                value={n}
                checked={dailyGoal === n}
                onChange={() => setDailyGoal(n)}
              />
              {n === 1 ? '1 lesson or review a day' : `${n} lessons or reviews a day`}
            </label>
          ))}
        </div>
      </fieldset>

      <fieldset id='reminders'>
        <legend>Reminder e-mails</legend>
        <p className='hint'>
          At most one e-mail a day, after 6 pm your time, to {email}. Each one has a link to stop them.
        </p>
        {!emailVerified && (
          <p className='alert alert-info'>
            Reminders go only to a verified address: confirm your e-mail address first.
          </p>
        )}
        <label className='checkbox'>
          <input
            type='checkbox'
            name='remindStreak'
            checked={remindStreak}
            onChange={(e) => setRemindStreak(e.target.checked)}
          />
          Keep my streak: remind me when I have not learned yet that day
        </label>
        <label className='checkbox'>
          <input
            type='checkbox'
            name='remindReview'
            checked={remindReview}
            onChange={(e) => setRemindReview(e.target.checked)}
          />
          Tell me when questions are due for review
        </label>
      </fieldset>

      <fieldset id='time-zone'>
        <legend>Time zone</legend>
        <p>
          Your days (streak, daily goal and reminders) follow{' '}
          <strong data-testid='time-zone'>{timeZone ?? 'UTC (not set yet)'}</strong>
          {timeZone !== saved.timeZone ? ' once you save.' : '.'}
        </p>
        {browserZone && browserZone !== timeZone && (
          <button
            type='button'
            className='btn btn-outline'
            disabled={busy}
            onClick={() => setTimeZone(browserZone)}
          >
            Use this device's time zone ({browserZone})
          </button>
        )}
      </fieldset>

      {error && (
        <div className='alert alert-error' role='alert'>
          {error}
        </div>
      )}
      <p className='settings-saved' role='status' data-testid='settings-status'>
        {message}
      </p>
      <button type='submit' className='btn btn-primary' disabled={busy}>
        {busy ? 'Saving...' : 'Save settings'}
      </button>
    </form>
  );
}
