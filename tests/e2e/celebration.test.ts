// The finish screen marks a streak day and a goal met with a plain sentence and a short burst,
// still under reduced motion but without the burst (issue 40).
import {
  answerQuiz,
  expect,
  expectNoSeriousA11yViolations,
  lessonAt,
  lessonIdOf,
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
