import {
  test,
  expect,
  expectNoSeriousA11yViolations,
  signedInLearner,
  correctAnswersOf,
  type Page,
  gotoHydrated,
  waitForHydration,
} from './fixtures.ts';

async function complete(page: Page, headers: Record<string, string>, pillar: string, slug: string, answers: number[], durationMs = 60_000) {
  const list = (await (await page.request.get(`/api/lessons/all/${pillar}`)).json()) as Array<{ id: number; slug: string }>;
  const id = list.find((l) => l.slug === slug)!.id;
  const r = await page.request.post(`/api/lesson/${id}/complete`, {
    headers,
    data: { attemptId: crypto.randomUUID(), quizResponses: answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })), durationMs },
  });
  expect(r.status()).toBe(201);
}

/** A learner with a known history: saving 40, credit 20, investing 70; four saving attempts. */
async function learnerWithHistory(page: Page) {
  const learner = await signedInLearner(page, { firstName: 'Morgan' });
  await page.request.post('/api/assessment/submit', { headers: learner.headers, data: { savingScore: 40, creditScore: 20, investingScore: 70 } });
  const a1 = correctAnswersOf('saving-pay-yourself-first');
  const a2 = correctAnswersOf('saving-emergency-fund-101');
  await complete(page, learner.headers, 'saving', 'saving-pay-yourself-first', a1, 60_000);
  await complete(page, learner.headers, 'saving', 'saving-emergency-fund-101', a2.map((a) => (a + 1) % 4), 30_000);
  await complete(page, learner.headers, 'saving', 'saving-emergency-fund-101', a2.map((a, i) => (i === 0 ? (a + 1) % 4 : a)), 90_000);
  return learner;
}

/** Saving averages exactly 2.5 ((3 + 2) / 2); credit 2.49 (17 quizzes at 3 and 18 at 2: 87 / 35). */
async function learnerAtTheHighlightEdge(page: Page) {
  const learner = await signedInLearner(page);
  const firstOf = async (pillar: string) => ((await (await page.request.get(`/api/lessons/${pillar}/beginner`)).json()) as Array<{ slug: string }>).map((l) => l.slug);
  const [s1, s2] = await firstOf('saving');
  await complete(page, learner.headers, 'saving', s1, correctAnswersOf(s1));
  await complete(page, learner.headers, 'saving', s2, correctAnswersOf(s2).map((a, i) => (i === 0 ? (a + 1) % 4 : a)));
  const [c1] = await firstOf('credit');
  const right = correctAnswersOf(c1);
  for (let i = 0; i < 35; i++) await complete(page, learner.headers, 'credit', c1, i < 17 ? right : right.map((a, q) => (q === 2 ? (a + 1) % 4 : a)));
  return learner;
}

interface Drawn {
  series: unknown;
  labels: unknown[];
  yAxis: { min: number; max: number } | null;
}

/** What apexcharts drew in a chart (its own series, labels and y range after rendering). */
async function drawnIn(page: Page, title: string): Promise<Drawn> {
  const box = page.locator(`[data-chart="${title}"]`);
  await expect(box).toHaveAttribute('data-drawn', /series/);
  return JSON.parse((await box.getAttribute('data-drawn'))!) as Drawn;
}

interface ProgressApi {
  pillars: Array<{
    pillar: string;
    completedLessons: number;
    totalLessons: number;
    averageScore: number | null;
    highlighted: boolean;
    bestStreak: number;
    levels: Record<string, { completed: number; total: number }>;
  }>;
  accuracy: { correct: number; incorrect: number };
  scoreProgression: Array<{ attempt: number; score: number; lessonTitle: string }>;
  metrics: { improvementRate: number | null; passRate: number | null; avgTimePerQuizMs: number | null; totalQuizzes: number };
  badges: Array<{ key: string; title: string; earnedAt: string }>;
}

interface AnalyticsApi {
  byPillarLevel: Array<{ pillar: string; level: string; correct: number; total: number; accuracy: number | null }>;
  mostMissed: Array<{ lessonId: number; lessonTitle: string; question: string; missed: number; asked: number }>;
}

const LEVELS = ['beginner', 'intermediate', 'advanced'];

