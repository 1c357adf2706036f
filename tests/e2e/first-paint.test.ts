import { expect, lessonAt, lessonIdOf, signedInLearner, test, waitForHydration } from './fixtures.ts';

// The learner pages paint before they load React (bench/RESULTS.md, Lighthouse LCP): the page's
// one script imports nothing statically (a static import is one more round trip before the
// paint), and it waits in a template until the first contentful paint, so nothing of ours is
// requested before it. A lesson's steps (the step being read) run before the paint from a script
// inlined in the page.
const first = lessonAt('saving', 'beginner', 1);

// The lesson page's path needs its id, looked up once the learner is signed in.
const LESSON = 'lesson';
for (
  const [name, path] of [
    ['dashboard', '/dashboard'],
    ['progress', '/progress'],
    ['review', '/review'],
    ['lessons list', '/lessons?pillar=saving'],
    ['account', '/account'],
    ['lesson', LESSON],
  ] as const
) {
  test(`${name}: its one script has no imports and waits for the first paint, as does all it loads`, async ({ page }) => {
    await signedInLearner(page);
    const url = path === LESSON ? `/lesson/${await lessonIdOf(page, 'saving', first.slug)}` : path;
    const html = await (await page.request.get(url)).text();
    const entries = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    expect(entries).toHaveLength(1);
    const inTemplate = new RegExp(
      `<template data-after-paint[^>]*><script type="module" src="${entries[0]}"></script></template>`,
    ).test(html);
    expect(inTemplate).toBe(true);
    const entry = await (await page.request.get(entries[0])).text();
    expect(entry).not.toMatch(/\bimport\s*[{"'*]|\bfrom\s*["']/);

    await page.goto(url);
    await waitForHydration(page);
    await expect(page.locator('[data-sign-out]')).toBeEnabled();
    const { fcp, modules } = await page.evaluate(() => ({
      fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      modules: performance
        .getEntriesByType('resource')
        .filter((r) => new URL(r.name).pathname.startsWith('/_astro/') && r.name.endsWith('.js'))
        .map((r) => ({ path: new URL(r.name).pathname, start: r.startTime })),
    }));
    expect(fcp).toBeGreaterThan(0);
    // React DOM at least, and the toaster: the page did load its modules.
    expect(modules.length).toBeGreaterThan(2);
    expect(modules.map((m) => m.path)).toContain(entries[0]);
    expect(modules.filter((m) => m.start < fcp!)).toEqual([]);
  });
}

test('a lesson shows the step being read from its own inlined script, before any script file', async ({ page }) => {
  await signedInLearner(page);
  await page.goto(`/lesson/${await lessonIdOf(page, 'saving', first.slug)}`);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.locator('[data-step-label]')).toHaveText(/^Step 2 of \d+$/);
  // No script file of ours arrives now: the step still comes back, so it is set by the page itself.
  const blocked: string[] = [];
  await page.route('**/_astro/*.js', (route) => {
    blocked.push(route.request().url());
    return route.abort();
  });
  await page.reload();
  await expect(page.locator('[data-step-label]')).toHaveText(/^Step 2 of \d+$/);
  await expect(page.locator('.lesson-section[data-step="2"]')).toBeVisible();
  await expect(page.locator('.lesson-section:visible')).toHaveCount(1);
  await expect.poll(() => blocked.length).toBeGreaterThan(0);
});
