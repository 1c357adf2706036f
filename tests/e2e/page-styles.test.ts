import { expect, gotoHydrated, lessonAt, lessonIdOf, type Page, signedInLearner, test } from './fixtures.ts';

// Each signed-in page carries the stylesheets of what it renders and no other page's: a shared
// script once put every island's CSS (8-11 KB) into each page. One rule of each stylesheet marks it.
const MARKERS = {
  dashboard: '.dash-header',
  badges: '.badge-list',
  progress: '.chart-box',
  quiz: '.finish-badges',
  choices: '.option-mark',
  modal: '.modal-backdrop',
  toaster: '.toast-close',
  admin: '.admin-table',
  lessonCards: '.lesson-grid',
} as const;
type Sheet = keyof typeof MARKERS;

const LESSON = 'lesson';
const PAGES: [string, string, Sheet[]][] = [
  ['dashboard', '/dashboard', ['dashboard', 'badges', 'toaster']],
  ['progress', '/progress', ['progress', 'badges', 'toaster']],
  ['review', '/review', ['quiz', 'choices', 'modal', 'toaster']], // modal: "Report a problem"
  ['lessons list', '/lessons?pillar=saving', ['lessonCards', 'toaster']],
  ['account', '/account', ['modal', 'toaster']],
  ['lesson', LESSON, ['quiz', 'choices', 'modal', 'toaster']],
];

/** The CSS a page's HTML brings: its inline <style> blocks and the stylesheets it links. */
async function stylesOf(page: Page, html: string): Promise<string> {
  const inline = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  const linked = [...html.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]);
  expect(linked.length + inline.length).toBeGreaterThan(0);
  const files = await Promise.all(linked.map(async (href) => (await page.request.get(href)).text()));
  return [...inline, ...files].join('\n');
}

for (const [name, path, expected] of PAGES) {
  test(`${name}: its stylesheets are its own islands' and no other page's`, async ({ page }) => {
    await signedInLearner(page);
    const url = path === LESSON
      ? `/lesson/${await lessonIdOf(page, 'saving', lessonAt('saving', 'beginner', 1).slug)}`
      : path;
    const response = await page.request.get(url);
    expect(response.status()).toBe(200);
    const css = await stylesOf(page, await response.text());
    const present = (Object.keys(MARKERS) as Sheet[]).filter((sheet) =>
      new RegExp(`${MARKERS[sheet].replace('.', '\\.')}[\\s,{:\\[]`).test(css)
    );
    expect(present.sort()).toEqual([...expected].sort());

    // And they apply: the toast area every signed-in page has sits fixed above the page.
    await gotoHydrated(page, url);
    await expect(page.locator('[data-toaster]')).toHaveCSS('position', 'fixed');
  });
}
