// The landing dialogs' switch links, sign-out clearing what the browser holds, and the Google
// button shown only when Google sign-in is configured.
import { expect, gotoHydrated, signedInLearner, test, useOwnServer } from './fixtures.ts';

test.describe('auth dialogs and sign-out', () => {
  test('the dialogs switch between sign-in and sign-up', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('link', { name: 'Log In' }).click();
    const login = page.getByRole('dialog', { name: 'Welcome back' });
    await expect(login.getByText('Sign in to continue your financial journey')).toBeVisible();
    await login.getByRole('link', { name: 'Create an account' }).click();
    const signup = page.getByRole('dialog', { name: 'Create Your Account' });
    await expect(signup).toBeVisible();
    await expect(login).toBeHidden();
    await signup.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible();
  });

  test('without Google configured there is no Google button', async ({ page }) => {
    await gotoHydrated(page, '/');
    const providers = page.waitForResponse('**/api/auth/providers');
    await page.getByRole('link', { name: 'Log In' }).click();
    expect(await (await providers).json()).toEqual({ google: false, passkeys: true });
    const login = page.getByRole('dialog', { name: 'Welcome back' });
    await expect(login.getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(login.getByRole('link', { name: 'Continue with Google' })).toHaveCount(0);
  });

  test('Sign Out ends the session, clears local and session storage, and shows the landing page', async ({ page }) => {
    await signedInLearner(page);
    await gotoHydrated(page, '/dashboard');
    await page.evaluate(() => {
      localStorage.setItem('leftover', '1');
      sessionStorage.setItem('leftover', '1');
    });
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    await expect(page.getByRole('link', { name: 'Get Your Wealth Snapshot' })).toBeVisible();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });

  test('Sign Out works before any script has run: it is a form post', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: process.env.BASE_URL, javaScriptEnabled: false });
    const page = await context.newPage();
    await signedInLearner(page);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Sign Out' }).first().click();
    await page.waitForURL((u) => u.pathname === '/');
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await context.close();
  });
});

test.describe('with Google sign-in configured', () => {
  useOwnServer({ GOOGLE_CLIENT_ID: 'client-id', GOOGLE_CLIENT_SECRET: 'client-secret' });

  test('the sign-in dialog offers Continue with Google, which starts at our own endpoint', async ({ page }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('link', { name: 'Log In' }).click();
    const google = page.getByRole('dialog', { name: 'Welcome back' }).getByRole('link', {
      name: 'Continue with Google',
    });
    await expect(google).toBeVisible();
    await expect(google).toHaveAttribute('href', '/api/auth/google');
  });
});
