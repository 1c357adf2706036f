import { expect, expectNoSeriousA11yViolations, gotoHydrated, lessonsIn, test } from './fixtures.ts';

test.describe('landing page', () => {
  test('shows the header, the call to action, the sections and the footer columns', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of ['About', 'How it Works', 'Contact']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Log In' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign Up' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Your Wealth Snapshot' })).toBeVisible();
    for (const id of ['about', 'how-it-works', 'contact']) await expect(page.locator(`section#${id}`)).toBeVisible();
    for (const column of ['Learning', 'Company', 'Support']) {
      await expect(page.getByRole('navigation', { name: column })).toBeVisible();
    }
    const text = await page.locator('main').innerText();
    expect(text).toMatch(/3-minute, 12-question assessment/);
    // The true count from the lesson files: "15" when every pillar has as many, else "up to 16".
    const perPillar = ['saving', 'credit', 'investing'].map((p) => lessonsIn(p).length);
    const perPillarText = perPillar.every((n) => n === perPillar[0])
      ? String(perPillar[0])
      : `up to ${Math.max(...perPillar)}`;
    expect(text).toContain(`${perPillarText} free lessons per pillar`);
    expect(text).toMatch(/progress bars/i);
    expect(text).toMatch(/badges/i);
    expect(text).toMatch(/money coach/i);
  });

  test('header links lead to real sections on the page', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'How it Works' }).click();
    await expect(page).toHaveURL(/#how-it-works$/);
    await expect(page.getByRole('heading', { name: 'How it Works', level: 2 })).toBeInViewport();
  });

  test('has the SEO tags: title, description, canonical, Open Graph and JSON-LD', async ({ page, request }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Wealth Coach/);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/^https?:\/\/.+\/$/);
    for (const property of ['og:title', 'og:description', 'og:url', 'og:type', 'og:image']) {
      expect(await page.locator(`meta[property="${property}"]`).getAttribute('content'), property).toBeTruthy();
    }
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    const types = jsonLd['@graph'].map((node: { '@type': string }) => node['@type']);
    expect(types).toEqual(expect.arrayContaining(['Organization', 'Course']));

    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toMatch(/Sitemap: https?:\/\/.+\/sitemap\.xml/);
    const sitemap = await request.get('/sitemap.xml');
    expect(sitemap.status()).toBe(200);
    expect(await sitemap.text()).toMatch(/<loc>https?:\/\/.+\/<\/loc>/);
  });

  test('ships no JavaScript before first paint: the only script is the dialogs island, loaded when idle', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    const html = await page.content();
    expect(html).not.toMatch(/<script[^>]+src=/);
    expect(await page.locator('astro-island').getAttribute('client')).toBe('idle');
    await page.waitForLoadState('networkidle');
    expect(scripts.every((s) => s.startsWith('/_astro/'))).toBe(true);
  });

  test('loads without console errors or Content-Security-Policy violations', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || /Content.Security.Policy/i.test(m.text())) errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await gotoHydrated(page, '/');
    await page.getByRole('link', { name: 'Sign Up' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('an unknown path shows the landing page with status 404', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('link', { name: 'Get Your Wealth Snapshot' })).toBeVisible();
    await expect(page.getByText("We couldn't find that page")).toBeVisible();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  });

  test('the sign-in page may be listed by search engines, under one address; the verification pages may not', async ({ page }) => {
    await page.goto('/login?next=/progress');
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toMatch(/\/login$/);
    await page.goto('/verify-email');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
  });

  test('has no serious accessibility violations and works by keyboard', async ({ page }) => {
    await page.goto('/');
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  });
});
