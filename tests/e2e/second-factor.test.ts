// A second factor in Chromium (issue 51): an authenticator app set up in /account with a code this
// test computes, then the sign-in's second step; a passkey made by a virtual authenticator (Chrome
// DevTools Protocol WebAuthn.addVirtualAuthenticator) that then signs in alone. Passkeys need a
// host name, so this file runs its own server on http://localhost.
import { expect, expectNoSeriousA11yViolations, type Page, PASSWORD, signedInLearner, test } from './fixtures.ts';
import { freePort, startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { totpCode } from '../helpers/second-factor.ts';

let stop: (() => Promise<void>) | undefined;
const saved = { base: process.env.BASE_URL, resend: process.env.RESEND_DOUBLE_URL };
test.beforeAll(async () => {
  test.setTimeout(90_000);
  const resend = await startResendDouble();
  const port = await freePort();
  const server = await startServer({
    port,
    env: {
      LOG_LEVEL: 'warn',
      RESEND_API_KEY: 're_e2e',
      RESEND_BASE_URL: resend.url,
      TRUST_PROXY: 'true',
      PUBLIC_URL: `http://localhost:${port}`,
    },
  });
  process.env.BASE_URL = `http://localhost:${port}`;
  process.env.RESEND_DOUBLE_URL = resend.url;
  stop = async () => {
    await server.stop();
    await resend.close();
  };
});
test.afterAll(async () => {
  process.env.BASE_URL = saved.base;
  process.env.RESEND_DOUBLE_URL = saved.resend;
  await stop?.();
});

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

test('an authenticator app: set up in /account with recovery codes, then asked for at sign-in', async ({ page, browser }) => {
  test.setTimeout(90_000); // two browser contexts and two axe runs
  const { email } = await signedInLearner(page);
  await page.goto('/account#security');
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  await page.getByLabel('The 6-digit code your app shows').fill(totpCode(secret));
  await page.getByLabel('Your password (to confirm it is you)', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Turn on the app' }).click();
  await expect(page.getByTestId('recovery-codes').getByRole('listitem')).toHaveCount(10);
  await expect(page.getByTestId('factor')).toContainText('Authenticator app');
  await expectNoSeriousA11yViolations(page);

  const context = await browser.newContext({ baseURL: process.env.BASE_URL });
  const other = await context.newPage();
  await signInWithPassword(other, email);
  await expect(other.getByTestId('second-factor-step')).toBeVisible();
  await expectNoSeriousA11yViolations(other);
  await other.getByLabel('Code from your authenticator app').fill('000000' === totpCode(secret) ? '111111' : '000000');
  await other.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(other.getByText('That code or passkey is not right.')).toBeVisible();
  // The setup used this step's code: the app's next one (a code works once).
  await other.getByLabel('Code from your authenticator app').fill(totpCode(secret, Date.now() + 30_000));
  await other.getByRole('button', { name: 'Verify and sign in' }).click();
  await other.waitForURL(/\/(dashboard|assessment)/);
  // The first browser sees the second device in its list.
  await page.goto('/account');
  // The list loads once it is scrolled into view (client:visible), as it does for a person scrolling down.
  await page.getByRole('heading', { name: 'Signed-in devices' }).scrollIntoViewIfNeeded();
  await expect(page.getByTestId('device')).toHaveCount(2);
  await expect(page.getByText('This device', { exact: true })).toBeVisible();
  await context.close();
});

test('a passkey: added in /account with a virtual authenticator, then "Sign in with a passkey"', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  const { email } = await signedInLearner(page);
  await page.goto('/account#security');
  await page.getByLabel('Name for a new passkey (optional)').fill('Test laptop');
  await page.getByLabel('Your password (to confirm it is you)', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('The passkey "Test laptop" is set up.')).toBeVisible();
  await expect(page.getByTestId('factor')).toContainText('Passkey: Test laptop');

  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await page.waitForURL(/\/(dashboard|assessment)/);

  // With a passkey as its factor, the password alone is not enough: the passkey finishes it.
  await page.context().clearCookies();
  await signInWithPassword(page, email);
  await expect(page.getByTestId('second-factor-step')).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await page.waitForURL(/\/(dashboard|assessment)/);
});
