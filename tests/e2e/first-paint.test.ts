import { expect, lessonAt, lessonIdOf, signedInLearner, test, waitForHydration } from './fixtures.ts';

// The learner pages paint before they run React (bench/RESULTS.md, Lighthouse LCP): their islands
// hydrate with client:idle (or client:visible), never on load, and the HTML itself names no script
// file: the shell's, the dashboard's and a lesson's steps are inlined by Astro (they import nothing
// another script does). Lighthouse counts a module script fetched before the paint as holding it up.
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
  test(`${name}: no script of ours blocks the first paint, and its islands wait for the browser to be idle`, async ({ page }) => {
    await signedInLearner(page);
    const url = path === LESSON ? `/lesson/${await lessonIdOf(page, 'saving', first.slug)}` : path;
    const html = await (await page.request.get(url)).text();
    const scriptFiles = [...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g)].map((m) => m[1]);
    expect(scriptFiles).toEqual([]);
    for (const island of html.match(/<astro-island\b[^>]*>/g) ?? []) expect(island).toMatch(/ client="(idle|visible)"/);

    await page.goto(url);
    await waitForHydration(page);
    // Sign Out is a form post: it works before any script.
    await expect(page.locator('form[data-sign-out-form][method="post"] [data-sign-out]')).toBeEnabled();
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
