import {
  answerQuiz,
  correctAnswersOf,
  expect,
  expectNoSeriousA11yViolations,
  lessonAt,
  lessonIdOf,
  lessonsIn,
  passMarkFor,
  signedInLearner,
  test,
} from './fixtures.ts';

test.describe('lessons', () => {
  test('a learner placed at intermediate in credit opens credit intermediate directly', async ({ page }) => {
    const { headers } = await signedInLearner(page);
    await page.request.post('/api/assessment/submit', {
      headers,
      data: { savingScore: 20, creditScore: 62, investingScore: 40 },
    });
    await page.goto('/lessons?pillar=credit');
    const levels = page.getByRole('navigation', { name: 'Levels' });
    await expect(levels.getByRole('link', { name: 'Intermediate' })).toHaveAttribute('aria-current', 'page');
    await expect(levels.locator('[aria-disabled="true"]')).toHaveText(/Advanced/);
    await expect(levels.locator('[aria-disabled="true"] svg')).toHaveCount(1);
    const intermediate = lessonsIn('credit', 'intermediate');
    await expect(page.getByText(`0 / ${intermediate.length} lessons completed`)).toBeVisible();
    const cards = page.locator('article.lesson-card');
    await expect(cards).toHaveCount(intermediate.length);
    await expect(cards.nth(0).getByRole('link', { name: /Start Lesson/ })).toBeVisible();
    await expect(cards.nth(1)).toContainText('Locked');
    await expect(cards.nth(0)).toContainText("You'll learn:");
    await expect(cards.nth(0).locator('.objectives li')).toHaveCount(2);
    await expect(cards.nth(0)).toContainText('min');
    await page.goto('/lessons?pillar=saving');
    await expect(page.getByRole('navigation', { name: 'Levels' }).getByRole('link', { name: 'Beginner' }))
      .toHaveAttribute('aria-current', 'page');
    await expectNoSeriousA11yViolations(page);
  });

  test('view=all groups the pillar by level with a count per group', async ({ page }) => {
    await signedInLearner(page);
    await page.goto('/lessons?pillar=investing&view=all');
    for (
      const [level, label] of [['beginner', 'Beginner'], ['intermediate', 'Intermediate'], ['advanced', 'Advanced']]
    ) {
      const count = lessonsIn('investing', level).length;
      await expect(page.getByRole('heading', { name: `${label} (${count} ${count === 1 ? 'lesson' : 'lessons'})` }))
        .toBeVisible();
    }
    await expect(page.getByText(`0 / ${lessonsIn('investing').length} lessons completed`)).toBeVisible();
  });

  test('a pass ends on a finish screen that stays: score, explanations, the next lesson; the list shows it passed', async ({ page }) => {
    await signedInLearner(page);
    // The first lesson of a beginner level is open to a new learner; one of 3 questions when a
    // pillar starts with one (the spec's 2 of 3), else saving's.
    const firsts = ['saving', 'credit', 'investing'].map((pillar) => lessonAt(pillar, 'beginner', 1));
    const lesson = firsts.find((l) => l.questionCount === 3) ?? firsts[0];
    const n = lesson.questionCount;
    const id = await lessonIdOf(page, lesson.pillar, lesson.slug);
    // A controllable clock (it runs in real time until told otherwise), to show below that no timer moves the page on.
    await page.clock.install();
    await page.goto(`/lesson/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.lesson-section h2').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Spec 9: the pass mark is 2 of 3 for a three-question quiz, else 67% rounded up; the card says so before the quiz.
    await expect(page.locator('#lesson-start')).toContainText(
      `${n} questions. You need ${passMarkFor(n)} correct to pass.`,
    );
    await answerQuiz(page, lesson.correctAnswers);
    await expect(page.getByRole('heading', { name: /You passed/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /You passed/ })).toBeFocused();
    await expect(page.locator('#lesson-start'), 'no second Start Quiz beside the result').toBeHidden();
    await expect(page.getByText(`You got ${n} of ${n} right (pass mark ${passMarkFor(n)})`)).toBeVisible();
    await page.getByText('See each question and why').click();
    await expect(page.locator('.explanations li')).toHaveCount(n);
    // The one next-step rule (issue 52): before an assessment every pillar is Beginner, saving first.
    const next = lessonAt('saving', 'beginner', lesson.pillar === 'saving' ? 2 : 1);
    await expect(page.getByTestId('finish-next')).toHaveText(`Next lesson: ${next.title}`);
    // docs/DESIGN.md difference 10: no automatic redirect; the screen waits for the learner. Every
    // timer of the next 10 s fires now (the original app redirected after 3 s); a navigation one
    // started would show as a request or end the page's context before the round trip below.
    const navigations: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest()) navigations.push(r.url());
    });
    await page.clock.runFor(10_000);
    expect(await page.evaluate(() => location.pathname)).toBe(`/lesson/${id}`);
    expect(navigations).toEqual([]);
    expect(new URL(page.url()).pathname).toBe(`/lesson/${id}`);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: 'Back to lessons' }).click();
    await page.waitForURL(`**/lessons?pillar=${lesson.pillar}&level=beginner`);
    const cards = page.locator('article.lesson-card');
    await expect(cards.nth(0)).toContainText(`Last score: ${n}/${n}`);
    await expect(cards.nth(0).getByRole('link', { name: /Review Lesson/ })).toBeVisible();
    await expect(cards.nth(1).getByRole('link', { name: /Start Lesson/ })).toBeVisible();
    await expect(page.getByText(`1 / ${lessonsIn(lesson.pillar, 'beginner').length} lessons completed`)).toBeVisible();
    await page.goto(`/lesson/${id}`);
    await expect(page.locator('#lesson-start')).toContainText(
      'You already completed this lesson, so this is practice.',
    );
  });

  test('a fail shows the score and pass mark (no toast repeats them), each pick beside the correct answer, then Review the lesson or Try again', async ({ page }) => {
    await signedInLearner(page);
    const { slug, questionCount: n } = lessonAt('credit', 'beginner', 1);
    const id = await lessonIdOf(page, 'credit', slug);
    await page.goto(`/lesson/${id}`);
    const wrong = correctAnswersOf(slug).map((a) => (a + 1) % 4);
    await answerQuiz(page, wrong);
    await expect(page.getByRole('heading', { name: 'Not passed this time' })).toBeFocused();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    await expect(page.getByText(`You got 0 of ${n} right. You need ${passMarkFor(n)} to pass.`)).toBeVisible();
    await expect(page.locator('.explanations li.wrong')).toHaveCount(n);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Review the lesson' }).click();
    await expect(page.getByRole('heading', { name: 'Review what you missed' })).toBeFocused();
    await expect(page.locator('.missed li')).toHaveCount(n);
    await expect(page.locator('.lesson-section').first()).toBeVisible();
    // The missed questions come first, above the lesson text the learner re-reads.
    const missedFirst = await page.evaluate(() => {
      const missed = document.querySelector('.missed');
      const text = document.querySelector('#lesson-content');
      return Boolean(missed && text && missed.compareDocumentPosition(text) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(missedFirst).toBe(true);
    // The reading starts again at the first step.
    await expect(page.locator('[data-step-label]')).toHaveText(/^Step 1 of \d+$/);
    await page.getByRole('link', { name: 'Skip to quiz' }).click();
    // During the quiz only the question shows: no lesson text, no earlier review, no start card.
    await expect(page.locator('#lesson-content')).toBeHidden();
    await expect(page.locator('#lesson-start')).toBeHidden();
    await expect(page.locator('.missed')).toHaveCount(0);
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Check answer' })).toBeDisabled();
  });

  test('an offline submit shows the connectivity message, keeps the answers, and a retry succeeds', async ({ page }) => {
    await signedInLearner(page);
    const { slug } = lessonAt('investing', 'beginner', 1);
    const id = await lessonIdOf(page, 'investing', slug);
    await page.goto(`/lesson/${id}`);
    await page.route('**/api/lesson/*/complete', (route) => route.abort('internetdisconnected'));
    await answerQuiz(page, correctAnswersOf(slug));
    await expect(page.getByRole('alert')).toHaveText(
      "Your answers were saved but there's a connectivity issue. Please try again in a moment.",
    );
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
    await page.unroute('**/api/lesson/*/complete');
    await page.getByRole('button', { name: 'Try Submitting Again' }).click();
    await expect(page.getByRole('heading', { name: /You passed/ })).toBeVisible();
    const progress = (await (await page.request.get('/api/progress/user')).json()) as Array<
      { lessonId: number; attempts: number }
    >;
    expect(progress.find((p) => p.lessonId === id)?.attempts).toBe(1);
  });

  test('signed-out visitors to a lesson go to /login; a missing lesson shows Lesson Not Found', async ({ page }) => {
    await page.goto('/lesson/1');
    await page.waitForURL('**/login?**');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/lesson/1');
    await expect(page.getByText('Please log in to access lessons.')).toBeVisible();
    await expect(page.getByText(/Unauthorized/)).toHaveCount(0);
    await signedInLearner(page);
    const res = await page.goto('/lesson/987654');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Lesson Not Found' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
  });

  test('a locked lesson page explains how to unlock it', async ({ page }) => {
    await signedInLearner(page);
    // The second lesson of a level waits for the first.
    const id = await lessonIdOf(page, 'saving', lessonAt('saving', 'beginner', 2).slug);
    const res = await page.goto(`/lesson/${id}`);
    expect(res?.status()).toBe(403);
    await expect(page.getByRole('heading', { name: /is locked/ })).toBeVisible();
    await expect(page.getByText(`Pass the quiz of "${lessonAt('saving', 'beginner', 1).title}" first.`)).toBeVisible();
  });

  test('signed-out visitors to the lessons list go to /', async ({ page }) => {
    await page.goto('/lessons?pillar=credit');
    await page.waitForURL((u) => u.pathname === '/');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/lessons?pillar=credit');
  });
});
