// The learning loop (docs/DESIGN.md difference 10): a lesson in steps that remembers where the learner
// was, feedback on every answer, a finish screen that stays, a failed quiz that shows the picks
// and the correct answers, and answers kept when the session ends mid-quiz. On a phone and a laptop.
import {
  correctAnswersOf,
  expect,
  expectNoSeriousA11yViolations,
  lessonAt,
  optionAt,
  type Page,
  PASSWORD,
  signedInLearner,
  test,
} from './fixtures.ts';
import { readLessonFiles } from '../../src/lib/server/content/curriculum-loader.ts';

/** A curriculum lesson as learners read it (yearly figures filled in): its options and sections. */
function asShown(slug: string) {
  const lesson = readLessonFiles().find((f) => f.lesson?.slug === slug)!.lesson!;
  return {
    slug,
    title: lesson.title,
    options: lesson.questions.map((q) => q.options),
    sectionCount: lesson.sections.length,
  };
}
const first = asShown(lessonAt('saving', 'beginner', 1).slug);
const second = asShown(lessonAt('saving', 'beginner', 2).slug);

async function openFirstLesson(page: Page) {
  const list = (await (await page.request.get('/api/lessons/saving/beginner')).json()) as Array<
    { id: number; slug: string }
  >;
  const id = list.find((l) => l.slug === first.slug)!.id;
  await page.goto(`/lesson/${id}`);
  await expect(page.locator('[data-step-next]')).toBeEnabled();
  return id;
}

/** Picks an option, checks it, and waits for its feedback. */
async function answer(page: Page, option: number) {
  await optionAt(page, option).locator('input').check();
  await page.getByRole('button', { name: 'Check answer' }).click();
  await expect(page.getByTestId('quiz-feedback')).toBeVisible();
}

