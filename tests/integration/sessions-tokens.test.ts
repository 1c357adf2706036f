// Session lifetime and token expiry, on the domain modules with a real database.
import { eq } from 'drizzle-orm';
import { assert, assertEquals } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import {
  ABSOLUTE_MS,
  createSession,
  deleteExpiredSessions,
  INACTIVITY_MS,
  validateSessionToken,
} from '../../src/lib/server/auth/session.ts';
import {
  composeRequestedEmail,
  isResetTokenValid,
  requestPasswordReset,
  RESET_TTL_MS,
  resetPassword,
  VERIFICATION_TTL_MS,
} from '../../src/lib/server/auth/credentials.ts';
import { verifyEmailToken } from '../../src/lib/server/auth/verification.ts';
import {
  emailOutbox,
  emailVerificationTokens,
  passwordResetTokens,
  rateLimitBuckets,
  sessions,
  users,
} from '../../db/schema.ts';
import { hashToken } from '../../src/lib/server/platform/tokens.ts';
import { hitLimit, refundLimit } from '../../src/lib/server/platform/rate-limit.ts';
import { processOutbox } from '../../src/lib/server/mail/outbox.ts';

const DAY = 24 * 60 * 60 * 1000;

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: sessions slide with use, end after 30 idle days or 90 days in all, and reject a wrong secret`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const [user] = await db.handle.db.insert(users).values({ email: 's@example.com', firstName: 'S', lastName: 'T' })
        .returning();
      const start = new Date('2026-01-01T00:00:00Z');
      const { token } = await createSession(user.id, true, start);
      const [id] = token.split('.');
      assert(await validateSessionToken(token, new Date(start.getTime() + 1000)));
      assertEquals(await validateSessionToken(`${id}.wrongsecret`, start), null);
      assertEquals(await validateSessionToken('garbage', start), null);
      const [stored] = await db.handle.db.select().from(sessions).where(eq(sessions.id, id));
      assert(!token.includes(stored.secretHash) && stored.secretHash.length === 64, 'only a SHA-256 hash is stored');

      // Used every 29 days, it lives on (sliding), and the renewal is reported.
      let now = start.getTime();
      for (let i = 0; i < 3; i++) {
        now += 29 * DAY;
        const v = await validateSessionToken(token, new Date(now));
        assert(v, `alive at day ${(now - start.getTime()) / DAY}`);
        assertEquals(v.renewed, true);
      }
      // ...but not past 90 days in all.
      assertEquals(await validateSessionToken(token, new Date(start.getTime() + ABSOLUTE_MS)), null);

      const other = await createSession(user.id, false, start);
      assertEquals(
        await validateSessionToken(other.token, new Date(start.getTime() + INACTIVITY_MS)),
        null,
        '30 idle days end it',
      );
      // A session check writes nothing but the expiry: the housekeeping job deletes expired sessions.
      assertEquals((await db.handle.db.select().from(sessions)).length, 2);
      await deleteExpiredSessions(new Date(start.getTime() + ABSOLUTE_MS + 1000));
      assertEquals((await db.handle.db.select().from(sessions)).length, 0, 'expired sessions are deleted');
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: session lookups that arrive together (read as one group) each get their own session`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const made = await db.handle.db
        .insert(users)
        .values(
          Array.from({ length: 12 }, (_, i) => ({ email: `g${i}@example.com`, firstName: `G${i}`, lastName: 'H' })),
        )
        .returning();
      const tokens = await Promise.all(made.map((u) => createSession(u.id).then((s) => s.token)));
      const [firstId] = tokens[0].split('.');
      // All at once: the valid ones, one twice, a wrong secret, an unknown id, an id naming two
      // sessions with a comma, an id with a quote.
      const [secondId] = tokens[1].split('.');
      const asked = [
        ...tokens,
        tokens[3],
        `${firstId}.wrongsecret`,
        'nosuchid.secret',
        `${firstId},${secondId}.secret`,
        `${firstId}'.secret`,
      ];
      const found = await Promise.all(asked.map((t) => validateSessionToken(t)));
      made.forEach((u, i) => assertEquals(found[i]?.user.email, u.email, `token ${i} finds its own learner`));
      assertEquals(found[12]?.user.email, made[3].email, 'the same session asked twice');
      assertEquals(found.slice(13), [null, null, null, null]);
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: expired verification and reset tokens are refused`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const [user] = await db.handle.db.insert(users).values({ email: 't@example.com', firstName: 'T', lastName: 'U' })
        .returning();
      await db.handle.db.insert(emailVerificationTokens).values({
        tokenHash: hashToken('old-verify'),
        userId: user.id,
        expiresAt: new Date(Date.now() - 1000),
        createdAt: new Date(Date.now() - VERIFICATION_TTL_MS - 1000),
      });
      assertEquals(await verifyEmailToken('old-verify'), null);
      await db.handle.db.insert(passwordResetTokens).values({
        tokenHash: hashToken('old-reset'),
        userId: user.id,
        expiresAt: new Date(Date.now() - 1000),
        createdAt: new Date(Date.now() - RESET_TTL_MS - 1000),
      });
      assertEquals(await isResetTokenValid('old-reset'), false);
      assertEquals(await resetPassword('old-reset', 'Fresh-Passw0rd-9'), false);
      const [after] = await db.handle.db.select().from(users).where(eq(users.id, user.id));
      assertEquals(after.emailVerifiedAt, null);
      assertEquals(after.passwordHash, null);
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: a new reset request replaces the old token`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      await db.handle.db.insert(users).values({
        email: 'r@example.com',
        firstName: 'R',
        lastName: 'S',
        emailVerifiedAt: new Date(),
      });
      const resetTokens = async () =>
        (await db.handle.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'reset-password'))).map(
          (mail) => mail.text.match(/reset-password\?token=([A-Za-z0-9_-]+)/)![1],
        );
      // The request is queued; the outbox worker turns it into the e-mail (a transport that keeps
      // the link in the stored text, as the dev transport does).
      const transport = { name: 'test', keepsLinks: true, send: () => Promise.resolve({ ok: true, retry: false }) };
      await requestPasswordReset('r@example.com');
      await processOutbox(db.handle.db, transport, composeRequestedEmail);
      const [first] = await resetTokens();
      assertEquals(await isResetTokenValid(first), true);
      // A minute later (the one-e-mail-a-minute limit has passed) the learner asks again.
      await db.handle.db.delete(rateLimitBuckets);
      await requestPasswordReset('R@Example.com');
      await processOutbox(db.handle.db, transport, composeRequestedEmail);
      const tokens = await resetTokens();
      assertEquals(tokens.length, 2, 'a second e-mail went out');
      const second = tokens.find((t) => t !== first)!;
      assertEquals(await isResetTokenValid(first), false, 'the first link no longer works');
      assertEquals(await isResetTokenValid(second), true);
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: rate-limit windows count, block past the limit and reset after the window`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const limit = { key: 'test:x', max: 2, windowMs: 60_000 };
      const t0 = new Date('2026-01-01T00:00:00Z');
      assertEquals((await hitLimit(limit, t0)).allowed, true);
      assertEquals((await hitLimit(limit, t0)).allowed, true);
      const third = await hitLimit(limit, new Date(t0.getTime() + 10_000));
      assertEquals(third.allowed, false);
      assertEquals(third.retryAfterSeconds, 50);
      await refundLimit(limit);
      assertEquals(
        (await hitLimit(limit, new Date(t0.getTime() + 10_000))).count,
        3,
        'a refund gives back one slot, not the window',
      );
      assertEquals((await hitLimit(limit, new Date(t0.getTime() + 61_000))).allowed, true);
    } finally {
      await db.drop();
    }
  });
}

Deno.test('a token is stored as its SHA-256 in hex, so sessions and links made before keep working', () => {
  assertEquals(hashToken('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assertEquals(hashToken(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
});
