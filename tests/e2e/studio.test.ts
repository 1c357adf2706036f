// The authoring studio in a browser (issue 43), on a laptop and a 390 px phone: an author drafts a
// change (the content rules' warnings follow the typing), a learner keeps the published lesson
// until an admin publishes the draft, and an older version comes back through "Restore as draft".
import type { Browser } from '@playwright/test';
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

const runs = [
  { name: 'laptop', viewport: { width: 1280, height: 900 }, pillar: 'saving', shots: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, pillar: 'credit', shots: false },
];

for (const run of runs) {
  test(`${run.name}: an author drafts, an admin publishes, the learner sees it only then; an older version is restored`, async ({ browser }) => {
    test.setTimeout(120_000);
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
    if (run.shots) await author.screenshot({ path: 'docs/screenshot-studio-list.png' });
    await noSidewaysScroll(author);
    await author.getByRole('button', { name: `Edit as draft: ${original}` }).click();
    await author.waitForURL(/\/studio\/drafts\/\d+$/);
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

    // The learner still reads the published lesson.
    await learner.reload();
    await expect(learner.getByRole('heading', { level: 1 })).toHaveText(original);

    // The admin publishes with a note; the learner sees the new version.
    const admin = await signedIn(browser, adminOf(run.name), run.viewport);
    await gotoHydrated(admin, new URL(draftUrl).pathname);
    await admin.getByLabel('Note for the history (what changed)').fill(`Clearer title (${run.name})`);
    await admin.getByRole('button', { name: 'Publish the saved draft' }).click();
    await admin.waitForURL(/\/studio\?done=published/);
    await learner.reload();
    await expect(learner.getByRole('heading', { level: 1 })).toHaveText(newTitle);

    // History: the diff of the two versions, then "Restore as draft" of the older one.
    await gotoHydrated(admin, `/studio/lessons/${lessonId}/history`);
    await expect(admin.getByTestId('version-diff')).toContainText(newTitle);
    await expectNoSeriousA11yViolations(admin);
    if (run.shots) await admin.screenshot({ path: 'docs/screenshot-studio-diff.png', fullPage: true });
    await admin.getByRole('button', { name: /^Restore as draft/ }).first().click();
    await admin.waitForURL(/\/studio\/drafts\/\d+$/);
    await expect(admin.getByLabel('Title', { exact: true })).toHaveValue(original);
    await learner.reload();
    await expect(learner.getByRole('heading', { level: 1 })).toHaveText(newTitle);
    await admin.getByLabel('Note for the history (what changed)').fill('Back to the first title');
    await admin.getByRole('button', { name: 'Publish the saved draft' }).click();
    await admin.waitForURL(/\/studio\?done=published/);
    await learner.reload();
    await expect(learner.getByRole('heading', { level: 1 })).toHaveText(original);
  });
}