for (
  const [device, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['laptop', { width: 1280, height: 900 }],
  ] as const
) {
  test.describe(`the learning loop on a ${device}`, () => {
    test.use({ viewport });

    test('each answer is checked on its own: right or wrong, the correct option and why; focus moves to the feedback', async ({ page }) => {
      await signedInLearner(page);
      await openFirstLesson(page);
      const right = correctAnswersOf(first.slug);
      await page.getByRole('link', { name: 'Skip to quiz' }).click();
      await expect(page.getByText(`Question 1 of ${right.length}`)).toBeVisible();
      const wrong = (right[0] + 1) % 4;
      await answer(page, wrong);
      const feedback = page.getByTestId('quiz-feedback');
      await expect(feedback.getByRole('heading')).toHaveText('✗ Not quite.');
      await expect(feedback.getByRole('heading')).toBeFocused();
      await expect(feedback).toContainText('The correct answer is');
      // Options are shown shuffled (issue 52): each is found by its index in the specification.
      const options = { nth: (i: number) => optionAt(page, i) };
      await expect(options.nth(wrong)).toHaveClass(/wrong/);
      await expect(options.nth(wrong)).not.toHaveClass(/selected|right/);
      await expect(options.nth(wrong)).toContainText('Your answer: not correct');
      await expect(options.nth(right[0])).toHaveClass(/right/);
      await expect(options.nth(right[0])).toContainText('Correct answer');
      await expect(optionAt(page, right[0]).locator('input')).toBeDisabled();
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Next' }).click();
      await expect(page.getByText(`Question 2 of ${right.length}`)).toBeVisible();
      await answer(page, right[1]);
      await expect(page.getByTestId('quiz-feedback').getByRole('heading')).toHaveText('✓ Correct!');
      await expect(optionAt(page, right[1])).toContainText('Your answer: correct');
    });

    test('by keyboard only: choose, check, read the feedback and go on', async ({ page }) => {
      await signedInLearner(page);
      await openFirstLesson(page);
      const right = correctAnswersOf(first.slug);
      await page.getByRole('link', { name: 'Skip to quiz' }).focus();
      await page.keyboard.press('Enter');
      for (let i = 0; i < right.length; i++) {
        await expect(page.getByText(`Question ${i + 1} of ${right.length}`)).toBeVisible();
        await expect(page.locator('#quiz-question')).toBeFocused();
        await page.keyboard.press('Tab'); // into the options
        await page.keyboard.press('Space'); // the first option
        // Options are shown shuffled (issue 52): arrow down to where the right one is shown.
        const shown = await page.locator('.option').evaluateAll((els) =>
          els.map((el) => el.getAttribute('data-option'))
        );
        for (let k = 0; k < shown.indexOf(String(right[i])); k++) await page.keyboard.press('ArrowDown');
        await expect(optionAt(page, right[i]).locator('input')).toBeChecked();
        await page.keyboard.press('Tab'); // to "Check answer"
        await expect(page.getByRole('button', { name: 'Check answer' })).toBeFocused();
        await page.keyboard.press('Enter');
        await expect(page.getByTestId('quiz-feedback').getByRole('heading')).toBeFocused();
        await page.keyboard.press('Tab'); // "Report a problem" follows the feedback
        await expect(page.getByTestId('quiz-feedback').getByRole('button', { name: /Report a problem/ })).toBeFocused();
        await page.keyboard.press('Tab');
        await expect(page.getByRole('button', { name: i < right.length - 1 ? 'Next' : 'See your result' }))
          .toBeFocused();
        await page.keyboard.press('Enter');
      }
      await expect(page.getByRole('heading', { name: /You passed/ })).toBeFocused();
    });

    test('a pass ends on a finish screen that stays: score, badges earned now, the next lesson and the way back', async ({ page }) => {
      await page.clock.install();
      await signedInLearner(page);
      await openFirstLesson(page);
      const right = correctAnswersOf(first.slug);
      await page.getByRole('link', { name: 'Skip to quiz' }).click();
      for (let i = 0; i < right.length; i++) {
        await answer(page, right[i]);
        await page.getByRole('button', { name: i < right.length - 1 ? 'Next' : 'See your result' }).click();
      }
      await expect(page.getByRole('heading', { name: 'You passed!' })).toBeVisible();
      await expect(page.getByText(`You got ${right.length} of ${right.length} right`)).toBeVisible();
      await expect(page.getByTestId('finish-badges')).toContainText('First lesson');
      // The daily streak: this pass is today's first lesson, so the streak starts and the goal is met.
      // The day's streak and goal, said once: by the celebrations of a first pass of the day.
      await expect(page.getByTestId('celebrations').locator('.celebration-text')).toHaveText([
        'Day 1 of your streak: come back tomorrow to make it 2.',
        "Today's goal of 1 is met.",
      ]);
      await expect(page.getByTestId('finish-streak')).toHaveCount(0);
      const next = page.getByTestId('finish-next');
      await expect(next).toHaveText(`Next lesson: ${second.title}`);
      await expect(page.getByRole('link', { name: 'Back to lessons' })).toHaveAttribute(
        'href',
        '/lessons?pillar=saving&level=beginner',
      );
      await expectNoSeriousA11yViolations(page);
      // No automatic redirect: ten seconds later the learner is still reading.
      const url = page.url();
      await page.clock.runFor(10_000);
      expect(page.url()).toBe(url);
      await expect(page.getByRole('heading', { name: 'You passed!' })).toBeVisible();
      await next.click();
      await page.waitForURL(/\/lesson\/\d+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(second.title);
    });

    test('a failed quiz shows each pick and the correct answer, with Review the lesson and Try again', async ({ page }) => {
      await signedInLearner(page);
      await openFirstLesson(page);
      const right = correctAnswersOf(first.slug);
      const picks = right.map((a) => (a + 1) % 4);
      await page.getByRole('link', { name: 'Skip to quiz' }).click();
      for (let i = 0; i < picks.length; i++) {
        await answer(page, picks[i]);
        await page.getByRole('button', { name: i < picks.length - 1 ? 'Next' : 'See your result' }).click();
      }
      await expect(page.getByRole('heading', { name: 'Not passed this time' })).toBeVisible();
      // The failed screen says it; no toast repeats it.
      await expect(page.getByTestId('toast')).toHaveCount(0);
      const items = page.locator('.explanations > li');
      await expect(items).toHaveCount(picks.length);
      await expect(items.first().getByTestId('your-answer')).toContainText(first.options[0][picks[0]]);
      await expect(items.first().getByTestId('correct-answer')).toContainText(first.options[0][right[0]]);
      await expect(items.first()).toHaveClass(/wrong/);
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Review the lesson' }).click();
      await expect(page.getByRole('heading', { name: 'Review what you missed' })).toBeVisible();
      await expect(page.locator('#lesson-steps')).toBeVisible();
      await page.getByRole('link', { name: 'Skip to quiz' }).click();
      await expect(page.getByText(`Question 1 of ${right.length}`)).toBeVisible();
      await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
      // Try again from the failed screen starts a new attempt too.
      for (let i = 0; i < picks.length; i++) {
        await answer(page, picks[i]);
        await page.getByRole('button', { name: i < picks.length - 1 ? 'Next' : 'See your result' }).click();
      }
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByText(`Question 1 of ${right.length}`)).toBeVisible();
    });

    test('the lesson reads in steps with progress, keeps the step through a reload, and can show all at once', async ({ page }) => {
      await signedInLearner(page);
      await openFirstLesson(page);
      const steps = first.sectionCount;
      await expect(page.locator('[data-step-label]')).toHaveText(`Step 1 of ${steps}`);
      await expect(page.locator('.lesson-section:visible')).toHaveCount(1);
      await expect(page.getByRole('button', { name: 'Start Quiz' })).toBeHidden();
      // Read to the end of the step: the step bar stays in view; Continue brings the next heading into view.
      await page.locator('[data-step-next]').scrollIntoViewIfNeeded();
      await expect(page.locator('[data-step-bar]')).toBeInViewport();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.locator('[data-step-label]')).toHaveText(`Step 2 of ${steps}`);
      await expect(page.locator('.lesson-section[data-current] h2')).toBeFocused();
      await expect(page.locator('.lesson-section[data-current] h2')).toBeInViewport();
      await expect(page.locator('[data-step-bar]')).toBeInViewport();
      await expectNoSeriousA11yViolations(page);
      await page.reload();
      await expect(page.locator('[data-step-label]')).toHaveText(`Step 2 of ${steps}`);
      await expect(page.locator('.lesson-section[data-step="2"]')).toBeVisible();
      await page.getByRole('button', { name: 'Back' }).click();
      await expect(page.locator('[data-step-label]')).toHaveText(`Step 1 of ${steps}`);
      for (let i = 1; i < steps; i++) await page.getByRole('button', { name: 'Continue' }).click();
      // The last step offers one way into the quiz: the card's Start Quiz.
      await expect(page.getByRole('button', { name: 'Start Quiz' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Continue' })).toBeHidden();
      await expect(page.getByRole('link', { name: 'Skip to quiz' })).toBeHidden();
      await page.getByRole('button', { name: 'Show the whole lesson on one page' }).click();
      await expect(page.locator('.lesson-section:visible')).toHaveCount(steps);
      await page.reload();
      await expect(page.locator('.lesson-section:visible')).toHaveCount(steps);
      await page.getByRole('button', { name: 'Read it in steps' }).click();
      await expect(page.locator('.lesson-section:visible')).toHaveCount(1);
    });

    test('"Skip to quiz" clicked while the quiz is still loading opens it once it has loaded', async ({ page }) => {
      await signedInLearner(page);
      // The quiz's script is held back until after the click (it loads after the first paint).
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/_astro/LessonQuiz.*.js', async (route) => {
        await held;
        await route.continue();
      });
      const list = (await (await page.request.get('/api/lessons/saving/beginner')).json()) as Array<
        { id: number; slug: string }
      >;
      await page.goto(`/lesson/${list.find((l) => l.slug === first.slug)!.id}`);
      await expect(page.locator('[data-step-next]')).toBeEnabled();
      await expect(page.locator('#lesson-start [data-start-quiz]')).toBeDisabled();
      await page.getByRole('link', { name: 'Skip to quiz' }).click();
      release();
      await expect(page.getByText(`Question 1 of ${first.options.length}`)).toBeVisible();
    });

    test('when the session ends mid-quiz the answers are kept: sign in and the result is saved once', async ({ page, context }) => {
      const { email } = await signedInLearner(page);
      const id = await openFirstLesson(page);
      const right = correctAnswersOf(first.slug);
      await page.getByRole('link', { name: 'Skip to quiz' }).click();
      await answer(page, right[0]);
      await page.getByRole('button', { name: 'Next' }).click();
      // Signed out elsewhere: the session cookie no longer works.
      await context.clearCookies();
      await optionAt(page, right[1]).locator('input').check();
      await page.getByRole('button', { name: 'Check answer' }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign in to save your result' });
      await expect(dialog).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await dialog.getByRole('button', { name: 'Sign In' }).click();
      // The page comes back signed in, at question 2, with its check sent.
      await expect(page.getByText(`Question 2 of ${right.length}`)).toBeVisible();
      await expect(page.getByTestId('quiz-feedback').getByRole('heading')).toHaveText('✓ Correct!');
      for (let i = 1; i < right.length; i++) {
        if (i > 1) await answer(page, right[i]);
        await page.getByRole('button', { name: i < right.length - 1 ? 'Next' : 'See your result' }).click();
      }
      await expect(page.getByRole('heading', { name: 'You passed!' })).toBeVisible();
      const exported = await (await page.request.get('/api/account/export')).json();
      expect(exported.quizAttempts.filter((a: { lessonId: number }) => a.lessonId === id)).toHaveLength(1);
    });
  });
}