test.describe('dashboard and progress', () => {
  test('the dashboard shows the learner\'s own numbers', async ({ page }) => {
    await learnerWithHistory(page);
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Morgan!');
    // (40 + 20 + 70) / 300 × 25 = 10.83; saving 2 × 8.5 = 17% → 4.25; total 15.08 → 15
    await expect(page.getByTestId('overall-value')).toHaveText('15');
    await expect(page.locator('[data-part="assessment"]')).toContainText('10.8');
    await expect(page.locator('[data-part="saving"]')).toContainText('4.3');
    await expect(page.locator('[data-part="credit"]')).toContainText('Credit 25%');
    await expect(page.getByTestId('priority')).toContainText('Credit');
    await expect(page.getByTestId('priority')).toContainText('This pillar needs your attention: 0% of its lessons done');
    const saving = page.locator('[data-pillar="saving"]');
    await expect(saving).toContainText('40');
    await expect(saving).toContainText('Basic understanding. Focus on beginner lessons.');
    await expect(saving.getByTestId('lessons-done')).toHaveText('2');
    await expect(saving.getByTestId('weighted')).toHaveText('17%');
    await expect(saving).toHaveClass(/score-red/);
    await expect(page.locator('[data-pillar="investing"]')).toContainText('Good foundation. Ready for intermediate lessons.');
    await expect(page.locator('[data-pillar="investing"]')).toContainText('Intermediate');
    await expect(page.getByTestId('next-lesson')).toContainText('Next Lesson');
    await expect(page.locator('[data-badge="first-lesson"]')).toContainText('Earned');
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('next-lesson').click();
    await page.waitForURL('**/lesson/*');
    await expect(page.locator('.crumbs')).toContainText('Credit');
  });

  test('the greeting goes by local time after the first visit', async ({ page }) => {
    await signedInLearner(page, { firstName: 'Riley' });
    await page.clock.setFixedTime(new Date('2026-11-22T11:59:00'));
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Riley!');
    await page.reload();
    await expect(page.getByTestId('greeting')).toHaveText('Good morning, Riley!');
    await page.clock.setFixedTime(new Date('2026-11-22T12:00:00'));
    await page.reload();
    await expect(page.getByTestId('greeting')).toHaveText('Good afternoon, Riley!');
    await page.clock.setFixedTime(new Date('2026-11-22T17:00:00'));
    await page.reload();
    await expect(page.getByTestId('greeting')).toHaveText('Good evening, Riley!');
  });

  test('the progress screen shows the same figures, in the charts\' tables too, without CSP errors', async ({ page }) => {
    const { email } = await learnerWithHistory(page);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await gotoHydrated(page, '/progress');
    await expect(page.getByRole('heading', { name: 'Learning Progress' })).toBeVisible();
    await expect(page.getByText('Track your financial literacy journey and quiz performance')).toBeVisible();
    await expect(page.getByText('Welcome back')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    const saving = page.locator('.pillar-summary [data-pillar="saving"]');
    await expect(saving.getByTestId('completed')).toHaveText('2/10');
    await expect(saving.getByTestId('average')).toHaveText('1.67'); // (3 + 0 + 2) / 3
    await expect(saving.getByTestId('streak')).toHaveText('1');
    await expect(page.locator('.pillar-summary [data-pillar="credit"]').getByTestId('average')).toHaveText('—');
    await expect(page.locator('[data-chart="Progress by Pillar & Level"] svg')).toBeVisible();
    await expect(page.locator('[data-chart="Overall Quiz Accuracy"] svg')).toBeVisible();
    await page.getByText('Show the data as a table').first().click();
    await expect(page.getByTestId('bar-table')).toContainText('2/4');
    await expect(page.getByTestId('donut-table')).toContainText('Correct5');
    await expect(page.getByTestId('donut-table')).toContainText('Incorrect4');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Performance' }).click();
    await expect(page.locator('[data-chart="Score Progression"] svg')).toBeVisible();
    await expect(page.locator('[data-metric="improvement"]')).toContainText('-33 pts'); // halves of 1: first 3/3 (100%), last 2/3 (67%)
    await expect(page.locator('[data-metric="pass-rate"]')).toContainText('67%');
    await expect(page.locator('[data-metric="avg-time"]')).toContainText('1:00');
    await expect(page.locator('[data-metric="total"]')).toContainText('3');
    await page.getByText('Show the data as a table').click();
    await expect(page.getByTestId('line-table').locator('tbody tr')).toHaveCount(3);

    await page.getByRole('tab', { name: 'Quiz Analytics' }).click();
    await expect(page.locator('[data-cell="saving-beginner"]')).toHaveText('56% (5/9)');
    await expect(page.getByTestId('missed-item').first()).toContainText('Missed 2 of 2 times');
    await expect(page.getByTestId('missed-item').first().getByRole('link')).toHaveAttribute('href', /\/lesson\/\d+/);

    await page.getByRole('tab', { name: 'Detailed Progress' }).click();
    const detail = page.locator('.detail-list [data-pillar="saving"]');
    await expect(detail.getByTestId('detail-complete')).toHaveText('2/10 Complete');
    await expect(detail.getByTestId('detail-rate')).toHaveText('20%');
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test('the charts draw the learner\'s own data, the same as GET /api/user/progress and /api/user/quiz-analytics', async ({ page }) => {
    await learnerWithHistory(page);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await gotoHydrated(page, '/progress');
    const api = (await (await page.request.get('/api/user/progress')).json()) as ProgressApi;
    const analytics = (await (await page.request.get('/api/user/quiz-analytics')).json()) as AnalyticsApi;

    // Progress by Pillar & Level: % of each level's lessons completed, per pillar (saving beginner 2 of 4).
    const bar = await drawnIn(page, 'Progress by Pillar & Level');
    expect(bar.labels).toEqual(['Saving', 'Credit', 'Investing']);
    expect(bar.series).toEqual([
      [50, 0, 0],
      [0, 0, 0],
      [0, 0, 0],
    ]);
    expect(bar.series).toEqual(LEVELS.map((l) => api.pillars.map((p) => Math.round((p.levels[l].completed / p.levels[l].total) * 100))));
    expect(bar.yAxis).toEqual({ min: 0, max: 100 });

    // Overall Quiz Accuracy: 5 correct and 4 incorrect answers, as drawn slices too.
    const donut = await drawnIn(page, 'Overall Quiz Accuracy');
    expect(donut).toEqual({ series: [5, 4], labels: ['Correct', 'Incorrect'], yAxis: null });
    expect(donut.series).toEqual([api.accuracy.correct, api.accuracy.incorrect]);
    const slices = page.locator('[data-chart="Overall Quiz Accuracy"] path.apexcharts-pie-area');
    expect(await slices.evaluateAll((paths) => paths.map((p) => Number(p.getAttribute('data:value'))))).toEqual([5, 4]);

    // The cards show the API's figures.
    for (const p of api.pillars) {
      const card = page.locator(`.pillar-summary [data-pillar="${p.pillar}"]`);
      await expect(card.getByTestId('completed')).toHaveText(`${p.completedLessons}/${p.totalLessons}`);
      await expect(card.getByTestId('average')).toHaveText(p.averageScore === null ? '—' : p.averageScore.toFixed(2));
      await expect(card.getByTestId('streak')).toHaveText(String(p.bestStreak));
      await expect(card).toHaveAttribute('data-highlighted', String(p.highlighted));
    }

    // Score Progression: the points by attempt on a y axis fixed to 0-3.
    await page.getByRole('tab', { name: 'Performance' }).click();
    const line = await drawnIn(page, 'Score Progression');
    expect(line).toEqual({ series: [[3, 0, 2]], labels: [1, 2, 3], yAxis: { min: 0, max: 3 } });
    expect(line.series).toEqual([api.scoreProgression.map((s) => s.score)]);
    expect(line.labels).toEqual(api.scoreProgression.map((s) => s.attempt));
    const yLabels = await page.locator('[data-chart="Score Progression"] .apexcharts-yaxis-label tspan').allTextContents();
    expect(Math.min(...yLabels.map(Number))).toBe(0);
    expect(Math.max(...yLabels.map(Number))).toBe(3);
    await expect(page.locator('[data-metric="total"] dd')).toHaveText(String(api.metrics.totalQuizzes));
    await expect(page.locator('[data-metric="pass-rate"] dd')).toHaveText(`${api.metrics.passRate}%`);
    await expect(page.locator('[data-metric="improvement"] dd')).toHaveText(`${api.metrics.improvementRate} pts`);

    // Quiz Analytics: every cell and the most-missed list are the API's.
    await page.getByRole('tab', { name: 'Quiz Analytics' }).click();
    for (const c of analytics.byPillarLevel) {
      await expect(page.locator(`[data-cell="${c.pillar}-${c.level}"]`)).toHaveText(c.accuracy === null ? '—' : `${c.accuracy}% (${c.correct}/${c.total})`);
    }
    const missed = page.getByTestId('missed-item');
    await expect(missed).toHaveCount(analytics.mostMissed.length);
    for (const [i, m] of analytics.mostMissed.entries()) {
      await expect(missed.nth(i)).toContainText(m.question);
      await expect(missed.nth(i)).toContainText(`Missed ${m.missed} of ${m.asked} ${m.asked === 1 ? 'time' : 'times'}`);
      await expect(missed.nth(i).getByRole('link', { name: m.lessonTitle })).toHaveAttribute('href', `/lesson/${m.lessonId}`);
    }
    expect(errors).toEqual([]);
  });

  test('an average of exactly 2.5 is highlighted in words, 2.49 is not; the score axis stays 0-3', async ({ page }) => {
    await learnerAtTheHighlightEdge(page);
    await gotoHydrated(page, '/progress');
    const api = (await (await page.request.get('/api/user/progress')).json()) as ProgressApi;
    expect(api.pillars.map((p) => [p.pillar, p.averageScore, p.highlighted])).toEqual([
      ['saving', 2.5, true],
      ['credit', 2.49, false],
      ['investing', null, false],
    ]);
    for (const list of ['.pillar-summary', '.detail-list']) {
      if (list === '.detail-list') await page.getByRole('tab', { name: 'Detailed Progress' }).click();
      const saving = page.locator(`${list} [data-pillar="saving"]`);
      const credit = page.locator(`${list} [data-pillar="credit"]`);
      await expect(saving.getByTestId('average')).toHaveText('2.50');
      await expect(saving).toHaveAttribute('data-highlighted', 'true');
      // Marked in words a screen reader reads, not by colour alone.
      await expect(saving.getByTestId('highlight-note')).toBeVisible();
      await expect(saving).toMatchAriaSnapshot(`
        - paragraph:
          - text: "Average score:"
          - strong: "2.50"
          - text: "/ 3 Excellent: 2.5 or more"
      `);
      await expect(credit.getByTestId('average')).toHaveText('2.49');
      await expect(credit).toHaveAttribute('data-highlighted', 'false');
      await expect(credit.getByTestId('highlight-note')).toHaveCount(0);
      await expect(credit).not.toContainText('Excellent');
    }
    await expectNoSeriousA11yViolations(page);

    // Every score is 2 or 3, yet the axis still runs from 0 to 3.
    await page.getByRole('tab', { name: 'Performance' }).click();
    const line = await drawnIn(page, 'Score Progression');
    expect(line.yAxis).toEqual({ min: 0, max: 3 });
    expect((line.series as number[][])[0]).toHaveLength(37);
    const yLabels = (await page.locator('[data-chart="Score Progression"] .apexcharts-yaxis-label tspan').allTextContents()).map(Number);
    expect([Math.min(...yLabels), Math.max(...yLabels)]).toEqual([0, 3]);
  });

  test('earned badges show on /progress with the date earned in the learner\'s time zone, as GET /api/user/badges', async ({ browser }) => {
    // A zone whose date differs from the server's today, so a date formatted on the server shows.
    const zone = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find(
      (z) => new Date().toLocaleDateString('en-US', { timeZone: z }) !== new Date().toLocaleDateString('en-US'),
    )!;
    const context = await browser.newContext({ baseURL: process.env.BASE_URL, timezoneId: zone });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await learnerWithHistory(page);
    const badges = (await (await page.request.get('/api/user/badges')).json()) as ProgressApi['badges'];
    expect(badges.map((b) => b.key).sort()).toEqual(['assessment-complete', 'first-lesson', 'perfect-quiz']);
    const localDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: zone });

    for (const path of ['/progress', '/dashboard']) {
      await gotoHydrated(page, path);
      const items = page.locator('.badge-item');
      await expect(items).toHaveCount(badges.length);
      for (const b of badges) {
        const item = page.locator(`[data-badge="${b.key}"]`);
        await expect(item).toContainText(b.title);
        await expect(item.locator('time')).toHaveAttribute('datetime', b.earnedAt);
        await expect(item.locator('time')).toHaveText(localDate(b.earnedAt));
        await expect(item).toContainText(`Earned ${localDate(b.earnedAt)}`);
      }
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  test('\'Welcome\' is said once per learner: not again after signing out and in', async ({ page }) => {
    const { email, password } = await signedInLearner(page, { firstName: 'Sam' });
    await page.clock.setFixedTime(new Date('2026-11-22T09:00:00'));
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Sam!');
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL((url) => url.pathname === '/' && !url.search.includes('logout'));
    await page.goto('/login');
    await waitForHydration(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL((url) => url.pathname !== '/login');
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByTestId('greeting')).toHaveText('Good morning, Sam!');
  });

  test('tabs work by keyboard', async ({ page }) => {
    await signedInLearner(page);
    await gotoHydrated(page, '/progress');
    await page.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Performance' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Detailed Progress' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a new learner sees empty states that invite them to start, never sample numbers', async ({ page }) => {
    await signedInLearner(page);
    await gotoHydrated(page, '/progress');
    await expect(page.getByTestId('empty-state')).toContainText('No quizzes yet');
    await expect(page.getByRole('link', { name: 'Start your first lesson' })).toBeVisible();
    await expect(page.locator('[data-chart]')).toHaveCount(0);
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Start with your free assessment' })).toBeVisible();
    await expect(page.getByTestId('overall-value')).toHaveText('0');
    await expect(page.getByText('No badges yet')).toBeVisible();
    // No assessment: no invented score, colour, message or level on the pillar cards, but an invitation.
    await expect(page.getByText('out of 100')).toHaveCount(0);
    await expect(page.getByText(/Start with foundation concepts|Basic understanding|Good foundation|Excellent knowledge/)).toHaveCount(0);
    await expect(page.locator('.pillar-card .pillar-score, .pillar-card .pillar-level')).toHaveCount(0);
    await expect(page.locator('.pillar-card[class*="score-"]')).toHaveCount(0);
    for (const pillar of ['saving', 'credit', 'investing']) {
      const card = page.locator(`[data-pillar="${pillar}"]`);
      await expect(card.getByRole('link', { name: 'Take the free assessment' })).toHaveAttribute('href', '/assessment');
      await expect(card.getByTestId('lessons-done')).toHaveText('0');
      await expect(card.getByTestId('weighted')).toHaveText('0%');
    }
    await expect(page.getByTestId('overall-hint')).toContainText('The assessment part counts as 0 until you take the free assessment');
    await expect(page.locator('[data-part="assessment"]')).toContainText('0');
    await expect(page.getByTestId('priority')).not.toContainText('assessment score');
    await expectNoSeriousA11yViolations(page);
  });

  test('before the assessment, lessons done count while the assessment part stays 0', async ({ page }) => {
    const { headers } = await signedInLearner(page);
    await complete(page, headers, 'saving', 'saving-pay-yourself-first', correctAnswersOf('saving-pay-yourself-first'));
    await gotoHydrated(page, '/dashboard');
    const saving = page.locator('[data-pillar="saving"]');
    await expect(saving.getByTestId('lessons-done')).toHaveText('1');
    await expect(saving.getByTestId('weighted')).toHaveText('9%'); // 8.5 of 100
    await expect(saving.getByRole('link', { name: 'Take the free assessment' })).toBeVisible();
    await expect(page.getByTestId('overall-value')).toHaveText('2'); // 0.25 × 8.5 = 2.1
    await expect(page.locator('[data-part="assessment"] strong')).toHaveText('0');
    await expect(page.locator('[data-part="saving"] strong')).toHaveText('2.1');
    // Credit and investing tie at 0%: no score to compare, so the spec's pillar order decides.
    await expect(page.getByTestId('priority')).toContainText('Credit');
    await expect(page.getByTestId('priority')).toContainText('0% of its lessons done.');
    await expect(page.getByText('out of 100')).toHaveCount(0);
  });

  test('the dashboard updates after a lesson is passed in another tab and the page becomes visible', async ({ page, context }) => {
    const { headers } = await learnerWithHistory(page);
    await gotoHydrated(page, '/dashboard');
    await expect(page.locator('[data-pillar="saving"]').getByTestId('lessons-done')).toHaveText('2');
    const other = await context.newPage();
    await other.goto('/dashboard');
    await complete(other, headers, 'saving', 'saving-budgeting-methods', correctAnswersOf('saving-budgeting-methods'));
    await other.close();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.locator('[data-pillar="saving"]').getByTestId('lessons-done')).toHaveText('3');
  });

  test('signed-out visitors see the sign-in prompt on /progress and go to / from the dashboard', async ({ page }) => {
    await gotoHydrated(page, '/progress');
    await expect(page.getByText('Please log in to view your progress.')).toBeVisible();
    await gotoHydrated(page, '/dashboard');
    await page.waitForURL((u) => u.pathname === '/');
  });
});
