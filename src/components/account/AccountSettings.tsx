import { type FormEvent, useEffect, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';
import { DAILY_GOAL_CHOICES } from '../../lib/streak.ts';

export interface Settings {
  timeZone: string | null;
  /** A chosen zone waiting for the next local day (issue 53), and when it takes effect. */
  nextTimeZone: string | null;
  nextTimeZoneAt: Date | string | null;
  dailyGoal: number;
  remindReview: boolean;
  remindStreak: boolean;
  reminderHour: number;
}

interface Props {
  initial: Settings;
  email: string;
  emailVerified: boolean;
}

const hourLabel = (h: number) => (h === 0 ? 'midnight' : h === 12 ? 'noon' : h < 12 ? `${h} am` : `${h - 12} pm`);

/** The daily goal, the reminder e-mails and the time zone the learner's days follow. */
export default function AccountSettings({ initial, email, emailVerified }: Props) {
  // The browser lists the zones once hydrated; the page carries only the chosen one (a smaller page).
  const [zones, setZones] = useState<string[]>([]);
  const [saved, setSaved] = useState(initial);
  const [dailyGoal, setDailyGoal] = useState(initial.dailyGoal);
  const [remindStreak, setRemindStreak] = useState(initial.remindStreak);
  const [remindReview, setRemindReview] = useState(initial.remindReview);
  const [timeZone, setTimeZone] = useState(initial.nextTimeZone ?? initial.timeZone);
  const [reminderHour, setReminderHour] = useState(initial.reminderHour);
  const [browserZone, setBrowserZone] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    try {
      setZones([...new Set(['UTC', ...Intl.supportedValuesOf('timeZone')])]);
      setBrowserZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null);
    } catch {
      // an older browser: the chosen zone and the device's are still offered
    }
  }, []);

  async function save(changes: Partial<Settings>, done: string) {
    setBusy(true);
    setError(null);
    setMessage('');
    try {
      const r = await api<Settings>('/api/user/settings', { body: changes });
      if (r.ok && r.data) {
        const next = r.data;
        setSaved(next);
        setDailyGoal(next.dailyGoal);
        setRemindReview(next.remindReview);
        setRemindStreak(next.remindStreak);
        setReminderHour(next.reminderHour);
        setTimeZone(next.nextTimeZone ?? next.timeZone);
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
    void save(
      { dailyGoal, remindReview, remindStreak, reminderHour, ...(timeZone ? { timeZone } : {}) },
      'Your settings are saved.',
    );
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
          At most one e-mail a day, from the hour you pick (your time), to {email}. Each one has a link to stop them.
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
        <div className='field'>
          <label htmlFor='reminder-hour'>Send reminders from</label>
          <select
            id='reminder-hour'
            className='select'
            name='reminderHour'
            value={reminderHour}
            onChange={(e) => setReminderHour(Number(e.target.value))}
          >
            {Array.from({ length: 24 }, (_, h) => <option key={h} value={h}>{hourLabel(h)}</option>)}
          </select>
        </div>
      </fieldset>

      <TimeZoneField
        saved={saved}
        zones={zones}
        timeZone={timeZone}
        setTimeZone={setTimeZone}
        browserZone={browserZone}
        busy={busy}
      />

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

/** A zone change waiting for the next local day: which zone, and from when (the learner's clock). */
function PendingZone({ saved }: { saved: Settings }) {
  if (!saved.nextTimeZone || !saved.nextTimeZoneAt) return null;
  const when = new Date(saved.nextTimeZoneAt).toLocaleString(undefined, {
    timeZone: saved.nextTimeZone,
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
  });
  return (
    <p className='alert alert-info' data-testid='next-time-zone'>
      From {when} ({saved.nextTimeZone.replaceAll('_', ' ')} time), your days follow{' '}
      <strong>{saved.nextTimeZone}</strong>.
    </p>
  );
}

/** The zone the learner's days follow: a list to choose from, the device's zone, a change waiting. */
function TimeZoneField({ saved, zones, timeZone, setTimeZone, browserZone, busy }: {
  saved: Settings;
  zones: string[];
  timeZone: string | null;
  setTimeZone: (zone: string | null) => void;
  browserZone: string | null;
  busy: boolean;
}) {
  return (
    <fieldset id='time-zone'>
      <legend>Time zone</legend>
      <p>
        Your days (streak, daily goal and reminders) follow{' '}
        <strong data-testid='time-zone'>{saved.timeZone ?? 'UTC (not set yet)'}</strong>.
      </p>
      <PendingZone saved={saved} />
      <div className='field'>
        <label htmlFor='time-zone-choice'>Time zone</label>
        <select
          id='time-zone-choice'
          className='select'
          name='timeZone'
          value={timeZone ?? ''}
          onChange={(e) => setTimeZone(e.target.value || null)}
        >
          {!timeZone && <option value=''>Not set (UTC)</option>}
          {timeZone && !zones.includes(timeZone) && <option value={timeZone}>{timeZone.replaceAll('_', ' ')}</option>}
          {zones.map((z) => <option key={z} value={z}>{z.replaceAll('_', ' ')}</option>)}
        </select>
      </div>
      <p className='hint'>
        A new time zone takes effect from your next day, so no day counts twice.
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
  );
}
