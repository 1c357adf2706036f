import { test, expect, expectNoSeriousA11yViolations, signedInLearner, correctAnswersOf, useOwnServer, gotoHydrated } from './fixtures.ts';

// Admin edits change what every learner sees: these tests get a server of their own.
useOwnServer({ ADMIN_EMAILS: 'author1@example.com,author2@example.com,author3@example.com' });

test.describe('admin lesson management', () => {
  test('an admin creates a lesson with a quiz, sees it as a learner would, edits it and deletes it', async ({ page }) => {
    test.setTimeout(60_000);
    await signedInLearner(page, { email: 'author1@example.com', firstName: 'Alex' });
    await page.request.post('/api/assessment/submit', { headers: { origin: process.env.BASE_URL! }, data: { savingScore: 10, creditScore: 10, investingScore: 90 } });
    await gotoHydrated(page, '/admin/lessons');
    await expect(page.getByRole('heading', { name: 'Lesson management' })).toBeVisible();
    await expect(page.locator('.admin-table tbody tr')).toHaveCount(30);
    await page.getByLabel('Pillar').selectOption('credit');
    await page.getByLabel('Level').selectOption('beginner');
    await expect(page.locator('.admin-table tbody tr')).toHaveCount(4);
    const firstRow = page.locator('.admin-table tbody tr').first();
    await expect(firstRow).toContainText('1');
    await expect(firstRow).toContainText('min');
    await expect(firstRow).toContainText('%');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'New lesson' }).click();
    await expect(page.getByLabel('Order')).toHaveValue('1');
    await expect(page.getByLabel('Duration (minutes)')).toHaveValue('10');
    await expect(page.getByLabel('Weight (%)')).toHaveValue('16.67');
    await page.getByLabel('Title').fill('Reading the fine print');
    await page.getByLabel('Pillar').selectOption('investing');
    await page.getByLabel('Level').selectOption('advanced');
    await page.getByLabel('Order').fill('4');
    await page.getByLabel('Duration (minutes)').fill('7');
    await page.getByLabel('Weight (%)').fill('5.5');
    await page.getByLabel('Objective 1', { exact: true }).fill('Spot the fees in a fund fact sheet');
    await page.getByLabel('Section 1 header').fill('What to look for');
    await page.getByLabel('Section 1 content').fill('Check the **expense ratio** first.\n- Loads\n- Trading costs');
    await expect(page.getByTestId('preview').locator('strong')).toHaveText('expense ratio');
    await expect(page.getByTestId('preview').locator('li')).toHaveCount(2);
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 1 text').fill('Which cost is charged every year?');
    for (const [k, text] of ['A front-end load', 'The expense ratio', 'A one-time transfer fee', 'A wire fee'].entries()) {
      await page.getByLabel(`Question 1 option ${k + 1}`).fill(text);
    }
    await page.getByLabel('Option 2 is correct').check();
    await page.getByLabel('Question 1 explanation').fill('The expense ratio is charged every year as a share of what you hold.');
    await page.getByRole('button', { name: 'Create lesson' }).click();
    await expect(page.getByTestId('toast')).toContainText('Lesson created successfully');
    await page.getByLabel('Pillar').selectOption('investing');
    await page.getByLabel('Level').selectOption('advanced');
    const row = page.locator('.admin-table tbody tr', { hasText: 'Reading the fine print' });
    await expect(row).toContainText('7 min');
    await expect(row).toContainText('5.5%');
    await expect(row.locator('td').nth(5)).toHaveText('1');
    const id = await row.getAttribute('data-lesson-id');

    // As a learner would see it (investing advanced is open to this account's placement; order 4 follows 3).
    const res = await page.goto(`/lesson/${id}`);
    expect([200, 403]).toContain(res?.status());
    const publicView = await (await page.request.get(`/api/admin/lessons/${id}`)).json();
    expect(publicView.questions[0].correctAnswer).toBe(1);

    await gotoHydrated(page, '/admin/lessons');
    await page.getByLabel('Pillar').selectOption('investing');
    await page.getByRole('button', { name: 'Edit Reading the fine print' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('Reading the fine print');
    await expect(page.getByLabel('Option 2 is correct')).toBeChecked();
    await page.getByLabel('Title').fill('Reading the fine print, revised');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Lesson updated successfully');

    await page.getByLabel('Pillar').selectOption('investing');
    await page.getByRole('button', { name: 'Delete Reading the fine print, revised' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete lesson' });
    await expect(dialog).toContainText('Are you sure you want to delete "Reading the fine print, revised"? This action cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText('Lesson deleted successfully');
    await expect(page.locator('.admin-table tbody tr', { hasText: 'Reading the fine print' })).toHaveCount(0);
  });

  test('every validation message shows beside its field', async ({ page }) => {
    await signedInLearner(page, { email: 'author2@example.com' });
    await gotoHydrated(page, '/admin/lessons');
    await page.getByRole('button', { name: 'New lesson' }).click();
    await page.getByLabel('Order').fill('0');
    await page.getByLabel('Duration (minutes)').fill('0');
    await page.getByLabel('Weight (%)').fill('100.5');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByRole('button', { name: 'Create lesson' }).click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    for (const message of [
      'Title is required',
      'Pillar must be saving, credit or investing',
      'Level must be beginner, intermediate or advanced',
      'Order must be at least 1',
      'Duration must be at least 1',
      'Weight must be from 0 to 100',
      'Section content is required',
      'Question is required',
      'Fill in all four options',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Weight (%)').fill('12.345');
    await page.getByRole('button', { name: 'Create lesson' }).click();
    await expect(page.getByText('Weight goes in steps of 0.01')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'New lesson' })).toBeVisible();
  });

  test('script in lesson content never runs on the learner\'s lesson page', async ({ page }) => {
    await signedInLearner(page, { email: 'author3@example.com' });
    const headers = { origin: process.env.BASE_URL! };
    const payload = '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"> [click](javascript:window.__xss=3)\n\n**ok**\n\n[click me](javascript:window.__xss=3)';
    const created = await page.request.post('/api/admin/lessons', {
      headers,
      data: {
        title: '<script>window.__xss = 4</script>Safe title',
        pillar: 'saving',
        level: 'beginner',
        orderIndex: 40,
        sections: [{ header: '<img src=x onerror="window.__xss=5">Header', subheader: '<b onmouseover="window.__xss=6">Sub</b>', content: payload }],
        learningObjectives: ['<script>window.__xss=7</script>Objective'],
        questions: [{ question: '<img src=x onerror="window.__xss=8">Q?', options: ['<script>window.__xss=9</script>a', 'b', 'c', 'd'], correctAnswer: 0, explanation: 'x' }],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    // Open it as a learner would: pass saving beginner 1-4 first, so order 40 follows.
    const list = (await (await page.request.get('/api/lessons/all/saving')).json()) as Array<{ id: number; slug: string; level: string; orderIndex: number }>;
    for (const l of list.filter((x) => x.level === 'beginner' && x.orderIndex <= 4)) {
      const answers = correctAnswersOf(l.slug);
      const r = await page.request.post(`/api/lesson/${l.id}/complete`, {
        headers,
        data: { attemptId: crypto.randomUUID(), quizResponses: answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })) },
      });
      expect(r.status()).toBe(201);
    }
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    const res = await page.goto(`/lesson/${id}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('<script>window.__xss = 4</script>Safe title');
    await expect(page.locator('.lesson-section strong')).toHaveText('ok');
    expect(await page.locator('.lesson-body script, .lesson-body img, .lesson-body [onerror], .lesson-body a[href^="javascript"]').count()).toBe(0);
    await page.locator('.lesson-section h2').hover();
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page.getByRole('heading', { name: /Q\?/ })).toContainText('<img src=x');
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();

    await gotoHydrated(page, `/admin/lessons`);
    await page.getByRole('button', { name: 'Edit <script>window.__xss = 4</script>Safe title' }).click();
    await expect(page.getByTestId('preview')).toContainText('ok');
    expect(await page.getByTestId('preview').locator('script, img, [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });
});
