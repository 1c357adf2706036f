// The app's life inside the built bundle: start-up (migrations, content, background jobs) begins
// with the first request the server answers (never at build, where only prerendered pages run), and `src/serve.ts` asks for the stop by the process event
// STOP_EVENT once no request is in flight. serve.ts loads only the bundle, so every server module
// exists once in the process.
import { EnvError, getEnv } from './lib/server/platform/env.ts';
import { getDatabaseHandle } from './lib/server/platform/db.ts';
import { prepareDatabase } from './prepare-database.ts';
import { describeError, log } from './lib/server/platform/log.ts';
import { startOutboxWorker } from './lib/server/mail/outbox.ts';
import { REMINDER_INTERVAL_MS, startReminderJob } from './lib/server/learning/reminders.ts';
import { deleteExpiredSessions } from './lib/server/auth/session.ts';
import { composeRequestedEmail } from './lib/server/auth/credentials.ts';
import { deleteSpentVerificationLinks, deleteStaleUnverifiedAccounts } from './lib/server/auth/verification.ts';
import { applyDueZoneChanges } from './lib/server/learning/learner-settings.ts';
import { pruneLimits } from './lib/server/platform/rate-limit.ts';
import { pruneDevices } from './lib/server/auth/device-cookie.ts';
import { pruneQuizChecks } from './lib/server/learning/quiz-checks.ts';

/** The process event serve.ts emits, with a callback, to stop the app after the last request. */
export const STOP_EVENT = 'finance-app:stop';

/** Expired sessions, rate-limit buckets, accounts nobody verified in 7 days, abandoned quiz checks. */
const HOUSEKEEPING_MS = 10 * 60 * 1000;

let ready = false;
let stopping = false;
const jobs: Array<{ stop(): Promise<void> }> = [];
let housekeepingTimer: ReturnType<typeof setInterval> | undefined;

let started = false;

/** Starts the app once (the first request the server answers calls it); a bad setting ends the process here. */
export function startApp(): void {
  if (started) return;
  started = true;
  void start().catch((error: unknown) => log('error', 'start-up failed', describeError(error)));
}

/** True once the database is migrated and the content loaded: until then requests get a 503. */
export function isReady(): boolean {
  return ready;
}

async function housekeeping(): Promise<void> {
  for (
    const [task, run] of [
      ['sessions', deleteExpiredSessions],
      ['rate limits', pruneLimits],
      ['device cookies', pruneDevices],
      ['unverified accounts', deleteStaleUnverifiedAccounts],
      ['spent verification links', deleteSpentVerificationLinks],
      ['time zone changes', applyDueZoneChanges],
      ['quiz checks', pruneQuizChecks],
    ] as const
  ) {
    await run().catch((error: unknown) =>
      log('warn', 'housekeeping failed', { task, ...describeError(error), stack: undefined })
    );
  }
}

async function start(): Promise<void> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (!(error instanceof EnvError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const handle = await getDatabaseHandle();
  // The database may still be starting (or down): keep trying, and answer 503 meanwhile.
  for (let attempt = 1; !stopping; attempt++) {
    try {
      const prepared = await prepareDatabase(handle, env.DATABASE_URL);
      ready = true;
      log('info', 'database ready', { kind: handle.kind, ...prepared });
      break;
    } catch (error) {
      log('warn', 'database not ready, retrying', { attempt, ...describeError(error), stack: undefined });
      await new Promise((r) => setTimeout(r, Math.min(5000, 500 * attempt)));
    }
  }
  if (stopping) return;
  jobs.push(startOutboxWorker(() => Promise.resolve(handle.db), composeRequestedEmail));
  // Tests (APP_ENV=test) look for reminders every 2 s instead of every 5 minutes.
  jobs.push(
    startReminderJob(() => Promise.resolve(handle.db), {
      intervalMs: env.APP_ENV === 'test' ? 2000 : REMINDER_INTERVAL_MS,
    }),
  );
  housekeepingTimer = setInterval(() => void housekeeping(), HOUSEKEEPING_MS);
  void housekeeping();
}

async function stop(): Promise<void> {
  stopping = true;
  clearInterval(housekeepingTimer);
  await Promise.all(jobs.map((job) => job.stop()));
  await (await getDatabaseHandle()).close().catch(() => {});
}

process.once(STOP_EVENT, (done: () => void) => void stop().finally(done));
