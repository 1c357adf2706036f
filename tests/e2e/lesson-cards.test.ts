import { expect, gotoHydrated, lessonsIn, type Page, signedInLearner, test } from './fixtures.ts';

/** Submits a lesson's quiz through the API with the given picks, as the quiz island does. */
async function submitQuiz(page: Page, lessonId: number, answers: number[]): Promise<void> {
  const r = await page.request.post(`/api/lesson/${lessonId}/complete`, {
    headers: { origin: process.env.BASE_URL! },
    data: {
      attemptId: crypto.randomUUID(),
      quizResponses: answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
    },
  });
  expect(r.status(), 'a new attempt is stored').toBe(201);
}

test("lesson cards show each lesson and the learner's state of it: open, tried, completed, locked", async ({ page }) => {
  await signedInLearner(page);
  const [first, second] = lessonsIn('saving', 'beginner');
  const list = (await (await page.request.get('/api/lessons/all/saving')).json()) as Array<
    { id: number; slug: string }
  >;
  const idOf = (slug: string) => list.find((l) => l.slug === slug)!.id;

  await gotoHydrated(page, '/lessons?pillar=saving&level=beginner');
  const card = page.locator(`article.lesson-card[data-lesson-id="${idOf(first.slug)}"]`);
  await expect(card.getByRole('heading', { level: 2 })).toHaveText(first.title);
  await expect(card.locator('.order')).toHaveAccessibleName('Lesson 1');
  // Two objectives at most (every curriculum lesson has more).
  await expect(card.locator('.objectives li')).toHaveCount(2);
  await expect(card.getByRole('link', { name: `Start Lesson: ${first.title}` })).toHaveAttribute(
    'href',
    `/lesson/${idOf(first.slug)}`,
  );
  await expect(card.locator('.score')).toHaveCount(0);

  // A failed try: the score, still Start Lesson.
  const right = first.correctAnswers;
  await submitQuiz(page, idOf(first.slug), right.map((a) => (a + 1) % 4));
  await gotoHydrated(page, '/lessons?pillar=saving&level=beginner');
  await expect(card.locator('.score')).toHaveText(`Last score: 0/${right.length}`);
  await expect(card.getByRole('link', { name: `Start Lesson: ${first.title}` })).toBeVisible();

  // A pass: the score, Completed and Review Lesson.
  await submitQuiz(page, idOf(first.slug), right);
  await gotoHydrated(page, '/lessons?pillar=saving&level=beginner');
  await expect(card).toHaveClass(/\bdone\b/);
  await expect(card.locator('.score')).toHaveText(`Last score: ${right.length}/${right.length} · Completed ✓`);
  await expect(card.getByRole('link', { name: `Review Lesson: ${first.title}` })).toBeVisible();

  // The whole pillar on one page: titles are level-3 headings under each level's heading.
  await gotoHydrated(page, '/lessons?pillar=saving&view=all');
  const inAll = page.locator(`article.lesson-card[data-lesson-id="${idOf(second.slug)}"]`);
  await expect(inAll.getByRole('heading', { level: 3 })).toHaveText(second.title);

  // A lesson of a level not yet open: no link, "Locked", named for screen readers, and what opens it.
  const advanced = lessonsIn('saving', 'advanced')[0];
  const locked = page.locator(`article.lesson-card[data-lesson-id="${idOf(advanced.slug)}"]`);
  await expect(locked).toHaveClass(/\blocked\b/);
  await expect(locked.getByRole('link')).toHaveCount(0);
  await expect(locked.locator('.locked-btn')).toHaveText(`Locked: ${advanced.title}`);
  await expect(locked.locator('.unlock-hint')).not.toBeEmpty();
});
