// The security review's rules that are about work done and data kept (issue: ASVS level 2
// hardening), on the domain modules with a real database, PGlite and PostgreSQL. The HTTP side of
// the same rules is in security-review.test.ts.
import { eq, sql } from 'drizzle-orm';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import {
  composeRequestedEmail,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  signUp,
  UNVERIFIED_ACCOUNT_TTL_MS,
} from '../../src/lib/server/auth/credentials.ts';
import { deleteStaleUnverifiedAccounts, verifyEmailToken } from '../../src/lib/server/auth/verification.ts';
import { deleteAccount } from '../../src/lib/server/auth/account-data.ts';
import { passwordWork } from '../../src/lib/server/auth/password.ts';
import { hitLimit, keysNamingAddress, limits, pruneLimits } from '../../src/lib/server/platform/rate-limit.ts';
import { processOutbox, scrubLinks, type Transport } from '../../src/lib/server/mail/outbox.ts';
import { BROWSER_SESSION_IDLE_MS, createSession, validateSessionToken } from '../../src/lib/server/auth/session.ts';
import {
  emailOutbox,
  emailVerificationTokens,
  passwordResetTokens,
  quizChecks,
  rateLimitBuckets,
  sessions,
  users,
} from '../../db/schema.ts';
import { pruneQuizChecks } from '../../src/lib/server/learning/quiz-checks.ts';
import { generateRandomToken, hashToken } from '../../src/lib/server/platform/tokens.ts';

const HOUR = 60 * 60 * 1000;

/** A provider double that records what it was asked to send. */
function recordingTransport(
  keepsLinks = false,
): Transport & { sent: Array<{ kind: string; to: string; text: string }> } {
  const sent: Array<{ kind: string; to: string; text: string }> = [];
  return {
    name: 'recording',
    keepsLinks,
    sent,
    send(row) {
      sent.push({ kind: row.kind, to: row.toAddress, text: row.text });
      return Promise.resolve({ ok: true, retry: false, providerId: `p-${sent.length}` });
    },
  };
}

