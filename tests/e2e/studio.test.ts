// The authoring studio in a browser (issue 43), on a laptop and a 390 px phone: an author drafts a
// change (the content rules' warnings follow the typing), a learner keeps the published lesson
// until an admin publishes the draft, and an older version comes back through "Restore as draft".
import type { Browser, Locator } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  lessonAt,
  type Page,
  signedInLearner,
  test,
  uniqueEmail,
  useOwnServer,
  waitForHydration,
} from './fixtures.ts';

const authorOf = (run: string) => `studio.author.${run}@example.com`;
const adminOf = (run: string) => `studio.admin.${run}@example.com`;
useOwnServer({
  ADMIN_EMAILS: `${adminOf('laptop')},${adminOf('phone')}`,
  AUTHOR_EMAILS: `${authorOf('laptop')},${authorOf('phone')}`,
});

async function signedIn(browser: Browser, email: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport, baseURL: process.env.BASE_URL })).newPage();
  await signedInLearner(page, { email });
  return page;
}

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
}

/** How many lines an element's text takes on screen. */
function linesOf(locator: Locator): Promise<number> {
  return locator.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });
}

/** The top navigation marks Studio as the current page, never Admin. */
async function studioHighlighted(page: Page) {
  await expect(page.locator('header a[href="/studio"][aria-current="page"]')).not.toHaveCount(0);
  await expect(page.locator('header a[href="/admin/lessons"][aria-current="page"]')).toHaveCount(0);
}

const runs = [
  { name: 'laptop', viewport: { width: 1280, height: 900 }, pillar: 'saving', shots: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, pillar: 'credit', shots: false },
];

