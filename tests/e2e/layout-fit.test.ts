// What a newcomer saw go wrong on a phone (issue 40): pages that scroll sideways with a long name
// or an open data table, and a radio left alone above a multi-line answer. On 360 and 390 px
// phones and a laptop.
import { expect, expectNoSeriousA11yViolations, gotoHydrated, type Page, signedInLearner, test } from './fixtures.ts';
import { answersScoring } from '../helpers/assessment-answers.ts';

const DEVICES = [
  ['360 px phone', { width: 360, height: 740 }],
  ['390 px phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
] as const;

// 100 characters, the most sign-up allows, with no space to break at.
const LONG_NAME = 'Maximilianalexandrovna'.repeat(5).slice(0, 100);

/** How far the page scrolls sideways (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const [device, viewport] of DEVICES) {
  test(`a 100-character name and open data tables never make a page scroll sideways (${device})`, async ({ page }) => {
    test.slow(); // six pages and four tabs, each to network idle
    await page.setViewportSize(viewport);
    const { headers } = await signedInLearner(page, {
      firstName: LONG_NAME,
      email: `a.rather.long.address.for.a.small.phone.${Date.now()}@example-learners.com`,
    });
    await page.request.post('/api/assessment/submit', {
      headers,
      data: { answers: answersScoring({ 1: 2, 2: 1, 3: 4, 4: 0, 5: 1, 6: 1, 7: 0, 8: 4, 9: 0, 10: 0, 11: 1, 12: 0 }) },
    });
    const [first] = (await (await page.request.get('/api/lessons/saving/beginner')).json()) as Array<{ id: number }>;
    const { questions } = (await (await page.request.get(`/api/lesson/${first.id}`)).json()) as {
      questions: Array<{ id: number }>;
    };
    const done = await page.request.post(`/api/lesson/${first.id}/complete`, {
      headers,
      data: {
        attemptId: crypto.randomUUID(),
        quizResponses: questions.map((q) => ({ questionId: q.id, userAnswer: 0 })),
      },
    });
    expect(done.status()).toBe(201);

    // The development mailbox too: its long verification links wrap.
    for (const path of ['/dashboard', '/account', '/lessons', `/lesson/${first.id}`, '/review', '/dev/mailbox']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await overflow(page), path).toBeLessThanOrEqual(0);
    }
    await page.goto('/account');
    await expectNoSeriousA11yViolations(page);

    await page.goto('/progress');
    let opened = 0;
    for (const tab of ['Overview', 'Performance', 'Quiz Analytics', 'Detailed Progress']) {
      await page.getByRole('tab', { name: tab }).click();
      await page.waitForLoadState('networkidle');
      const tables = page.getByRole('tabpanel').locator('summary', { hasText: 'Show the data as a table' });
      for (let i = 0; i < (await tables.count()); i++) {
        await tables.nth(i).click();
        opened++;
      }
      expect(await overflow(page), `/progress (${tab}, tables open)`).toBeLessThanOrEqual(0);
    }
    expect(opened, 'the charts offer their data as tables').toBeGreaterThan(0);
    await expectNoSeriousA11yViolations(page);
  });

  test(`the radio stays beside the first line of a long answer (${device})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signedInLearner(page);
    await gotoHydrated(page, '/assessment');
    await expect(page.locator('.option').first()).toBeVisible();
    // Every answer of the first question, measured at once: the radio beside the text, level with its first line.
    const answers = await page.locator('.option').evaluateAll((labels) =>
      labels.map((label) => {
        const radio = label.querySelector('input')!.getBoundingClientRect();
        const text = label.querySelector('input + span')!;
        return {
          radio: radio.toJSON(),
          text: text.getBoundingClientRect().toJSON(),
          line: parseFloat(getComputedStyle(text).lineHeight),
        };
      })
    );
    expect(answers.length).toBeGreaterThan(1);
    let multiLine = 0;
    for (const [i, { radio, text, line }] of answers.entries()) {
      expect(radio.x + radio.width, `answer ${i + 1}: beside`).toBeLessThanOrEqual(text.x);
      expect(radio.y, `answer ${i + 1}: level with the first line`).toBeLessThan(text.y + line);
      expect(radio.y + radio.height).toBeGreaterThan(text.y);
      if (text.height > 1.5 * line) multiLine++;
    }
    if (viewport.width < 400) expect(multiLine, 'a phone shows some answer on more than one line').toBeGreaterThan(0);
  });

  test(`a missing lesson answers 404 Not Found and says so (${device})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signedInLearner(page);
    const response = (await page.goto('/lesson/999999'))!;
    expect([response.status(), response.statusText()]).toEqual([404, 'Not Found']);
    await expect(page.getByRole('heading', { name: 'Lesson Not Found' })).toBeVisible();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
  });
}
