// Sends the outbox: claims due rows with FOR UPDATE SKIP LOCKED (several instances may run),
// sends each with an Idempotency-Key (its id), so a retry never sends twice, and backs off on
// failure (at most 30 s), so mail goes out soon after a provider recovers and is never lost.
import { and, eq, sql } from 'drizzle-orm';
import { Resend } from 'resend';
import { emailOutbox } from '../../../../db/schema.ts';
import type { Database } from '../../../../db/client.ts';
import { getEnv } from '../platform/env.ts';
import { describeError, log } from '../platform/log.ts';
import { rowsOf } from '../platform/db.ts';
import { type EmailMessage, REQUEST_KINDS, type RequestKind } from './email.ts';

/**
 * Turns a queued request into its e-mail, or null to drop it. The accounts module does it (it
 * looks the address up); the caller passes it in, so mail depends on nothing in auth.
 */
export type ComposeRequestedEmail = (kind: RequestKind, address: string) => Promise<EmailMessage | null>;

export const POLL_MS = 1000;
export const PROVIDER_TIMEOUT_MS = 10_000;
export const MAX_BACKOFF_MS = 30_000;
/** A claimed row is retried after this long if its instance dies mid-send. */
const LEASE_MS = 60_000;
const MAX_ATTEMPTS_PERMANENT = 3;
/** A mail the provider has not taken within this long is given up and scrubbed (issue 50, F10): its links have expired by then. */
export const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000;

type OutboxRow = typeof emailOutbox.$inferSelect;

export interface SendResult {
  ok: boolean;
  /** Worth retrying (provider down, 429, 5xx, timeout). */
  retry: boolean;
  error?: string;
  providerId?: string;
}

export interface Transport {
  name: string;
  send(row: OutboxRow): Promise<SendResult>;
  /**
   * The dev transport's outbox is its mailbox (/dev/mailbox), so its links stay; a real
   * provider's delivered e-mails lose their sign-in and reset links (see scrubLinks).
   */
  keepsLinks?: boolean;
}

export function createTransport(): Transport {
  const env = getEnv();
  if (env.RESEND_API_KEY) {
    const resend = new Resend(env.RESEND_API_KEY);
    return {
      name: 'resend',
      async send(row) {
        const { data, error } = await resend.emails.send(
          {
            from: env.EMAIL_FROM,
            to: [row.toAddress],
            subject: row.subject,
            text: row.text,
            html: row.html,
            ...(row.headers && Object.keys(row.headers).length ? { headers: row.headers } : {}),
          },
          { idempotencyKey: `outbox-${row.id}`, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) } as never,
        );
        if (error) {
          const status = (error as { statusCode?: number | null }).statusCode ?? null;
          const retry = status === null || status === 429 || status >= 500 || status === 409;
          return { ok: false, retry, error: `${status ?? 'network'}: ${error.message}` };
        }
        return { ok: true, retry: false, providerId: data?.id };
      },
    };
  }
  return {
    name: 'dev',
    keepsLinks: true,
    send(row) {
      const url = row.text.match(/https?:\/\/\S+/)?.[0];
      // The dev transport prints the link so `npm start` users can follow it.
      console.log(
        `\n  ✉  ${row.subject} → ${row.toAddress}${
          url ? `\n     ${url}` : ''
        }\n     (all mail: ${env.PUBLIC_URL}/dev/mailbox)\n`,
      );
      return Promise.resolve({ ok: true, retry: false, providerId: 'dev' });
    },
  };
}

/**
 * A delivered e-mail's text without the secrets in its links (verification and reset tokens):
 * the outbox keeps who, when and what kind for the audit trail, not a live link.
 */
export function scrubLinks(text: string): string {
  return text.replace(/([?&#](?:token|access_token)=)[^&\s"'<>]+/gi, '$1removed');
}

/** Headers with the same secrets removed (the reminders' List-Unsubscribe link carries a token). */
export function scrubHeaders(headers: Record<string, string> | null | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).map(([name, value]) => [name, scrubLinks(value)]));
}

/**
 * A queued request (forgot-password, resend-verification) becomes its e-mail here, or is dropped:
 * the endpoint did the same work for every address, the worker looks the address up.
 */
async function composeRequest(
  db: Database,
  row: OutboxRow,
  composeRequestedEmail: ComposeRequestedEmail,
): Promise<OutboxRow | null> {
  const message = await composeRequestedEmail(row.kind as RequestKind, row.toAddress);
  if (!message) {
    await db.delete(emailOutbox).where(eq(emailOutbox.id, row.id));
    return null;
  }
  await db
    .update(emailOutbox)
    .set({
      kind: message.kind,
      toAddress: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    })
    .where(eq(emailOutbox.id, row.id));
  return {
    ...row,
    kind: message.kind,
    toAddress: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
  };
}

export function backoffMs(attempts: number): number {
  return Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempts - 1));
}

