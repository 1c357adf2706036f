// The security review's browser-side rules: a verification link signs nobody in unawares, and an
// owner who opens it in another browser is never locked out.
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  linkFrom,
  PASSWORD,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';

test.describe('verification links', () => {
  test('the phone case: opened in a second browser and closed, the owner is never locked out; the sign-up password then confirms', async ({ page, browser }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('phone');
    // The first browser signs up with the form (it gets the sign-up cookie).
    await gotoHydrated(page, '/login?mode=signup');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('First name').fill('Pat');
    await page.getByLabel('Last name').fill('Phone');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    const mail = await waitForMail(email, /Confirm/);
    expect(mail.text).not.toContain('Pat');
    const link = linkFrom(mail, '/verify-email');

    // The mail app opens the link in its own browser: it shows the address and asks; nothing changes.
    const mailApp = await browser.newContext({ baseURL: process.env.BASE_URL });
    try {
      const inMailApp = await mailApp.newPage();
      await inMailApp.goto(link);
      await expect(inMailApp.getByTestId('confirming-email')).toHaveText(email);
      await expect(inMailApp.getByLabel('Password you chose at sign-up', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(inMailApp);
      expect((await inMailApp.request.get('/api/auth/user')).status()).toBe(401);
    } finally {
      await mailApp.close(); // whoever closes that screen has lost nothing
    }

    // Back in the first browser: the sign-up password is still recognised (the form asks for the
    // e-mail link, not "Invalid email or password") and resending is offered.
    await gotoHydrated(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('click the verification link');
    await expect(page.getByRole('button', { name: 'Resend verification email' })).toBeVisible();

    // A second browser again, with the same link, typing the sign-up password: confirmed, signed in.
    const other = await browser.newContext({ baseURL: process.env.BASE_URL });
    try {
      const p = await other.newPage();
      await p.goto(link);
      await p.getByLabel('Password you chose at sign-up', { exact: true }).fill('Not-The-Password-1');
      await p.getByRole('button', { name: 'Confirm my email address' }).click();
      await expect(p.getByRole('alert')).toContainText('not the password chosen at sign-up');
      await p.getByLabel('Password you chose at sign-up', { exact: true }).fill(PASSWORD);
      await p.getByRole('button', { name: 'Confirm my email address' }).click();
      await expect(p.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
      await p.waitForURL('**/assessment');
    } finally {
      await other.close();
    }
    const headers = { origin: process.env.BASE_URL!, 'x-forwarded-for': '10.61.4.1' };
    expect((await page.request.post('/api/login-email', { headers, data: { email, password: PASSWORD } })).status())
      .toBe(200);
  });

  test("I didn't sign up here: a squatter's password is dropped when the owner chooses a new one", async ({ page, browser }) => {
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

    await page.goto(linkFrom(mail, '/verify-email'));
    await expect(page.getByTestId('confirming-email')).toHaveText(email);
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
    await page.getByRole('button', { name: "I didn't sign up here, or I forgot the password" }).click();
    // Issue 50 (F2): the owner gives their own name; nothing the squatter typed stays.
    await page.getByLabel('First name', { exact: true }).fill('Olivia');
    await page.getByLabel('Last name', { exact: true }).fill('Moss');
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set password and confirm' }).click();
    await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters long');
    await page.getByLabel('New password', { exact: true }).fill('Owners-Choice-26');
    await page.getByLabel('Confirm new password', { exact: true }).fill('Owners-Choice-26');
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Set password and confirm' }).click();
    await expect(page.getByRole('heading', { name: 'Email Verified' })).toBeVisible();
    await page.waitForURL('**/assessment');
    const me = await (await page.request.get('/api/auth/user')).json();
    expect([me.firstName, me.lastName, me.phoneNumber]).toEqual(['Olivia', 'Moss', '']);

    const headers = { origin: process.env.BASE_URL!, 'x-forwarded-for': '10.61.1.2' };
    expect((await page.request.post('/api/login-email', { headers, data: { email, password: PASSWORD } })).status())
      .toBe(401);
    expect(
      (await page.request.post('/api/login-email', { headers, data: { email, password: 'Owners-Choice-26' } }))
        .status(),
    ).toBe(200);
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
    expect((await page.request.post('/api/login-email', { headers, data: { email, password: PASSWORD } })).status())
      .toBe(200);
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