for (const run of runs) {
  test(`${run.name}: an author drafts, an admin publishes, the learner sees it only then; an older version is restored`, async ({ browser }) => {
    test.setTimeout(180_000); // three people, two axe runs and screenshots, on a busy machine
    const lesson = lessonAt(run.pillar, 'beginner', 1);
    const learner = await signedIn(browser, uniqueEmail(), run.viewport);
    const lessonId = ((await (await learner.request.get(`/api/lessons/all/${run.pillar}`)).json()) as Array<
      { id: number; slug: string }
    >)
      .find((l) => l.slug === lesson.slug)!.id;
    await learner.goto(`/lesson/${lessonId}`);
    const original = (await learner.getByRole('heading', { level: 1 }).textContent())!.trim();

    // The author opens the lesson as a draft; the warnings follow the typing.
    const author = await signedIn(browser, authorOf(run.name), run.viewport);
    await gotoHydrated(author, '/studio');
    await studioHighlighted(author);
    if (run.shots) await author.screenshot({ path: 'docs/screenshot-studio-list.png' });
    await noSidewaysScroll(author);
    await author.getByRole('button', { name: `Edit as draft: ${original}` }).click();
    await author.waitForURL(/\/studio\/drafts\/\d+$/);
    // Typing before the editor's island hydrates would be lost.
    await waitForHydration(author);
    await expect(author.getByTestId('draft-warnings')).toContainText('No problems');
    const duration = author.getByLabel('Duration (minutes)');
    const minutes = await duration.inputValue();
    await duration.fill('1');
    await expect(author.getByTestId('draft-warnings')).toContainText('duration');
    if (run.shots) await author.screenshot({ path: 'docs/screenshot-studio-editor-warnings.png', fullPage: false });
    await duration.fill(minutes);
    await expect(author.getByTestId('draft-warnings')).toContainText('No problems');
    const newTitle = `${original} (${run.name} draft)`;
    await author.getByLabel('Title', { exact: true }).fill(newTitle);
    await author.getByRole('button', { name: 'Save draft' }).click();
    await expect(author.getByText('Draft saved').first()).toBeVisible();
    await expectNoSeriousA11yViolations(author);
    await noSidewaysScroll(author);
    // An author cannot publish: no Publish box.
    await expect(author.getByRole('button', { name: 'Publish the saved draft' })).toHaveCount(0);
    const draftUrl = author.url();
    await studioHighlighted(author);

    // The author follows the statistics' link into lesson management: pointed to the Studio, as an author.
    await gotoHydrated(author, `/studio/stats/${lessonId}`);
    await studioHighlighted(author);
    await author.locator('a.question-link').first().click();
    await author.waitForURL(/\/admin\/lessons\?edit=/);
    await expect(author.getByText('Lesson management is for admins. As an author')).toBeVisible();
    await expect(author.getByText('Only content authors can manage lessons')).toHaveCount(0);
    await expect(author.getByRole('link', { name: 'Go to the Studio' })).toHaveAttribute('href', '/studio');

    // The learner still reads the published lesson.
    await learner.reload();
    await expect(learner.getByRole('heading', { level: 1 })).toHaveText(original);

    // The admin publishes with a note; the learner sees the new version.
    const admin = await signedIn(browser, adminOf(run.name), run.viewport);
    await gotoHydrated(admin, new URL(draftUrl).pathname);
    await studioHighlighted(admin);
    // The publish form: its label over its input, the input at least 44 px tall, the heading on one line.
    const publishBox = admin.locator('.publish-box');
    // Both measured at once: the editor's focus may still scroll the page between two calls.
    const [label, input] = await publishBox.evaluate((box) =>
      ['label[for="publish-note"]', '#publish-note'].map((css) => {
        const r = box.querySelector(css)!.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height };
      })
    );
    expect(Math.abs(label.x - input.x), 'label and input start at the same x').toBeLessThanOrEqual(1);
    expect(label.y + label.height, 'the label sits above its input').toBeLessThanOrEqual(input.y + 1);
    expect(input.height).toBeGreaterThanOrEqual(44);
    expect(await linesOf(publishBox.getByRole('heading', { name: 'Publish' }))).toBe(1);
    await admin.getByLabel('Note for the history (what changed)').fill(`Clearer title (${run.name})`);
    await admin.getByRole('button', { name: 'Publish the saved draft' }).click();
    await admin.waitForURL(/\/studio\?done=published/);
    await learner.reload();
    await expect(learner.getByRole('heading', { level: 1 })).toHaveText(newTitle);

    // History: the diff of the two versions, then "Restore as draft" of the older one.
    await gotoHydrated(admin, `/studio/lessons/${lessonId}/history`);
    await expect(admin.getByTestId('version-diff')).toContainText(newTitle);
    await studioHighlighted(admin);
    // Who made each version: the admin who published the draft; the first came from the curriculum files.
    const versionRows = admin.getByTestId('version-list').locator('tbody tr');
    await expect(versionRows.first().getByTestId('version-by')).toHaveText('Casey Learner');
    await expect(versionRows.nth(1).getByTestId('version-by')).toHaveText('the curriculum files');
    const older = (await versionRows.nth(1).locator('td').first().textContent())!.trim();
    for (const header of await admin.getByTestId('version-list').locator('th:not(:has(.sr-only))').all()) {
      expect(await linesOf(header), `"${await header.textContent()}" on one line`).toBeLessThanOrEqual(1);
    }
    await expectNoSeriousA11yViolations(admin);
    if (run.shots) await admin.screenshot({ path: 'docs/screenshot-studio-diff.png', fullPage: true });
    await admin.getByRole('button', { name: /^Restore as draft/ }).first().click();
    await admin.waitForURL(/\/studio\/drafts\/\d+$/);
    await expect(admin.getByLabel('Title', { exact: true })).toHaveValue(original);
    // The restored draft says the version it is based on: the one restored, not the live one.
    await expect(admin.getByText(`Based on version ${older} (restored from the history)`)).toBeVisible();
    await learner.reload();
    await expect(learner.getByRole('heading', { level: 1 })).toHaveText(newTitle);
    await admin.getByLabel('Note for the history (what changed)').fill('Back to the first title');
    await admin.getByRole('button', { name: 'Publish the saved draft' }).click();
    await admin.waitForURL(/\/studio\?done=published/);
    await learner.reload();
    await expect(learner.getByRole('heading', { level: 1 })).toHaveText(original);
  });
}
