// The finish screen marks a streak day, a goal met and a finished level with a plain sentence and
// a short burst, still under reduced motion but without the burst (issue 40).
import {
  answerQuiz,
  expect,
  expectNoSeriousA11yViolations,
  lessonAt,
  lessonIdOf,
  lessonsIn,
  signedInLearner,
  test,
} from './fixtures.ts';

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`a first pass of the day marks the streak day and the goal met (motion: ${motion})`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion });
    await signedInLearner(page);
    const lesson = lessonAt('saving', 'beginner', 1);
    await page.goto(`/lesson/${await lessonIdOf(page, 'saving', lesson.slug)}`);
    await answerQuiz(page, lesson.correctAnswers);
    await expect(page.getByRole('heading', { name: /You passed/ })).toBeVisible();
    const marks = page.getByTestId('celebrations');
    await expect(marks.locator('.celebration-text')).toHaveText([
      'Day 1 of your streak: come back tomorrow to make it 2.',
      "Today's goal of 1 is met.",
    ]);
    const animation = await marks.locator('.celebration-mark').first().evaluate((el) =>
      getComputedStyle(el).animationName
    );
    expect(animation).toBe(motion === 'reduce' ? 'none' : 'celebration-pop');
    await expectNoSeriousA11yViolations(page);

    // The same lesson again the same day: nothing new to mark.
    await page.reload();
    await answerQuiz(page, lesson.correctAnswers);
    await expect(page.getByRole('heading', { name: /You passed/ })).toBeVisible();
    await expect(page.getByTestId('celebrations')).toHaveCount(0);
  });
}

for (const motion of ['no-preference', 'reduce'] as const) {
  test(`the pass that finishes a level says so (motion: ${motion})`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: motion });
    const { headers } = await signedInLearner(page);
    const level = lessonsIn('saving', 'beginner');
    // Every lesson of the level but the last passed earlier the same day (the day and goal already count).
    for (const lesson of level.slice(0, -1)) {
      const passed = await page.request.post(`/api/lesson/${await lessonIdOf(page, 'saving', lesson.slug)}/complete`, {
        headers,
        data: {
          attemptId: crypto.randomUUID(),
          quizResponses: lesson.correctAnswers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
        },
      });
      expect(passed.status()).toBe(201);
    }
    const last = level.at(-1)!;
    await page.goto(`/lesson/${await lessonIdOf(page, 'saving', last.slug)}`);
    await answerQuiz(page, last.correctAnswers);
    await expect(page.getByRole('heading', { name: /You passed/ })).toBeVisible();
    const marks = page.getByTestId('celebrations');
    await expect(marks.locator('.celebration-text')).toHaveText(['You finished Saving Beginner: every lesson passed.']);
    const animation = await marks.locator('.celebration-mark').evaluate((el) => getComputedStyle(el).animationName);
    expect(animation).toBe(motion === 'reduce' ? 'none' : 'celebration-pop');
    await expectNoSeriousA11yViolations(page);
  });
}
