// Learners' reports (issue 43), on a laptop and a 390 px phone: a learner reports a step and then a
// question after its feedback, an admin answers in the studio inbox (reply, fixed), and the learner
// reads the reply on the dashboard and dismisses it. Axe on the dialog and the inbox; nothing
// scrolls sideways. A server of its own (admin e-mails).
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  lessonAt,
  lessonIdOf,
  lessonsIn,
  type Page,
  signedInLearner,
  test,
  useOwnServer,
} from './fixtures.ts';
import { problemsOn } from './phone-sweep.ts';

const SIZES = [
  { name: 'laptop', viewport: { width: 1280, height: 800 }, admin: 'reports.laptop@example.com' },
  { name: 'phone', viewport: { width: 390, height: 844 }, admin: 'reports.phone@example.com' },
];

const REVIEW_ADMIN = 'reports.review@example.com';

useOwnServer({ ADMIN_EMAILS: [...SIZES.map((s) => s.admin), REVIEW_ADMIN].join(',') });

async function noSidewaysScroll(page: Page): Promise<void> {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(wide, 'nothing scrolls sideways').toBe(false);
}

for (const size of SIZES) {
  test.describe(`reports on a ${size.name}`, () => {
    test.use({ viewport: size.viewport });

    test(`${size.name}: a learner reports a question after its feedback; the admin replies and marks it fixed; the learner reads the reply`, async ({ page, browser }) => {
      test.setTimeout(120_000);
      await signedInLearner(page, { firstName: 'Robin' });
      const lesson = lessonsIn('saving', 'beginner')[0];
      const lessonId = await lessonIdOf(page, 'saving', lesson.slug);
      await gotoHydrated(page, `/lesson/${lessonId}`);

      // At the end of the first step.
      const stepButton = page.getByRole('button', { name: 'Report a problem with step 1' });
      await expect(stepButton).toBeEnabled({ timeout: 20_000 });
      await stepButton.click();
      let dialog = page.getByRole('dialog', { name: 'Report a problem' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('what is wrong with this step of the lesson')).toBeVisible();
      await dialog.getByRole('radio', { name: 'A typo or a broken sentence' }).check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(page.getByTestId('report-sent')).toBeFocused();
      await page.getByRole('button', { name: 'Close', exact: true }).click();
      await expect(stepButton).toBeFocused();

      // After the first question's feedback.
      await page.getByRole('link', { name: 'Skip to quiz' }).click();
      // The quiz opens its first question as the skip lands: choose once it holds the choice.
      await expect(async () => {
        await page.getByRole('radio').first().check({ timeout: 2_000 });
      }).toPass({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Check answer' }).click();
      const feedback = page.getByTestId('quiz-feedback');
      await expect(feedback).toBeVisible();
      const report = feedback.getByRole('button', { name: 'Report a problem' });
      await report.click();
      dialog = page.getByRole('dialog', { name: 'Report a problem' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('what is wrong with this question')).toBeVisible();
      await expect(dialog.getByRole('radio').first()).toBeFocused();
      // Sending without a reason says what is missing, and sends nothing.
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(dialog.getByText('Choose what is wrong')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await noSidewaysScroll(page);
      await dialog.getByRole('radio', { name: 'The answer marked correct is wrong' }).check();
      const note = `Two options look right to me <script>alert(1)</script> (${size.name})`;
      await dialog.getByLabel('Anything to add? (optional)').fill(note);
      await expect(dialog.getByText(`${note.length} of 1,000 characters`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(page.getByTestId('report-sent')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(report).toBeFocused();

      // The admin answers in the studio inbox, reached from the lesson management screen.
      const adminContext = await browser.newContext({ viewport: size.viewport });
      const admin = await adminContext.newPage();
      try {
        await signedInLearner(admin, { email: size.admin });
        await gotoHydrated(admin, '/admin/lessons');
        await admin.getByRole('link', { name: "Learners' reports" }).click();
        await expect(admin.getByRole('heading', { name: "Learners' reports", level: 1 })).toBeVisible();
        await expect(admin.getByRole('heading', { name: lesson.title })).toBeVisible();
        const item = admin.getByTestId('inbox-report').filter({ hasText: note });
        await expect(item).toBeVisible();
        await expect(item.getByText(note)).toBeVisible(); // the note shows as the text typed
        await expect(item.getByText('The answer marked correct is wrong')).toBeVisible();
        await expectNoSeriousA11yViolations(admin);
        await noSidewaysScroll(admin);
        if (size.name === 'phone') expect(await problemsOn(admin, '/studio/reports')).toEqual([]);
        if (size.name === 'laptop') await admin.screenshot({ path: 'docs/studio-inbox.png', fullPage: true });

        const reply = `Thank you, ${size.name}: the second option is now worded differently.`;
        await item.getByLabel('Reply to the learner').fill(reply);
        await item.getByLabel('Status').selectOption('fixed');
        await expect(item.getByLabel('Fixed in version')).toHaveValue(/^\d+$/);
        await item.getByRole('button', { name: 'Save' }).click();
        // Marked fixed, it leaves the "Open" list at once (issue 54), and the page says where it went.
        await expect(admin.getByTestId('inbox-moved')).toHaveText(/now fixed: it moved to that list/);
        await expect(admin.getByTestId('inbox-report').filter({ hasText: note })).toHaveCount(0);

        // The filters: it left "Open" and is under "Fixed".
        await admin.getByRole('link', { name: /^Fixed \(/ }).click();
        await expect(admin.getByTestId('inbox-report').filter({ hasText: note })).toBeVisible();
        await expect(admin.getByRole('link', { name: /^Fixed \(/ })).toHaveAttribute('aria-current', 'page');

        // The learner reads the reply on the dashboard and dismisses it.
        await gotoHydrated(page, '/dashboard');
        const card = page.getByTestId('report-replies');
        await expect(card.getByRole('heading', { name: 'Replies to your reports' })).toBeVisible();
        await expect(card.getByText(reply)).toBeVisible();
        await expect(card.getByText('Fixed', { exact: true })).toBeVisible();
        await noSidewaysScroll(page);
        await card.getByRole('button', { name: 'Dismiss' }).click();
        await expect(page.getByText('Replies dismissed.')).toBeFocused();
        await gotoHydrated(page, '/dashboard');
        await expect(page.getByTestId('report-replies')).toHaveCount(0);
      } finally {
        await adminContext.close();
      }
    });
  });
}

test.describe('reports from review and practice', () => {
  test.use({ viewport: SIZES[0].viewport });

  test('"Report a problem" follows the feedback in practice and in review, and names the question answered', async ({ page, browser }) => {
    test.setTimeout(120_000);
    const { headers } = await signedInLearner(page);
    const lesson = lessonAt('saving', 'beginner', 1);
    const id = await lessonIdOf(page, 'saving', lesson.slug);
    // A fail (every question missed, so each is in review from tomorrow), then a pass.
    for (const answers of [lesson.correctAnswers.map((a) => (a + 1) % 4), lesson.correctAnswers]) {
      const res = await page.request.post(`/api/lesson/${id}/complete`, {
        headers,
        data: {
          attemptId: crypto.randomUUID(),
          quizResponses: answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
        },
      });
      expect(res.status()).toBe(201);
    }
    const tag = crypto.randomUUID().slice(0, 8);
    const reportAfterFeedback = async (feedback: string, reason: string, note: string) => {
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Check answer' }).click();
      await expect(page.getByTestId(feedback)).toBeVisible();
      await page.getByRole('button', { name: 'Report a problem' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report a problem' });
      await dialog.getByRole('radio', { name: reason }).check();
      await dialog.getByLabel('Anything to add? (optional)').fill(note);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect(page.getByTestId('report-sent')).toBeVisible();
      await page.getByRole('button', { name: 'Close', exact: true }).click();
    };

    // Practice: nothing is due today.
    await gotoHydrated(page, '/review');
    await page.getByRole('button', { name: 'Practise now' }).click();
    await reportAfterFeedback('practice-feedback', 'Unclear or confusing', `practice ${tag}`);

    // Review: two days on, the missed questions are due.
    const at = { 'x-test-now': new Date(Date.now() + 2 * 24 * 3600_000).toISOString() };
    const due = (await (await page.request.get('/api/review', { headers: at })).json()) as {
      due: Array<{ questionId: number }>;
    };
    await page.setExtraHTTPHeaders(at);
    await gotoHydrated(page, '/review');
    await reportAfterFeedback('review-feedback', 'Out of date (a figure, a rule, a link)', `review ${tag}`);

    const adminContext = await browser.newContext();
    try {
      const admin = await adminContext.newPage();
      await signedInLearner(admin, { email: REVIEW_ADMIN });
      const inbox = (await (await admin.request.get('/api/studio/reports?status=all')).json()) as {
        lessons: Array<{ lessonId: number; reports: Array<{ questionId: number; reason: string; note: string }> }>;
      };
      const mine = inbox.lessons.flatMap((l) => l.reports.map((r) => ({ lessonId: l.lessonId, ...r })))
        .filter((r) => r.note.endsWith(tag));
      const review = mine.find((r) => r.note.startsWith('review'))!;
      const practice = mine.find((r) => r.note.startsWith('practice'))!;
      expect([review.lessonId, review.reason, review.questionId]).toEqual([id, 'outdated', due.due[0].questionId]);
      expect([practice.reason, practice.questionId > 0]).toEqual(['unclear', true]);
    } finally {
      await adminContext.close();
    }
  });
});
