import {
  curriculumLessons,
  expect,
  expectNoSeriousA11yViolations,
  lessonIdOf,
  lessonsIn,
  signedInLearner,
  test,
  waitForHydration,
} from './fixtures.ts';

test('the credit-utilisation calculator in its lesson computes live and keeps figures on this device only', async ({ page }) => {
  const { headers } = await signedInLearner(page);
  // The lesson whose text places the calculator, opened by passing the lessons before it in its level.
  const lesson = curriculumLessons().find((l) => l.practiceTools.includes('credit-utilization'))!;
  expect(lesson, 'a lesson places the credit-utilisation calculator').toBeDefined();
  expect(lesson.level, 'a new learner can reach it without an assessment').toBe('beginner');
  for (const before of lessonsIn(lesson.pillar, lesson.level).filter((l) => l.orderIndex < lesson.orderIndex)) {
    const r = await page.request.post(`/api/lesson/${await lessonIdOf(page, before.pillar, before.slug)}/complete`, {
      headers,
      data: {
        attemptId: crypto.randomUUID(),
        quizResponses: before.correctAnswers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
      },
    });
    expect(r.status()).toBe(201);
  }
  const id = await lessonIdOf(page, lesson.pillar, lesson.slug);
  const posted: string[] = [];
  page.on('request', (r) => {
    if (r.method() !== 'GET') posted.push(r.postData() ?? '');
  });
  // The whole lesson on one page (lessons show in steps by default).
  await page.goto(`/lesson/${id}?view=all`);
  const tool = page.locator('[data-calculator="credit-utilization"]');
  await tool.scrollIntoViewIfNeeded();
  await waitForHydration(page);
  await expect(tool.getByTestId('practice-result')).toContainText('Overall utilisation: 30%, which is high');
  await tool.getByLabel('Card 1 balance').fill('200');
  await tool.getByLabel('Card 1 limit').fill('1000');
  await tool.getByRole('button', { name: 'Add a card' }).click();
  await tool.getByLabel('Card 2 balance').fill('300');
  await tool.getByLabel('Card 2 limit').fill('4000');
  await expect(tool.getByTestId('practice-result')).toContainText('Overall utilisation: 10%, which is good');
  await expect(tool.getByTestId('practice-result')).toContainText('Card 2: 7.5%');
  await tool.getByLabel('Card 2 limit').fill('0');
  await expect(tool.getByRole('alert')).toContainText('Credit limit must be more than 0');
  await tool.getByLabel('Card 2 limit').fill('4000');
  await tool.getByRole('button', { name: 'Remember my figures on this device' }).click();
  await page.reload();
  await tool.scrollIntoViewIfNeeded();
  await waitForHydration(page);
  await expect(tool.getByLabel('Card 2 limit')).toHaveValue('4000');
  await expectNoSeriousA11yViolations(page);
  expect(posted.filter((b) => b.includes('4000'))).toEqual([]);
});