/** Claims and sends the due e-mails once; returns how many were sent. */
export async function processOutbox(
  db: Database,
  transport: Transport,
  composeRequestedEmail: ComposeRequestedEmail,
  batch = 10,
): Promise<number> {
  const claimed = rowsOf<Record<string, unknown>>(
    await db.execute(sql`
      update email_outbox set attempts = attempts + 1, next_attempt_at = now() + ${`${LEASE_MS} milliseconds`}::interval
      where id in (
        select id from email_outbox where status = 'pending' and next_attempt_at <= now()
        order by created_at limit ${batch} for update skip locked)
      returning id, kind, to_address, subject, text, html, headers, attempts, created_at`),
  ).map(
    (r) =>
      ({
        id: r.id,
        kind: r.kind,
        toAddress: r.to_address,
        subject: r.subject,
        text: r.text,
        html: r.html,
        headers: (typeof r.headers === 'string' ? JSON.parse(r.headers) : r.headers) ?? {},
        attempts: Number(r.attempts),
        createdAt: new Date(r.created_at as string | Date),
      }) as OutboxRow,
  );
  let sent = 0;
  for (const claimedRow of claimed) {
    let row = claimedRow;
    if (row.kind in REQUEST_KINDS) {
      try {
        const composed = await composeRequest(db, row, composeRequestedEmail);
        if (!composed) continue;
        row = composed;
      } catch (error) {
        // The row stays claimed until its lease ends, then it is tried again.
        log('warn', 'email request not composed', {
          id: row.id,
          kind: row.kind,
          ...describeError(error),
          stack: undefined,
        });
        continue;
      }
    }
    let result: SendResult;
    try {
      result = await transport.send(row);
    } catch (error) {
      result = { ok: false, retry: true, error: String((error as Error).message ?? error) };
    }
    if (result.ok) {
      sent++;
      await db
        .update(emailOutbox)
        .set({
          status: 'sent',
          sentAt: new Date(),
          providerId: result.providerId ?? null,
          lastError: null,
          ...(transport.keepsLinks
            ? {}
            : { text: scrubLinks(row.text), html: scrubLinks(row.html), headers: scrubHeaders(row.headers) }),
        })
        .where(eq(emailOutbox.id, row.id));
      log('info', 'email sent', { id: row.id, kind: row.kind, transport: transport.name });
    } else {
      const tooOld = Date.now() - claimedRow.createdAt.getTime() >= GIVE_UP_AFTER_MS;
      const give_up = tooOld || (!result.retry && row.attempts >= MAX_ATTEMPTS_PERMANENT);
      await db
        .update(emailOutbox)
        .set({
          status: give_up ? 'failed' : 'pending',
          // A mail that will never go out keeps no live link either.
          ...(give_up
            ? { text: scrubLinks(row.text), html: scrubLinks(row.html), headers: scrubHeaders(row.headers) }
            : {}),
          lastError: result.error?.slice(0, 500) ?? 'unknown error',
          nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts)),
        })
        .where(and(eq(emailOutbox.id, row.id), eq(emailOutbox.status, 'pending')));
      log('warn', 'email not sent', {
        id: row.id,
        kind: row.kind,
        attempts: row.attempts,
        reason: result.error,
        willRetry: !give_up,
      });
    }
  }
  return sent;
}

/** Polls the outbox until stopped. */
export function startOutboxWorker(
  getDatabase: () => Promise<Database>,
  composeRequestedEmail: ComposeRequestedEmail,
  transport = createTransport(),
) {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    try {
      const db = await getDatabase();
      let sent: number;
      do {
        sent = await processOutbox(db, transport, composeRequestedEmail);
      } while (sent > 0 && !stopped);
    } catch (error) {
      log('warn', 'outbox poll failed', { ...describeError(error), stack: undefined });
    }
    if (!stopped) timer = setTimeout(() => (current = tick()), POLL_MS);
  };
  timer = setTimeout(() => (current = tick()), 200);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
