// A new lesson from nothing (issue 54), on a laptop and a 390 px phone: an author fills only what the
// studio's editor shows (two objectives, three sections, three questions, a source and the review
// date are there from the start; each problem reads as an author would write it beside its field),
// sees the sections and the quiz in the live preview, and saves; an admin publishes it; a learner
// opens it at an address made from its title.
import type { Browser } from '@playwright/test';
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  type Page,
  signedInLearner,
  test,
  uniqueEmail,
  useOwnServer,
} from './fixtures.ts';

const authorOf = (run: string) => `new.author.${run}@example.com`;
const adminOf = (run: string) => `new.admin.${run}@example.com`;
useOwnServer({
  ADMIN_EMAILS: `${adminOf('laptop')},${adminOf('phone')}`,
  AUTHOR_EMAILS: `${authorOf('laptop')},${authorOf('phone')}`,
});

async function signedIn(browser: Browser, email: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport, baseURL: process.env.BASE_URL })).newPage();
  await signedInLearner(page, { email });
  return page;
}

const SENTENCES = [
  'A rainy day fund is money kept aside for a bill that nobody planned for.',
  'Think of a car repair of $400 or a dentist visit that arrives in the same month as rent.',
  'Without savings, that bill often lands on a credit card and grows with interest.',
  'With savings, the bill is paid and the month goes on as usual.',
  'Start small: $20 from each paycheck adds up to $520 over a year of paydays.',
  'Keep the money in an insured savings account, apart from the account you spend from.',
  'Name the account so you remember what it is for when you see it.',
  'When you use some of it, rebuild it before you save for anything else.',
];
/** About 330 words: three sections make a lesson of about five minutes at 200 words a minute. */
const sectionText = (n: number) =>
  Array.from({ length: 25 }, (_, i) => SENTENCES[(i + n) % SENTENCES.length]).join(' ').split(' ').slice(0, 333)
    .join(' ');

const QUESTIONS = [
  {
    text: "Maria's car needs a $400 repair next week. What does a rainy day fund let her do?",
    options: [
      'Pay the bill from savings without new debt',
      'Put the bill on a card and pay it over many months',
      'Skip the repair until her next raise arrives',
      'Borrow the money from a payday lender today',
    ],
    correct: 0,
    why: 'Savings pay the repair without any interest. A card or a payday loan adds interest to the same bill.',
  },
  {
    text: 'Where is a sensible place to keep a rainy day fund?',
    options: [
      'A stock fund that swings in value each day',
      'An insured savings account',
      'Cash hidden in a kitchen drawer at home',
      "A friend's new business that pays well",
    ],
    correct: 1,
    why:
      'An insured account keeps the money safe and easy to reach. A stock fund can be down just when the bill comes.',
  },
  {
    text: 'Sam saves $20 from each paycheck. What helps the habit stick?',
    options: [
      'Saving whatever is left over at month end',
      'Waiting for a bigger raise to start saving',
      'An automatic transfer on payday',
      'Keeping the money in his wallet for later',
    ],
    correct: 2,
    why: 'A transfer on payday saves before spending starts. Money left for later tends to be spent first.',
  },
];

const runs = [
  { name: 'laptop', viewport: { width: 1280, height: 900 }, order: 41, shots: true },
  { name: 'phone', viewport: { width: 390, height: 844 }, order: 42, shots: false },
];

