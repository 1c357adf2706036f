import { test, expect, signedInLearner, waitForHydration, lessonAt, lessonIdOf } from './fixtures.ts';

// The learner pages paint before they load React (bench/RESULTS.md, Lighthouse LCP): the page's
// one script imports nothing statically (a static import is one more round trip before the
// paint), and it waits in a template until the first contentful paint, so nothing of ours is
// requested before it; on a lesson it runs before the paint (the step being read), and what it
// imports is requested after.
const first = lessonAt('saving', 'beginner', 1);

// The lesson page's path needs its id, looked up once the learner is signed in.
const LESSON = 'lesson';
for (const [name, path] of [
  ['dashboard', '/dashboard'],
  ['progress', '/progress'],
  ['review', '/review'],
  ['lessons list', '/lessons?pillar=saving'],
  ['account', '/account'],
  ['lesson', LESSON],
] as const) {
  test(`${name}: its one script has no imports and waits for the first paint, as does all it loads`, async ({ page }) => {
    await signedInLearner(page);
    const url = path === LESSON ? `/lesson/${await lessonIdOf(page, 'saving', first.slug)}` : path;
    const html = await (await page.request.get(url)).text();
    const entries = [...html.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    expect(entries).toHaveLength(1);
    const inTemplate = new RegExp(`<template data-after-paint[^>]*><script type="module" src="${entries[0]}"></script></template>`).test(html);
    expect(inTemplate).toBe(path !== LESSON);
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
    const later = path === LESSON ? modules.filter((m) => m.path !== entries[0]) : modules;
    // React DOM at least, and the toaster: the page did load its modules.
    expect(later.length).toBeGreaterThan(2);
    if (path !== LESSON) expect(later.map((m) => m.path)).toContain(entries[0]);
    expect(later.filter((m) => m.start < fcp!)).toEqual([]);
  });
}