async function verifiedUser(db: Awaited<ReturnType<typeof createTestDatabase>>, email: string) {
  const [user] = await db.handle.db.insert(users).values({
    email,
    firstName: 'V',
    lastName: 'User',
    emailVerifiedAt: new Date(),
  }).returning();
  return user;
}

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: a made-up reset token costs no password hash; a real one costs exactly one`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const before = passwordWork.hashes;
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) => resetPassword(`made-up-token-${i}`, 'Brand-New-Passw0rd')),
      );
      assertEquals(results.filter(Boolean).length, 0);
      assertEquals(passwordWork.hashes, before, '60 bad tokens reached the hasher');

      const user = await verifiedUser(db, 'reset.real@example.com');
      const token = generateRandomToken();
      await db.handle.db.insert(passwordResetTokens).values({
        tokenHash: hashToken(token),
        userId: user.id,
        expiresAt: new Date(Date.now() + HOUR),
      });
      assertEquals(await resetPassword(token, 'Brand-New-Passw0rd'), true);
      assertEquals(passwordWork.hashes, before + 1);
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: forgot-password and resend-verification do the same statements for a known and an unknown address`, async () => {
    const statements: string[] = [];
    const db = await createTestDatabase(kind, { onQuery: (text) => statements.push(text) });
    setDatabaseHandle(db.handle);
    try {
      await verifiedUser(db, 'known.reset@example.com');
      const [unverified] = await db.handle.db
        .insert(users)
        .values({ email: 'known.unverified@example.com', firstName: 'U', lastName: 'V', passwordHash: 'x' })
        .returning();
      const work = async (fn: () => Promise<void>) => {
        statements.length = 0;
        await fn();
        return [...statements];
      };
      const known = await work(() => requestPasswordReset('known.reset@example.com'));
      const unknown = await work(() => requestPasswordReset('nobody.here@example.com'));
      assertEquals(known, unknown);
      assertEquals(known.length, 1, 'one insert of the request');
      const resendKnown = await work(() => resendVerification(unverified.email));
      const resendUnknown = await work(() => resendVerification('nobody.else@example.com'));
      assertEquals(resendKnown, resendUnknown);
      // Nothing was looked up or created before answering: no token exists yet.
      assertEquals((await db.handle.db.select().from(passwordResetTokens)).length, 0);
      assertEquals((await db.handle.db.select().from(emailVerificationTokens)).length, 0);

      // The worker decides: the known addresses get their e-mails, the unknown requests vanish.
      const transport = recordingTransport();
      await processOutbox(db.handle.db, transport, composeRequestedEmail);
      assertEquals(transport.sent.map((m) => [m.kind, m.to]).sort(), [
        ['reset-password', 'known.reset@example.com'],
        ['verify-email', 'known.unverified@example.com'],
      ]);
      const left = await db.handle.db.select({ to: emailOutbox.toAddress, kind: emailOutbox.kind }).from(emailOutbox);
      assertEquals(left.filter((r) => r.to.startsWith('nobody')), [], 'unknown requests leave no row');
      assertEquals(await composeRequestedEmail('reset-password-request', 'nobody.here@example.com'), null);
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: a delivered e-mail keeps who, when and what kind, but not its live link`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      await verifiedUser(db, 'scrub.me@example.com');
      await requestPasswordReset('scrub.me@example.com');
      const transport = recordingTransport();
      assertEquals(await processOutbox(db.handle.db, transport, composeRequestedEmail), 1);
      const delivered = transport.sent[0].text.match(/token=([a-z2-7]+)/)?.[1];
      assert(delivered, 'the provider got the live link');
      const [row] = await db.handle.db.select().from(emailOutbox).where(
        eq(emailOutbox.toAddress, 'scrub.me@example.com'),
      );
      assertEquals(row.status, 'sent');
      assertEquals(row.kind, 'reset-password');
      assert(row.sentAt);
      assert(!row.text.includes(delivered) && !row.html.includes(delivered), 'the stored text has no token');
      assertMatch(row.text, /reset-password\?token=removed/);
      assertEquals(
        scrubLinks('https://x.test/verify-email?token=abc&x=1'),
        'https://x.test/verify-email?token=removed&x=1',
      );

      // The dev transport's outbox is its mailbox: it keeps the link for /dev/mailbox.
      await requestPasswordReset('scrub.me@example.com');
      await db.handle.db.delete(rateLimitBuckets);
      const dev = recordingTransport(true);
      await processOutbox(db.handle.db, dev, composeRequestedEmail);
      const [kept] = await db.handle.db.select().from(emailOutbox).where(
        sql`${emailOutbox.text} like '%token=%' and ${emailOutbox.text} not like '%token=removed%'`,
      );
      assert(kept, 'a dev-transport e-mail keeps its link');
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: a verification link confirms at once only from its own sign-up client; elsewhere only with the sign-up password or a new one`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const tokenOf = async (email: string) => {
        const token = generateRandomToken();
        const [user] = await db.handle.db.select().from(users).where(eq(users.email, email));
        await db.handle.db.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
        await db.handle.db.insert(emailVerificationTokens).values({
          tokenHash: hashToken(token),
          userId: user.id,
          expiresAt: new Date(Date.now() + HOUR),
        });
        return { token, user };
      };
      const chosen = 'Chosen-At-Signup-1';
      const input = (email: string) => ({ email, password: chosen, firstName: 'S', lastName: 'Q' });
      const reread = async (id: string) => (await db.handle.db.select().from(users).where(eq(users.id, id)))[0];

      // The normal path: the same client (its sign-up cookie) keeps the chosen password.
      const ownClient = generateRandomToken();
      await signUp(input('owner@example.com'), ownClient);
      const own = await tokenOf('owner@example.com');
      const kept = await verifyEmailToken(own.token, { signupClient: ownClient });
      assertEquals(kept?.kind, 'verified');
      assert(kept?.kind === 'verified' && kept.user.passwordHash && kept.user.emailVerifiedAt);

      // Another client, no proof: nothing changes, and the link stays good.
      await signUp(input('phone@example.com'), generateRandomToken());
      const phone = await tokenOf('phone@example.com');
      const otherCookie = generateRandomToken(); // a leftover sign-up cookie of another account
      assertEquals((await verifyEmailToken(phone.token, { signupClient: otherCookie }))?.kind, 'confirm');
      assertEquals((await verifyEmailToken(phone.token))?.kind, 'confirm');
      const untouched = await reread(phone.user.id);
      assertEquals(untouched.emailVerifiedAt, null, 'still unverified');
      assertEquals(untouched.passwordHash, phone.user.passwordHash, 'the sign-up password is kept');
      // Resend still works for it.
      await db.handle.db.delete(rateLimitBuckets);
      assertEquals((await composeRequestedEmail('verify-email-request', 'phone@example.com'))?.kind, 'verify-email');
      const again = await tokenOf('phone@example.com');
      assertEquals((await verifyEmailToken(again.token, { password: 'Not-The-Password-9' }))?.kind, 'wrong-password');
      assertEquals((await reread(phone.user.id)).emailVerifiedAt, null);
      const withPassword = await verifyEmailToken(again.token, { password: chosen });
      assertEquals(withPassword?.kind, 'verified');
      assertEquals((await reread(phone.user.id)).passwordHash, phone.user.passwordHash, 'the sign-up password is kept');
      // Single use: a second click confirms nothing again and signs nobody in; it says so (issue 53).
      assertEquals((await verifyEmailToken(again.token, { password: chosen }))?.kind, 'already', 'single use');

      // A squatter signed up with someone else's address; the owner chooses a new password.
      await signUp(input('victim@example.com'), generateRandomToken());
      const victim = await tokenOf('victim@example.com');
      const before = await createSession(victim.user.id, true);
      const replaced = await verifyEmailToken(victim.token, { newPassword: 'Owners-New-Pass-3' });
      assertEquals(replaced?.kind, 'verified');
      assert(replaced?.kind === 'verified' && replaced.passwordChanged);
      const after = await reread(victim.user.id);
      assert(after.emailVerifiedAt, 'the address is verified');
      assert(after.passwordHash && after.passwordHash !== victim.user.passwordHash, "the squatter's password is gone");
      assertEquals(await validateSessionToken(before.token), null, 'sessions made before are gone');
      assertEquals((await db.handle.db.select().from(sessions).where(eq(sessions.userId, victim.user.id))).length, 0);
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: an e-mail that will never go out keeps no live link`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      await verifiedUser(db, 'never.sent@example.com');
      await requestPasswordReset('never.sent@example.com');
      const refusing: Transport = {
        name: 'refusing',
        send: () => Promise.resolve({ ok: false, retry: false, error: '422: invalid recipient' }),
      };
      for (let i = 0; i < 5; i++) {
        await db.handle.db.update(emailOutbox).set({ nextAttemptAt: new Date(0) });
        await processOutbox(db.handle.db, refusing, composeRequestedEmail);
      }
      const [row] = await db.handle.db.select().from(emailOutbox).where(
        eq(emailOutbox.toAddress, 'never.sent@example.com'),
      );
      assertEquals(row.status, 'failed');
      assert(!/token=(?!removed)/.test(row.text + row.html), 'no live token in a failed e-mail');
      assertMatch(row.text, /reset-password\?token=removed/);
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: an account nobody verifies expires after 7 days, so the address can sign up again`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const old = new Date(Date.now() - UNVERIFIED_ACCOUNT_TTL_MS - 1000);
      const [stale] = await db.handle.db.insert(users).values({
        email: 'held@example.com',
        firstName: 'H',
        lastName: 'S',
        passwordHash: 'x',
        createdAt: old,
      }).returning();
      await db.handle.db.insert(users).values({
        email: 'fresh@example.com',
        firstName: 'F',
        lastName: 'S',
        passwordHash: 'x',
      });
      await db.handle.db.insert(users).values({
        email: 'old.but.verified@example.com',
        firstName: 'O',
        lastName: 'V',
        createdAt: old,
        emailVerifiedAt: old,
      });

      // Signing up again with the held address replaces the stale account.
      await signUp(
        { email: 'held@example.com', password: 'A-New-Owner-Pass-9', firstName: 'Real', lastName: 'Holder' },
        generateRandomToken(),
      );
      const [now] = await db.handle.db.select().from(users).where(eq(users.email, 'held@example.com'));
      assert(now.id !== stale.id, 'a new account');
      assertEquals(now.firstName, 'Real');

      await db.handle.db.update(users).set({ createdAt: old }).where(eq(users.id, now.id));
      assertEquals(await deleteStaleUnverifiedAccounts(), 1);
      const emails = (await db.handle.db.select({ email: users.email }).from(users)).map((u) => u.email).sort();
      assertEquals(emails, ['fresh@example.com', 'old.but.verified@example.com']);
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: deleting one account clears its own limits by exact key, never another address's`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const underscore = await verifiedUser(db, 'a_b@x.test');
      await verifiedUser(db, 'axb@x.test');
      for (const address of ['a_b@x.test', 'axb@x.test', 'a%b@x.test']) {
        await hitLimit(limits.emailPerAddress('reset-password', address));
        await hitLimit(limits.loginFailuresForAccount(address));
      }
      await deleteAccount(underscore.id);
      const keys = (await db.handle.db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets)).map((r) => r.key)
        .sort();
      assertEquals(keys, [
        'login-fail:account:a%b@x.test',
        'login-fail:account:axb@x.test',
        'mail:reset-password:a%b@x.test',
        'mail:reset-password:axb@x.test',
      ]);
      assert(keysNamingAddress('A_B@x.test').includes('mail:verify-email:a_b@x.test'));
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: expired rate-limit buckets are pruned; live ones stay`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const now = new Date();
      await db.handle.db.insert(rateLimitBuckets).values([
        { key: 'signup:ip:old', count: 20, windowStart: new Date(now.getTime() - 2 * HOUR) },
        { key: 'signup:ip:live', count: 3, windowStart: new Date(now.getTime() - 5 * 60 * 1000) },
      ]);
      assertEquals(await pruneLimits(now), 1);
      assertEquals(
        (await db.handle.db.select({ key: rateLimitBuckets.key }).from(rateLimitBuckets)).map((r) => r.key),
        ['signup:ip:live'],
      );
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: quiz answers checked more than a day ago are pruned; today's stay`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const now = new Date();
      const user = await verifiedUser(db, 'checks@example.com');
      const old = crypto.randomUUID();
      const live = crypto.randomUUID();
      await db.handle.db.insert(quizChecks).values([
        {
          userId: user.id,
          attemptId: old,
          questionId: 1,
          lessonId: 1,
          userAnswer: 0,
          createdAt: new Date(now.getTime() - 25 * HOUR),
        },
        {
          userId: user.id,
          attemptId: live,
          questionId: 1,
          lessonId: 1,
          userAnswer: 2,
          createdAt: new Date(now.getTime() - 23 * HOUR),
        },
      ]);
      await pruneQuizChecks(now);
      assertEquals(
        (await db.handle.db.select({ attemptId: quizChecks.attemptId }).from(quizChecks)).map((r) => r.attemptId),
        [live],
      );
    } finally {
      await db.drop();
    }
  });

  Deno.test(`${kind}: a session without "remember me" ends after 12 idle hours; with it, it lives on`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const user = await verifiedUser(db, 'idle@example.com');
      const start = new Date('2026-03-01T08:00:00Z');
      const browser = await createSession(user.id, false, start);
      const remembered = await createSession(user.id, true, start);
      const later = new Date(start.getTime() + BROWSER_SESSION_IDLE_MS - 60_000);
      assert(await validateSessionToken(browser.token, later), 'alive just before 12 hours');
      const idle = new Date(later.getTime() + BROWSER_SESSION_IDLE_MS);
      assertEquals(await validateSessionToken(browser.token, idle), null);
      assert(await validateSessionToken(remembered.token, idle), '"remember me" is not cut at 12 hours');
    } finally {
      await db.drop();
    }
  });
}