for (const run of runs) {
  test(`${run.name}: an author writes a new lesson from nothing, an admin publishes it, a learner opens it by its title`, async ({ browser }) => {
    test.setTimeout(360_000);
    const title = `Rainy day money on a ${run.name}`;
    const author = await signedIn(browser, authorOf(run.name), run.viewport);
    const consoleErrors: string[] = [];
    author.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await gotoHydrated(author, '/studio/drafts/new');

    // The editor starts with as many fields as the rules need, and says what is missing in plain words.
    await expect(author.getByLabel(/^Objective \d$/)).toHaveCount(2);
    await expect(author.getByLabel(/^Section \d header$/)).toHaveCount(3);
    await expect(author.getByLabel(/^Question \d text$/)).toHaveCount(3);
    await expect(author.getByLabel('Source 1 address')).toBeVisible();
    await expect(author.getByLabel('Reviewed on')).toBeVisible();
    await author.getByLabel('Objective 1', { exact: true }).fill('Say what a rainy day fund is for');
    await expect(author.getByTestId('issue-learningObjectives')).toHaveText('Add a second learning objective');
    await expect(author.getByTestId('draft-warnings')).not.toContainText('Too small');

    await author.getByLabel('Title', { exact: true }).fill(title);
    await author.getByLabel('Pillar', { exact: true }).selectOption('saving');
    await author.getByLabel('Level', { exact: true }).selectOption('beginner');
    await author.getByLabel('Order', { exact: true }).fill(String(run.order));
    await author.getByLabel('Duration (minutes)').fill('5');
    await author.getByLabel('Objective 2', { exact: true }).fill('Start one with a payday transfer');
    await expect(author.getByTestId('issue-learningObjectives')).toHaveCount(0);
    const headers = ['Why keep a rainy day fund', 'Where to keep it', 'Try this now'];
    for (const [i, header] of headers.entries()) {
      await author.getByLabel(`Section ${i + 1} header`).fill(header);
      await author.getByLabel(`Section ${i + 1} content`).fill(sectionText(i));
    }
    // The author's live preview shows the sections (rendered by the server) and the quiz.
    await expect(author.getByTestId('preview')).toContainText('Where to keep it');
    for (const [i, q] of QUESTIONS.entries()) {
      const card = author.locator(`[data-question="${i + 1}"]`);
      await author.getByLabel(`Question ${i + 1} text`).fill(q.text);
      for (const [k, option] of q.options.entries()) {
        await author.getByLabel(`Question ${i + 1} option ${k + 1}`, { exact: true }).fill(option);
      }
      await card.getByLabel(`Option ${q.correct + 1} is correct`).check();
      await author.getByLabel(`Question ${i + 1} explanation`).fill(q.why);
    }
    await expect(author.getByTestId('preview-quiz')).toContainText(QUESTIONS[2].text);
    await expect(author.getByTestId('issue-sources')).toContainText('Add a source');
    await author.getByLabel('Source 1 title').fill('Building your emergency savings');
    await author.getByLabel('Source 1 publisher').fill('Consumer Financial Protection Bureau');
    await author.getByLabel('Source 1 address').fill('https://www.consumerfinance.gov/start-small-save-up/');
    await expect(author.getByTestId('issue-reviewedAt')).toContainText('Set the review date');
    await author.getByLabel('Reviewed on').fill(new Date().toISOString().slice(0, 10));
    await expect(author.getByTestId('draft-warnings')).toContainText('No problems');
    await expectNoSeriousA11yViolations(author);
    expect(await author.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await author.getByRole('button', { name: 'Save draft' }).click();
    await author.waitForURL(/\/studio\/drafts\/\d+$/);
    await expect(author.getByTestId('draft-warnings')).toContainText('No problems');
    await expect(author.getByLabel('Source 1 address')).toHaveValue(
      'https://www.consumerfinance.gov/start-small-save-up/',
    );
    await expect(author.getByTestId('preview')).toContainText('Try this now');
    expect(consoleErrors, 'no refused preview or other console error').toEqual([]);
    const draftPath = new URL(author.url()).pathname;

    // The admin publishes it as it stands.
    const admin = await signedIn(browser, adminOf(run.name), run.viewport);
    await gotoHydrated(admin, draftPath);
    await expect(admin.getByTestId('draft-warnings')).toContainText('No problems');
    await admin.getByLabel('Note for the history (what changed)').fill('First version');
    if (run.shots) await admin.screenshot({ path: 'docs/screenshot-studio-new-lesson.png' });
    await admin.getByRole('button', { name: 'Publish the saved draft' }).click();
    await admin.waitForURL(/\/studio\?done=published/);

    // A learner finds it at an address made from its title, with no code added.
    const slug = title.toLowerCase().replace(/ /g, '-');
    const learner = await signedIn(browser, uniqueEmail(), run.viewport);
    const opened = await learner.goto(`/learn/${slug}`);
    expect(opened?.status()).toBe(200);
    await expect(learner.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(learner.getByText('Consumer Financial Protection Bureau').first()).toBeVisible();
  });
}
