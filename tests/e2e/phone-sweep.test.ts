// Every page on a small phone (360 x 740): nothing scrolls sideways, and every button and
// navigation link is at least 44 x 44 px to tap (signed out, as a learner, as an admin).
import { expect, expectNoSeriousA11yViolations, type Page, signedInLearner, test } from './fixtures.ts';
import { answersScoring } from '../helpers/assessment-answers.ts';
import { type Problem, problemsOn } from './phone-sweep.ts';

test.use({ viewport: { width: 360, height: 740 } });

async function visit(page: Page, path: string, ready?: () => Promise<void>) {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await ready?.();
  return problemsOn(page, path);
}

test('signed out: no sideways scroll and tap targets of 44 x 44 px', async ({ page }) => {
  const problems: Problem[] = [];
  for (
    const path of [
      '/',
      '/login',
      '/login?mode=signup',
      '/learn',
      '/learn?q=credit+score',
      '/learn/saving-emergency-fund-101',
      '/check-inbox',
      '/reset-password?token=x',
      '/verify-email-simple?token=x',
      '/no-such-page',
    ]
  ) {
    problems.push(...(await visit(page, path)));
  }
  await page.goto('/');
  await page.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  problems.push(...(await problemsOn(page, '/ (sign-up dialog)')));
  expect(problems).toEqual([]);
});

test('a learner: no sideways scroll and tap targets of 44 x 44 px on every screen', async ({ page }) => {
  const { headers } = await signedInLearner(page, {
    email: `a.rather.long.address.for.a.phone.${Date.now()}@example-learners.com`,
  });
  const problems: Problem[] = [];
  problems.push(...(await visit(page, '/assessment')));
  await page.request.post('/api/assessment/submit', {
    headers,
    data: { answers: answersScoring({ 1: 2, 2: 1, 3: 4, 4: 0, 5: 1, 6: 1, 7: 0, 8: 4, 9: 0, 10: 0, 11: 1, 12: 0 }) },
  });
  const list = (await (await page.request.get('/api/lessons/saving/beginner')).json()) as Array<{ id: number }>;
  // A failed attempt, so the progress screen and its tables have figures.
  const { questions } = (await (await page.request.get(`/api/lesson/${list[0].id}`)).json()) as {
    questions: Array<{ id: number }>;
  };
  const done = await page.request.post(`/api/lesson/${list[0].id}/complete`, {
    headers,
    data: {
      attemptId: crypto.randomUUID(),
      quizResponses: questions.map((q) => ({ questionId: q.id, userAnswer: 0 })),
    },
  });
  expect(done.status()).toBe(201);
  for (
    const path of [
      '/dashboard',
      '/lessons',
      '/lessons?pillar=credit&view=all',
      `/lesson/${list[0].id}`,
      '/review',
      '/account',
      '/plan',
    ]
  ) {
    problems.push(...(await visit(page, path)));
  }
  await page.goto('/dashboard');
  await page.getByText('Why this level?').click();
  problems.push(...(await problemsOn(page, '/dashboard (Why this level? open)')));
  await page.goto('/progress');
  for (const tab of ['Overview', 'Performance', 'Quiz Analytics', 'Detailed Progress']) {
    await page.getByRole('tab', { name: tab }).click();
    await page.waitForLoadState('networkidle');
    problems.push(...(await problemsOn(page, `/progress (${tab})`)));
  }
  expect(problems).toEqual([]);
});

test('a phone gets a tab bar (Home, Lessons, Review, Plan, Progress) in reach of the thumb; a laptop keeps the top links', async ({ page }) => {
  await signedInLearner(page);
  await page.goto('/lessons');
  const tabs = page.getByRole('navigation', { name: 'Main (tabs)' });
  await expect(tabs.getByRole('link')).toHaveText(['Home', 'Lessons', 'Review', 'Plan', 'Progress']);
  await expect(tabs.getByRole('link', { name: 'Lessons' })).toHaveAttribute('aria-current', 'page');
  const box = (await tabs.boundingBox())!;
  expect(box.y + box.height).toBeCloseTo(740, 0);
  // The links it replaces are not shown twice.
  await expect(page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Lessons' }))
    .toBeHidden();
  await tabs.getByRole('link', { name: 'Review' }).click();
  await expect(page).toHaveURL(/\/review$/);
  await expect(tabs.getByRole('link', { name: 'Review' })).toHaveAttribute('aria-current', 'page');
  await expectNoSeriousA11yViolations(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(tabs).toBeHidden();
  // A laptop's top links reach what the phone's tabs and name link reach: Review and Account too.
  const top = page.getByRole('navigation', { name: 'Main', exact: true });
  for (const name of ['Dashboard', 'Lessons', 'Review', 'Plan', 'Progress', 'Account']) {
    await expect(top.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await top.getByRole('link', { name: 'Account', exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(top.getByRole('link', { name: 'Account', exact: true })).toHaveAttribute('aria-current', 'page');
});
