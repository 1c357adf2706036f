// The security review's browser-side rules: a verification link signs nobody in unawares, and an
// address verified away from the signing-up browser gets its own password.
import { test, expect, expectNoSeriousA11yViolations, waitForMail, linkFrom, uniqueEmail, PASSWORD } from './fixtures.ts';

test.describe('verification links', () => {
  test('opened in another browser: the page asks first, then the owner chooses a password; the sign-up password is gone', async ({ page, browser }) => {
    const email = uniqueEmail('squat');
    const squatter = await browser.newContext({ baseURL: process.env.BASE_URL });
    try {
      const signup = await squatter.request.post('/api/signup', {
        headers: { origin: process.env.BASE_URL!, 'x-forwarded-for': '10.61.1.1' },
        data: { email, password: PASSWORD, firstName: 'Sam', lastName: 'Quatter', phoneNumber: '+15551234567' },
      });
      expect(signup.status()).toBe(200);
    } finally {
      await squatter.close();
    }
    const mail = await waitForMail(email, /Confirm/);

    // The owner's browser never signed up: nothing happens until they confirm.
    await page.goto(linkFrom(mail, '/verify-email'));
    const confirm = page.getByRole('button', { name: 'Confirm my email address' });
    await expect(confirm).toBeVisible();
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await expectNoSeriousA11yViolations(page);
    await confirm.click();
    await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
    await page.waitForURL('**/set-password?reason=verified-elsewhere');
    await expect(page.getByText('opened on a different device or browser')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Password', { exact: true }).fill('Owners-Choice-26');
    await page.getByLabel('Confirm password', { exact: true }).fill('Owners-Choice-26');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.waitForURL('**/assessment');

    const headers = { origin: process.env.BASE_URL!, 'x-forwarded-for': '10.61.1.2' };
    expect((await page.request.post('/api/login-email', { headers, data: { email, password: PASSWORD } })).status()).toBe(401);
    expect((await page.request.post('/api/login-email', { headers, data: { email, password: 'Owners-Choice-26' } })).status()).toBe(200);
  });

  test('opened in the browser that signed up: verified and signed in in one step, the sign-up password kept', async ({ page }) => {
    const email = uniqueEmail('own');
    const signup = await page.request.post('/api/signup', {
      headers: { origin: process.env.BASE_URL!, 'x-forwarded-for': '10.61.2.1' },
      data: { email, password: PASSWORD, firstName: 'Owen', lastName: 'Own', phoneNumber: '+15551234567' },
    });
    expect(signup.status()).toBe(200);
    await page.goto(linkFrom(await waitForMail(email, /Confirm/), '/verify-email'));
    await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
    await page.waitForURL('**/assessment');
    const headers = { origin: process.env.BASE_URL!, 'x-forwarded-for': '10.61.2.2' };
    expect((await page.request.post('/api/login-email', { headers, data: { email, password: PASSWORD } })).status()).toBe(200);
  });

  test('changing a password asks for the current one', async ({ page }) => {
    const email = uniqueEmail('change');
    await page.request.post('/api/signup', {
      headers: { origin: process.env.BASE_URL!, 'x-forwarded-for': '10.61.3.1' },
      data: { email, password: PASSWORD, firstName: 'Cy', lastName: 'Change', phoneNumber: '+15551234567' },
    });
    await page.goto(linkFrom(await waitForMail(email, /Confirm/), '/verify-email'));
    await page.waitForURL('**/assessment');
    await page.goto('/set-password');
    await expect(page.getByRole('heading', { name: 'Change your password' })).toBeVisible();
    await page.getByLabel('Current password', { exact: true }).fill('Not-The-Right-1');
    await page.getByLabel('New password', { exact: true }).fill('Next-Password-26');
    await page.getByLabel('Confirm password', { exact: true }).fill('Next-Password-26');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your current password is not right.');
    await page.getByLabel('Current password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.waitForURL('**/assessment');
  });
});
