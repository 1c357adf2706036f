// The pure parts of issue 51: device names from a User-Agent, the staff rules (set up, checked,
// re-checked after 15 minutes before publishing), TOTP steps, secrets at rest and recovery codes.
import { assert, assertEquals, assertThrows } from '../helpers/assert.ts';
import { staffFactorState, STEP_UP_MS } from '../../src/lib/server/auth/factors/staff.ts';
import type { SessionUser } from '../../src/lib/server/auth/types.ts';
import { describeUserAgent } from '../../src/lib/user-agent.ts';
import { EnvError, getEnv, parseEnv } from '../../src/lib/server/platform/env.ts';
import { matchingStep, totpAt } from '../../src/lib/server/auth/factors/verify.ts';
import {
  decryptSecret,
  encryptSecret,
  generateRecoveryCode,
  hashRecoveryCode,
} from '../../src/lib/server/auth/factors/secrets.ts';
import { totpCode } from '../helpers/second-factor.ts';

// This file's environment asks staff for a second factor: getEnv() reads it once, here, and it is
// taken back at once, so the servers other test files start meanwhile (--parallel) do not inherit it.
process.env.REQUIRE_STAFF_SECOND_FACTOR = 'true';
getEnv();
delete process.env.REQUIRE_STAFF_SECOND_FACTOR;

Deno.test('a device is named by its browser and system', () => {
  const cases: Array<[string, string, string]> = [
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome',
      'Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari',
      'macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      'Chrome',
      'iPhone',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', 'Linux'],
    [
      'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36 EdgA/131.0',
      'Edge',
      'Android',
    ],
    ['', 'Unknown browser', 'unknown system'],
  ];
  for (const [ua, browser, system] of cases) assertEquals(describeUserAgent(ua), { browser, system }, ua);
});

Deno.test('TOTP: the server and an independent RFC 6238 computation agree; one step of drift either side', () => {
  const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
  const key = Uint8Array.from(
    secret.match(/.{8}/g)!.flatMap((chunk) => {
      const bits = [...chunk].map((c) => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'.indexOf(c).toString(2).padStart(5, '0'))
        .join('');
      return bits.match(/.{8}/g)!.map((b) => parseInt(b, 2));
    }),
  );
  const now = Date.UTC(2026, 0, 1, 12, 0, 10);
  const step = Math.floor(now / 30_000);
  assertEquals(totpAt(key, step), totpCode(secret, now));
  assertEquals(matchingStep(key, totpCode(secret, now), now), step);
  assertEquals(matchingStep(key, totpCode(secret, now - 30_000), now), step - 1);
  assertEquals(matchingStep(key, totpCode(secret, now + 30_000), now), step + 1);
  assertEquals(matchingStep(key, totpCode(secret, now - 90_000), now), null);
  assertEquals(matchingStep(key, 'abcdef', now), null);
});

Deno.test('RFC 6238 test vector (SHA-1, T = 59 s): 94287082 ends in 287082', () => {
  const key = new TextEncoder().encode('12345678901234567890');
  assertEquals(totpAt(key, 1), '287082');
});

Deno.test('TOTP secrets are encrypted with a fresh IV and decrypt only with the right key', () => {
  const secret = crypto.getRandomValues(new Uint8Array(20));
  const a = encryptSecret(secret);
  const b = encryptSecret(secret);
  assert(a !== b, 'a fresh IV each time');
  assertEquals(decryptSecret(a), secret);
  const tampered = a.slice(0, 20) + (a[20] === 'A' ? 'B' : 'A') + a.slice(21);
  assertThrows(() => decryptSecret(tampered), Error);
});

Deno.test('recovery codes: 120 random bits, typed back in any case and with or without dashes', () => {
  const code = generateRecoveryCode();
  assertEquals(code.replaceAll('-', '').length, 24);
  assertEquals(hashRecoveryCode(code), hashRecoveryCode(code.toUpperCase().replaceAll('-', ' ')));
  assert(hashRecoveryCode(code) !== hashRecoveryCode(generateRecoveryCode()));
  assert(!hashRecoveryCode(code).includes(code.replaceAll('-', '')));
});

Deno.test('TOTP_ENCRYPTION_KEY: required in production, 32 bytes of base64 when set', () => {
  const production = { APP_ENV: 'production', RESEND_API_KEY: 're_x' };
  assert(assertThrows(() => parseEnv(production), EnvError).message.includes('TOTP_ENCRYPTION_KEY'));
  assert(
    assertThrows(() => parseEnv({ TOTP_ENCRYPTION_KEY: btoa('short') }), EnvError).message.includes(
      'TOTP_ENCRYPTION_KEY',
    ),
  );
  assert(assertThrows(() => parseEnv({ TOTP_ENCRYPTION_KEY: 'not base64!' }), EnvError).message.includes('TOTP'));
  const env = parseEnv({ ...production, TOTP_ENCRYPTION_KEY: btoa('k'.repeat(32)) });
  assertEquals(env.staffSecondFactor, true);
  assertEquals(parseEnv({}).staffSecondFactor, false);
  assertEquals(parseEnv({ REQUIRE_STAFF_SECOND_FACTOR: 'true' }).staffSecondFactor, true);
});

Deno.test('staff rules: a factor first, a checked session, and a re-check after 15 minutes before publishing', () => {
  const base: SessionUser = {
    id: 'u',
    email: 'a@example.com',
    firstName: 'A',
    lastName: 'B',
    phoneNumber: '',
    zipCode: null,
    role: 'admin',
    emailVerified: true,
    hasPassword: true,
  };
  const now = Date.UTC(2026, 0, 1);
  const fresh = { factorVerifiedAt: new Date(now - 60_000) };
  const stale = { factorVerifiedAt: new Date(now - STEP_UP_MS - 1000) };
  assertEquals(staffFactorState({ ...base, hasFactor: false }, fresh, 'GET', '/studio', now), 'needs-setup');
  assertEquals(staffFactorState({ ...base, hasFactor: false }, null, 'GET', '/api/admin/lessons', now), 'needs-setup');
  assertEquals(
    staffFactorState({ ...base, hasFactor: true }, { factorVerifiedAt: null }, 'GET', '/studio', now),
    'needs-check',
  );
  assertEquals(staffFactorState({ ...base, hasFactor: true }, stale, 'GET', '/studio', now), 'ok');
  assertEquals(staffFactorState({ ...base, hasFactor: true }, stale, 'PUT', '/api/studio/drafts/3', now), 'ok');
  for (
    const [method, path] of [
      ['POST', '/api/studio/drafts/3/publish'],
      ['POST', '/api/studio/lessons/3/unpublish'],
      ['POST', '/api/studio/lessons/3/republish'],
      ['DELETE', '/api/studio/lessons/3'],
      ['DELETE', '/api/admin/lessons/3'],
      ['POST', '/api/admin/lessons'],
      ['PUT', '/api/admin/lessons/3'],
    ]
  ) {
    assertEquals(staffFactorState({ ...base, hasFactor: true }, stale, method, path, now), 'needs-recheck', path);
    assertEquals(staffFactorState({ ...base, hasFactor: true }, fresh, method, path, now), 'ok', path);
  }
  // Learners, and pages outside the studio and admin screens, are never asked.
  assertEquals(staffFactorState({ ...base, role: 'learner', hasFactor: false }, null, 'GET', '/studio', now), 'ok');
  assertEquals(staffFactorState({ ...base, hasFactor: false }, null, 'GET', '/dashboard', now), 'ok');
  assertEquals(staffFactorState({ ...base, hasFactor: false }, null, 'GET', '/studios', now), 'ok');
});
