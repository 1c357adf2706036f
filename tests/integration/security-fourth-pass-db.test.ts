// The fourth security review's rules that live in the database (issue 50), on PGlite and
// PostgreSQL: outbox rows give up in bounded time and keep no live link, the daily sign-in
// failure count outlives the hourly pruning, and device cookies are stored only as hashes.
import type { AstroCookies } from 'astro';
import { eq } from 'drizzle-orm';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { emailOutbox, rateLimitBuckets, trustedDevices, users } from '../../db/schema.ts';
import { GIVE_UP_AFTER_MS, processOutbox, type Transport } from '../../src/lib/server/mail/outbox.ts';
import { composeRequestedEmail } from '../../src/lib/server/auth/credentials.ts';
import { limits, pruneLimits } from '../../src/lib/server/platform/rate-limit.ts';
import { isKnownDevice, pruneDevices, rememberDevice } from '../../src/lib/server/auth/device-cookie.ts';
import { hashToken } from '../../src/lib/server/platform/tokens.ts';

const HOUR = 60 * 60 * 1000;

/** The two calls of Astro's cookie jar the device cookie uses, over a plain map. */
function cookieJar(): AstroCookies & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    get: (name: string) => (values.has(name) ? { value: values.get(name)! } : undefined),
    set: (name: string, value: string) => void values.set(name, value),
  } as unknown as AstroCookies & { values: Map<string, string> };
}

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: F10: a mail the provider keeps refusing with retryable errors is given up after a day, its link removed`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const link = 'Confirm: https://learn.example.com/verify-email?token=live-secret-token';
      const old = new Date(Date.now() - GIVE_UP_AFTER_MS - 1000);
      await db.handle.db.insert(emailOutbox).values([
        {
          kind: 'verify-email',
          toAddress: 'old@example.com',
          subject: 'Confirm',
          text: link,
          html: link,
          createdAt: old,
        },
        { kind: 'verify-email', toAddress: 'new@example.com', subject: 'Confirm', text: link, html: link },
      ]);
      const down: Transport = {
        name: 'down',
        send: () => Promise.resolve({ ok: false, retry: true, error: '503: provider unavailable' }),
      };
      for (let i = 0; i < 3; i++) {
        await db.handle.db.update(emailOutbox).set({ nextAttemptAt: new Date(0) });
        await processOutbox(db.handle.db, down, composeRequestedEmail);
      }
      const rows = await db.handle.db.select().from(emailOutbox);
      const byAddress = new Map(rows.map((r) => [r.toAddress, r]));
      assertEquals(byAddress.get('old@example.com')!.status, 'failed');
      assert(!byAddress.get('old@example.com')!.text.includes('live-secret-token'), 'the given-up mail is scrubbed');
      assertMatch(byAddress.get('old@example.com')!.text, /token=removed/);
      assertEquals(byAddress.get('new@example.com')!.status, 'pending', 'a recent mail is still retried');
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: F1: the daily failure count survives the hourly pruning for a day`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const now = new Date();
      const daily = limits.loginFailuresForAccountToday('owner@example.com').key;
      const tenMinutes = limits.loginFailuresForAccount('owner@example.com').key;
      await db.handle.db.insert(rateLimitBuckets).values([
        { key: daily, count: 100, windowStart: new Date(now.getTime() - 5 * HOUR) },
        { key: tenMinutes, count: 21, windowStart: new Date(now.getTime() - 2 * HOUR) },
        { key: `${daily}.old`, count: 3, windowStart: new Date(now.getTime() - 25 * HOUR) },
      ]);
      assertEquals(await pruneLimits(now), 2);
      const left = await db.handle.db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets);
      assertEquals(left.map((r) => r.key), [daily]);
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: F1: a device cookie is stored only as its hash, counts for its own account only, and is forgotten after a year unused`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const [owner] = await db.handle.db.insert(users).values({
        email: 'Dev.Owner@example.com',
        firstName: 'D',
        lastName: 'O',
      })
        .returning();
      await db.handle.db.insert(users).values({ email: 'someone.else@example.com', firstName: 'S', lastName: 'E' });
      const jar = cookieJar();
      await rememberDevice(jar, owner.id);
      const token = jar.values.get('device')!;
      assertMatch(token, /^[a-z2-7]{32}$/);
      const [row] = await db.handle.db.select().from(trustedDevices);
      assertEquals(row.tokenHash, hashToken(token));
      assert(!JSON.stringify(row).includes(token), 'the token itself is not stored');
      assertEquals(await isKnownDevice(jar, 'dev.owner@EXAMPLE.com'), true);
      assertEquals(await isKnownDevice(jar, 'someone.else@example.com'), false);
      assertEquals(await isKnownDevice(cookieJar(), 'dev.owner@example.com'), false);
      const later = new Date(Date.now() + 366 * 24 * HOUR);
      assertEquals(await isKnownDevice(jar, 'dev.owner@example.com', later), false);
      assertEquals(await pruneDevices(later), 1);
      assertEquals(
        (await db.handle.db.select().from(trustedDevices).where(eq(trustedDevices.userId, owner.id))).length,
        0,
      );
    } finally {
      await db.drop();
    }
  });
}
