// The spec's section 8 texts that only show when something goes wrong: each failure is forced
// with page.route, and each timing is checked on Playwright's fake clock.
import { expect, gotoHydrated, type Page, PASSWORD, signedInLearner, test, uniqueEmail } from './fixtures.ts';

/** A route that answers only when `release()` is called, to see the in-flight labels. */
function held(page: Page, pattern: string, answer: { status: number; body: unknown }) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  return {
    ready: page.route(pattern, async (route) => {
      await gate;
      await route.fulfill({
        status: answer.status,
        contentType: 'application/json',
        body: JSON.stringify(answer.body),
      });
    }),
    release: () => release(),
  };
}

const json = (status: number, body: unknown) => ({
  status,
  contentType: 'application/json',
  body: JSON.stringify(body),
});

async function fillSignUp(page: Page) {
  await page.getByRole('link', { name: 'Sign Up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Your Account' });
  await dialog.getByLabel('Email').fill(uniqueEmail('msg'));
  await dialog.getByLabel('First name').fill('Mia');
  await dialog.getByLabel('Last name').fill('Message');
  await dialog.getByText('Add a phone number').click();
  await dialog.getByLabel('Phone number').fill('5551234567');
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  return dialog;
}

test.describe('spec messages on failure paths', () => {
  test('sign-up: Creating Account..., the server message or its fallback', async ({ page }) => {
    await gotoHydrated(page, '/');
    const dialog = await fillSignUp(page);
    const slow = held(page, '**/api/signup', { status: 500, body: {} });
    await slow.ready;
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    slow.release();
    await expect(dialog.getByRole('alert')).toHaveText('Signup failed. Please try again.');
    await page.unroute('**/api/signup');
    await page.route(
      '**/api/signup',
      (route) => route.fulfill(json(400, { message: 'Please use a real e-mail address' })),
    );
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please use a real e-mail address');
  });

  test('sign-up success with the e-mail sent: the dialog says to check the inbox, no toast repeats it, and closes after 3 s', async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, '/');
    const dialog = await fillSignUp(page);
    await page.route(
      '**/api/signup',
      (route) => route.fulfill(json(200, { message: 'Check your inbox.', emailSent: true })),
    );
    await page.clock.pauseAt(Date.now() + 60_000);
    await dialog.getByRole('button', { name: 'Create Account' }).click();
    await expect(dialog.getByTestId('signup-success')).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await page.clock.runFor(2900);
    await expect(dialog).toBeVisible();
    await page.clock.runFor(200);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast')).toHaveCount(0);
  });

  for (const [emailSent, title, duration] of [[false, 'Account Created!', 8000]] as const) {
    test(`sign-up success with emailSent ${emailSent}: the "${title}" toast stays ${duration / 1000} s, the dialog closes after 3 s`, async ({ page }) => {
      await page.clock.install();
      await gotoHydrated(page, '/');
      const dialog = await fillSignUp(page);
      await page.route(
        '**/api/signup',
        (route) => route.fulfill(json(200, { message: 'Check your inbox.', emailSent })),
      );
      // Time stands still from here on, except when the test moves it.
      await page.clock.pauseAt(Date.now() + 60_000);
      await dialog.getByRole('button', { name: 'Create Account' }).click();
      await expect(dialog.getByTestId('signup-success')).toBeVisible();
      const toast = page.getByTestId('toast');
      await expect(toast).toContainText(title);
      await page.clock.runFor(2900);
      await expect(dialog).toBeVisible();
      await page.clock.runFor(200);
      await expect(dialog).toBeHidden();
      await page.clock.runFor(duration - 3200);
      await expect(toast).toContainText(title);
      await page.clock.runFor(200);
      await expect(toast).toBeHidden();
    });
  }

  test('sign-in and forgot password: in-flight labels and fallback texts', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('link', { name: 'Log In' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome back' });
    await login.getByLabel('Email').fill('someone@example.com');
    await login.getByLabel('Password', { exact: true }).fill('whatever-password');
    const slow = held(page, '**/api/login-email', { status: 500, body: {} });
    await slow.ready;
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(login.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
    slow.release();
    await expect(login.getByRole('alert')).toHaveText('Login failed. Please check your credentials.');

    await page.getByRole('link', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Reset Your Password' });
    await forgot.getByLabel('Email').fill('someone@example.com');
    const slowForgot = held(page, '**/api/forgot-password', { status: 500, body: {} });
    await slowForgot.ready;
    await forgot.getByRole('button', { name: 'Send Reset Instructions' }).click();
    await expect(forgot.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    slowForgot.release();
    await expect(forgot.getByRole('alert')).toHaveText('Failed to send reset email');
  });

  test('e-mail confirmation and simple verification: each failure text', async ({ page }) => {
    await page.route('**/api/verify-email*', (route) => route.fulfill(json(500, {})));
    await page.goto('/email-confirm?token=abc');
    await expect(page.getByRole('alert')).toHaveText('Account setup failed. Please contact support.');
    await page.unroute('**/api/verify-email*');

    await page.route('**/api/verify-email*', (route) => route.abort('internetdisconnected'));
    await page.goto('/email-confirm#token=abc');
    await expect(page.getByRole('alert')).toHaveText('Something went wrong. Please try again.');
    await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    await page.unroute('**/api/verify-email*');

    // The real server refuses an unknown token with its own message.
    await page.goto('/email-confirm?token=not-a-real-token');
    await expect(page.getByRole('alert')).toHaveText('Failed to verify email. Please try signing up again.');
    await page.goto('/verify-email-simple?token=not-a-real-token');
    await expect(page.getByRole('heading', { name: 'Verification Failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(/^Email verification failed: .+/);

    const slow = held(page, '**/api/verify-email*', { status: 400, body: {} });
    await slow.ready;
    await page.goto('/verify-email-simple?token=abc');
    await expect(page.getByRole('heading', { name: 'Verifying Email' })).toBeVisible();
    slow.release();
    await expect(page.getByRole('alert')).toHaveText('Email verification failed');
  });

  test('/auth-callback: Processing authentication..., the 2 s redirect, and each failure text', async ({ page }) => {
    await page.goto('/auth-callback');
    await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('No user session found');
    await expect(page.getByRole('link', { name: 'Return to Login' })).toHaveAttribute('href', '/');

    await page.goto('/auth-callback?error=access_denied');
    await expect(page.getByRole('alert')).toHaveText('Authentication failed');

    await page.route('**/api/auth/google/callback', (route) => route.fulfill(json(502, {})));
    await page.goto('/auth-callback?code=c&state=s');
    await expect(page.getByRole('alert')).toHaveText('Failed to complete authentication');
    await page.unroute('**/api/auth/google/callback');

    await page.route(
      '**/api/auth/google/callback',
      (route) => route.fulfill(json(400, { message: 'Your sign-in session expired. Please try again.' })),
    );
    await page.goto('/auth-callback?code=c&state=s');
    await expect(page.getByRole('alert')).toHaveText('Your sign-in session expired. Please try again.');
    await page.unroute('**/api/auth/google/callback');

    await page.clock.install();
    await page.route('**/api/auth/google/callback', (route) => route.fulfill(json(200, { redirectTo: '/dashboard' })));
    await page.clock.pauseAt(Date.now() + 60_000);
    await page.goto('/auth-callback?code=c&state=s');
    await expect(page.getByRole('heading', { name: 'Processing authentication...' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Signed in. Taking you onward…');
    await page.clock.runFor(1900);
    expect(new URL(page.url()).pathname).toBe('/auth-callback');
    await page.clock.runFor(200);
    await page.waitForURL((u) => u.pathname !== '/auth-callback');
  });

  test('reset and set password: fallback and network texts', async ({ page }) => {
    await page.route('**/api/validate-reset-token*', (route) => route.abort('internetdisconnected'));
    await page.goto('/reset-password?token=abc');
    await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
    await expect(page.getByText('Failed to validate reset token')).toBeVisible();
    await page.unroute('**/api/validate-reset-token*');

    await page.route('**/api/validate-reset-token*', (route) => route.fulfill(json(200, { valid: true })));
    await page.goto('/reset-password?token=abc');
    await page.getByLabel('New password', { exact: true }).fill('Brand-New-Pass-77!');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Brand-New-Pass-77!');
    await page.route('**/api/reset-password', (route) => route.fulfill(json(500, {})));
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to reset password');
    await page.unroute('**/api/reset-password');
    await page.route('**/api/reset-password', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Network error. Please try again.');

    // A learner with a password changes it, so the form asks for the current one.
    const learner = await signedInLearner(page);
    await gotoHydrated(page, '/set-password');
    await page.getByLabel('Current password', { exact: true }).fill(learner.password);
    await page.getByLabel('New password', { exact: true }).fill('Abcdefgh7-x');
    await page.getByLabel('Confirm password', { exact: true }).fill('Abcdefgh7-x');
    await page.route('**/api/auth/set-password', (route) => route.fulfill(json(500, {})));
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Failed to set password');
    await page.unroute('**/api/auth/set-password');
    await page.route('**/api/auth/set-password', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Connection failed. Please try again.');
  });
});
