import {
  correctAnswersOf,
  curriculumLessons,
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  lessonsIn,
  type Page,
  pickOption,
  signedInLearner,
  test,
  useOwnServer,
  waitForHydration,
} from './fixtures.ts';
import { LEVEL_LABELS, LEVELS, PILLAR_LABELS, PILLARS } from '../../src/lib/domain.ts';

// Admin edits change what every learner sees: these tests get a server of their own.
useOwnServer({ ADMIN_EMAILS: Array.from({ length: 11 }, (_, i) => `author${i + 1}@example.com`).join(',') });

/**
 * Each lesson section's markup, child by child, with a practice tool (the island on the lesson
 * page, the placeholder in the preview) reduced to its kind: the two must be the same.
 */
function sectionMarkup(page: Page, container: string): Promise<string[][]> {
  return page.locator(`${container} > .lesson-section`).evaluateAll((sections) =>
    sections.map((section) =>
      // Astro's island runtime (a style and scripts) goes before the page's first island, which
      // may sit in a section; it is the framework's, not the lesson's markup.
      [...section.children].filter((child) =>
        !(child.matches('script:not([src]), style') && /astro-island|self\.Astro/.test(child.textContent ?? ''))
      ).map((child) => {
        if (child.matches('astro-island, .practice-placeholder')) {
          const kind = child.getAttribute('data-calculator') ??
            child.querySelector('[data-calculator]')?.getAttribute('data-calculator');
          return `practice tool: ${kind}`;
        }
        return child.outerHTML;
      })
    )
  );
}

/** Passes curriculum lessons through the API, to open the lessons after them. */
async function completeLessons(
  page: Page,
  pillar: string,
  keep: (l: { level: string; orderIndex: number; slug: string }) => boolean,
) {
  const list = (await (await page.request.get(`/api/lessons/all/${pillar}`)).json()) as Array<
    { id: number; slug: string; level: string; orderIndex: number }
  >;
  for (const l of list.filter(keep)) {
    const answers = correctAnswersOf(l.slug);
    const r = await page.request.post(`/api/lesson/${l.id}/complete`, {
      headers: { origin: process.env.BASE_URL! },
      data: {
        attemptId: crypto.randomUUID(),
        quizResponses: answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
      },
    });
    expect(r.status()).toBe(201);
  }
}

test.describe('admin lesson management', () => {
  test('an admin creates a lesson with a quiz, sees it as a learner would, edits it and deletes it', async ({ page }) => {
    test.setTimeout(60_000);
    await signedInLearner(page, { email: 'author1@example.com', firstName: 'Alex' });
    await page.request.post('/api/assessment/submit', {
      headers: { origin: process.env.BASE_URL! },
      data: { savingScore: 10, creditScore: 10, investingScore: 90 },
    });
    await gotoHydrated(page, '/admin/lessons');
    await expect(page.getByRole('heading', { name: 'Lesson management' })).toBeVisible();
    await expect(page.locator('.admin-table tbody tr')).toHaveCount(curriculumLessons().length);
    await page.getByLabel('Pillar').selectOption('credit');
    await page.getByLabel('Level').selectOption('beginner');
    await expect(page.locator('.admin-table tbody tr')).toHaveCount(lessonsIn('credit', 'beginner').length);
    const firstRow = page.locator('.admin-table tbody tr').first();
    await expect(firstRow).toContainText('1');
    await expect(firstRow).toContainText('min');
    await expect(firstRow).toContainText('%');
    await expectNoSeriousA11yViolations(page);

    // The new lesson goes after the last curriculum lesson of investing advanced.
    const order = lessonsIn('investing', 'advanced').length + 1;
    await page.getByRole('button', { name: 'New lesson' }).click();
    await expect(page.getByLabel('Order')).toHaveValue('1');
    await expect(page.getByLabel('Duration (minutes)')).toHaveValue('10');
    // The weight suggests itself from the chosen level's lessons (their median), not 100/6.
    await expect(page.getByLabel('Weight (%)')).toHaveValue('');
    await page.getByLabel('Title').fill('Reading the fine print');
    await page.getByLabel('Pillar').selectOption('investing');
    await page.getByLabel('Level').selectOption('advanced');
    const weights = lessonsIn('investing', 'advanced').map((l) => l.weight).sort((a, b) => a - b);
    const median = weights.length % 2
      ? weights[(weights.length - 1) / 2]
      : (weights[weights.length / 2 - 1] + weights[weights.length / 2]) / 2;
    await expect(page.getByLabel('Weight (%)')).toHaveValue(String(Math.round(median * 100) / 100));
    await page.getByLabel('Order').fill(String(order));
    await page.getByLabel('Duration (minutes)').fill('7');
    await page.getByLabel('Weight (%)').fill('5.5');
    await page.getByLabel('Objective 1', { exact: true }).fill('Spot the fees in a fund fact sheet');
    await page.getByLabel('Section 1 header').fill('What to look for');
    await page.getByLabel('Section 1 subheader').fill('Before you buy');
    await page.getByLabel('Section 1 content').fill(
      'Check the **expense ratio** first, *every* year.\nThen the rest:\n- Loads\n- Trading costs\n[[calculator:compound-growth]]\nSmall fees add up.',
    );
    await expect(page.getByTestId('preview').locator('strong')).toHaveText('expense ratio');
    await expect(page.getByTestId('preview').locator('li')).toHaveCount(2);
    // The preview is the lesson page's markup: h2 header, subheader, and the calculator named, not its raw line.
    const preview = page.getByTestId('preview');
    await expect(preview.locator('h2')).toHaveText('What to look for');
    await expect(preview.locator('.subheader')).toHaveText('Before you buy');
    await expect(preview.locator('em')).toHaveText('every');
    await expect(preview.locator('.practice-placeholder')).toContainText('Compound-growth calculator');
    await expect(preview).not.toContainText('[[calculator');
    await expect(preview.locator('.prose')).toHaveCount(2);
    const previewMarkup = await sectionMarkup(page, '[data-testid="preview"]');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 1 text').fill('Which cost is charged every year?');
    for (
      const [k, text] of ['A front-end load', 'The expense ratio', 'A one-time transfer fee', 'A wire fee'].entries()
    ) {
      await page.getByLabel(`Question 1 option ${k + 1}`).fill(text);
    }
    await page.getByLabel('Option 2 is correct').check();
    await page.getByLabel('Question 1 explanation').fill(
      'The expense ratio is charged every year as a share of what you hold.',
    );
    await page.getByRole('button', { name: 'Create lesson' }).click();
    await expect(page.getByTestId('toast')).toContainText('Lesson created successfully');
    await page.getByLabel('Pillar').selectOption('investing');
    await page.getByLabel('Level').selectOption('advanced');
    const row = page.locator('.admin-table tbody tr', { hasText: 'Reading the fine print' });
    await expect(row).toContainText('7 min');
    await expect(row).toContainText('5.5%');
    await expect(row.locator('td[data-label="Questions"]')).toHaveText('1');
    const id = await row.getAttribute('data-lesson-id');

    const publicView = await (await page.request.get(`/api/admin/lessons/${id}`)).json();
    expect(publicView.questions[0].correctAnswer).toBe(1);

    // As a learner would see it: investing advanced is open to this account's placement, and
    // the new lesson opens once the lessons before it in the level are passed.
    await completeLessons(page, 'investing', (l) => l.level === 'advanced' && l.orderIndex < order);
    const res = await page.goto(`/lesson/${id}`);
    expect(res?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading the fine print');
    await expect(page.locator('.objectives li')).toHaveText(['Spot the fees in a fund fact sheet']);
    const body = page.locator('#lesson-content');
    await expect(body.locator('.lesson-section h2')).toHaveText('What to look for');
    await expect(body.locator('.lesson-section .subheader')).toHaveText('Before you buy');
    await expect(body.locator('.prose strong')).toHaveText('expense ratio');
    await expect(body.locator('.prose em')).toHaveText('every');
    await expect(body.locator('.prose br')).toHaveCount(1);
    await expect(body.locator('.prose li')).toHaveText(['Loads', 'Trading costs']);
    await expect(body.getByRole('region', { name: 'Compound-growth calculator' })).toBeVisible();
    await expect(body).not.toContainText('[[calculator');
    expect(await sectionMarkup(page, '#lesson-content')).toEqual(previewMarkup);
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page.getByText('Question 1 of 1')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Which cost is charged every year?' })).toBeVisible();
    await page.getByRole('radio', { name: 'The expense ratio' }).check();
    await page.getByRole('button', { name: 'Check answer' }).click();
    await expect(page.getByTestId('quiz-feedback')).toContainText('Correct');
    await page.getByRole('button', { name: 'See your result' }).click();
    await expect(page.getByRole('heading', { name: /You passed/ })).toBeVisible();
    await page.getByText('See each question and why').click();
    await expect(page.locator('.explanations')).toContainText(
      'The expense ratio is charged every year as a share of what you hold.',
    );
    await expect(page.locator('.explanations')).toContainText('✓ Correct');

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
    await expect(dialog).toContainText(
      'Are you sure you want to delete "Reading the fine print, revised"? This action cannot be undone.',
    );
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
    for (
      const message of [
        'Title is required',
        'Choose a pillar for the lesson',
        'Choose a level for the lesson',
        'Order must be at least 1',
        'Duration must be at least 1',
        'Weight must be from 0 to 100',
        'Section content is required',
        'Question is required',
        'Fill in all four options',
      ]
    ) {
      // Beside its field, once (the summary at the top names the field, not the message again).
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByTestId('error-summary').locator('li')).toContainText([
      'Title',
      'Pillar',
      'Level',
      'Order',
      'Duration',
      'Weight',
    ]);
    await expect(page.getByTestId('error-summary')).not.toContainText('Order must be at least 1');
    await page.getByLabel('Weight (%)').fill('12.345');
    await page.getByRole('button', { name: 'Create lesson' }).click();
    await expect(page.getByText('Weight goes in steps of 0.01')).toBeVisible();
    await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'New lesson' })).toBeVisible();
  });

  test("script in lesson content never runs on the learner's lesson page", async ({ page }) => {
    await signedInLearner(page, { email: 'author3@example.com' });
    const headers = { origin: process.env.BASE_URL! };
    const payload =
      '<script>window.__xss = 1</script><img src=x onerror="window.__xss = 2"> [click](javascript:window.__xss=3)\n\n**ok**\n\n[click me](javascript:window.__xss=3)';
    const created = await page.request.post('/api/admin/lessons', {
      headers,
      data: {
        title: '<script>window.__xss = 4</script>Safe title',
        pillar: 'saving',
        level: 'beginner',
        orderIndex: 40,
        sections: [{
          header: '<img src=x onerror="window.__xss=5">Header',
          subheader: '<b onmouseover="window.__xss=6">Sub</b>',
          content: payload,
        }],
        learningObjectives: ['<script>window.__xss=7</script>Objective'],
        questions: [{
          question: '<img src=x onerror="window.__xss=8">Q?',
          options: ['<script>window.__xss=9</script>a', 'b', 'c', 'd'],
          correctAnswer: 0,
          explanation: 'x',
        }],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    // Open it as a learner would: pass the saving beginner curriculum lessons first, so order 40 follows.
    const list = (await (await page.request.get('/api/lessons/all/saving')).json()) as Array<
      { id: number; slug: string; level: string; orderIndex: number }
    >;
    const before = list.filter((x) => x.level === 'beginner' && x.orderIndex < 40);
    expect(before.map((x) => x.slug)).toEqual(lessonsIn('saving', 'beginner').map((l) => l.slug));
    for (const l of before) {
      const answers = correctAnswersOf(l.slug);
      const r = await page.request.post(`/api/lesson/${l.id}/complete`, {
        headers,
        data: {
          attemptId: crypto.randomUUID(),
          quizResponses: answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
        },
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
    expect(
      await page.locator(
        '.lesson-body script, .lesson-body img, .lesson-body [onerror], .lesson-body a[href^="javascript"]',
      ).count(),
    ).toBe(0);
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
  test('XSS payloads in every text field never run: lesson page, quiz result, lessons list, admin list and preview', async ({ page }) => {
    test.setTimeout(60_000);
    await signedInLearner(page, { email: 'author4@example.com' });
    const headers = { origin: process.env.BASE_URL! };
    // Each field gets its own number, so a failure names the field.
    const evil = (n: number) =>
      `<script>window.__xss=${n}</script><img src=x onerror="window.__xss=${n};alert(${n})"><svg onload="window.__xss=${n}"></svg>[x](javascript:window.__xss=${n})<a href="javascript:window.__xss=${n}">a</a>`;
    const fields = {
      title: `${evil(1)}Payload lesson`,
      header: `${evil(2)}Header`,
      subheader: `${evil(3)}Sub`,
      content: `${
        evil(4)
      }\n\n**ok**\n\n[link](javascript:window.__xss=4)\n\n<a href="javascript:window.__xss=4">link</a>`,
      objectives: [`${evil(5)}First objective`, `${evil(6)}Second objective`],
      question: `${evil(7)}Question?`,
      options: [`${evil(8)}Right`, `${evil(9)}B`, `${evil(10)}C`, `${evil(11)}D`],
      explanation: `${evil(12)}Because.`,
    };
    // Right after the last curriculum lesson of credit beginner.
    const order = lessonsIn('credit', 'beginner').length + 1;
    const created = await page.request.post('/api/admin/lessons', {
      headers,
      data: {
        title: fields.title,
        pillar: 'credit',
        level: 'beginner',
        orderIndex: order,
        sections: [{ header: fields.header, subheader: fields.subheader, content: fields.content }],
        learningObjectives: fields.objectives,
        questions: [{
          question: fields.question,
          options: fields.options,
          correctAnswer: 0,
          explanation: fields.explanation,
        }],
      },
    });
    expect(created.status()).toBe(201);
    const { id } = await created.json();
    await completeLessons(page, 'credit', (l) => l.level === 'beginner' && l.orderIndex < order);

    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    // A script or handler that ran sets window.__xss or opens a dialog. The page's CSP would
    // block most of them anyway, so the markup is checked too: in the content, no script from
    // lesson text, no img/iframe/object/embed, no on* attribute and no javascript: URL.
    const expectNothingRan = async (content: string) => {
      // The page's load (error handlers of broken images fire by then), a frame and a task: a
      // handler or zero-delay timer the content queued has run before the checks below.
      await page.waitForLoadState('load');
      await page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))));
      expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
      expect(dialogs).toEqual([]);
      const offenders = await page.locator(content).evaluateAll((roots) =>
        roots.flatMap((root) =>
          [root, ...root.querySelectorAll('*')]
            .filter(
              (el) =>
                (el.tagName === 'SCRIPT' && el.getAttribute('type') !== 'application/json' &&
                  (el.textContent ?? '').includes('__xss')) ||
                ['IMG', 'IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName) ||
                [...el.attributes].some((a) =>
                  /^on/i.test(a.name) ||
                  (/^(href|src|action|formaction|xlink:href)$/i.test(a.name) && /^\s*javascript:/i.test(a.value))
                ),
            )
            .map((el) => el.outerHTML.slice(0, 160))
        )
      );
      expect(offenders).toEqual([]);
      expect(await page.locator('a[href^="javascript" i], [onerror], [onload]').count()).toBe(0);
      // The quiz's data travels as an inert JSON block; no '<' in it, so lesson text cannot end it.
      for (const data of await page.locator('script[type="application/json"]').all()) {
        expect(await data.evaluate((el) => el.innerHTML.includes('<'))).toBe(false);
        expect(await data.evaluate((el) => JSON.parse(el.textContent ?? '') !== null)).toBe(true);
      }
    };

    expect((await page.goto(`/lesson/${id}`))?.status()).toBe(200);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fields.title);
    await expect(page.locator('.objectives li')).toHaveText(fields.objectives);
    await expect(page.locator('.lesson-section h2')).toHaveText(fields.header);
    await expect(page.locator('.lesson-section .subheader')).toHaveText(fields.subheader);
    await expect(page.locator('.prose strong')).toHaveText('ok');
    await expectNothingRan('.lesson');
    await page.getByRole('button', { name: 'Start Quiz' }).click();
    await expect(page.getByRole('heading', { name: /Question\?/ })).toHaveText(fields.question);
    await expect(page.getByRole('radio')).toHaveCount(4);
    // Options are shown shuffled (issue 52): each is there, as text, in some order.
    await expect(page.locator('.option span')).toHaveCount(fields.options.length);
    expect((await page.locator('.option span').allTextContents()).sort()).toEqual([...fields.options].sort());
    await expectNothingRan('.lesson');
    await pickOption(page, 0); // the right option, wherever the shuffle shows it
    await page.getByRole('button', { name: 'Check answer' }).click();
    // The answer's feedback shows the explanation as text.
    await expect(page.getByTestId('quiz-feedback').locator('.why')).toHaveText(fields.explanation);
    await expectNothingRan('.lesson');
    await page.getByRole('button', { name: 'See your result' }).click();
    // The result view shows the question, the correct option and the explanation, as text.
    await expect(page.getByRole('heading', { name: /You passed/ })).toBeVisible();
    await page.getByText('See each question and why').click();
    const result = page.locator('.explanations li');
    await expect(result.locator('.q')).toContainText(fields.question);
    await expect(result.locator('strong')).toHaveText(fields.options[0]);
    await expect(result.locator('.why')).toHaveText(fields.explanation);
    await expectNothingRan('.lesson');

    // The lessons list shows the title and the first two objectives.
    await page.goto('/lessons?pillar=credit&level=beginner');
    const card = page.locator('.lesson-grid li', { hasText: 'Payload lesson' });
    await expect(card.getByRole('heading')).toContainText(fields.title);
    await expect(card.locator('.objectives li')).toHaveText(fields.objectives);
    await expectNothingRan('.lesson-grid');

    // The admin list and the editor's preview.
    await gotoHydrated(page, '/admin/lessons');
    await expect(page.locator('.admin-table tbody th', { hasText: 'Payload lesson' })).toHaveText(fields.title);
    await expectNothingRan('.admin-table');
    await page.getByRole('button', { name: `Edit ${fields.title}` }).click();
    await expect(page.getByTestId('preview').locator('h2')).toHaveText(fields.header);
    await expect(page.getByTestId('preview').locator('strong')).toHaveText('ok');
    await expectNothingRan('[data-testid="preview"]');
  });

  test('the list is sorted by pillar, level and order, and filters by pillar and by level', async ({ page }) => {
    await signedInLearner(page, { email: 'author5@example.com' });
    const headers = { origin: process.env.BASE_URL! };
    // Created last, so an order by id would put them at the end; each after its level's curriculum
    // lessons (and the lesson an earlier test put right after them).
    const sorted = ([['saving', 'advanced', 9], ['credit', 'beginner', 8], ['investing', 'intermediate', 7]] as const)
      .map(
        ([pillar, level, after]) => [pillar, level, lessonsIn(pillar, level).length + after] as const,
      );
    const title = (i: number) => `Sorted ${sorted[i][0]} ${sorted[i][1]} ${sorted[i][2]}`;
    for (const [pillar, level, orderIndex] of sorted) {
      const r = await page.request.post('/api/admin/lessons', {
        headers,
        data: {
          title: `Sorted ${pillar} ${level} ${orderIndex}`,
          pillar,
          level,
          orderIndex,
          sections: [{ content: 'x' }],
        },
      });
      expect(r.status()).toBe(201);
    }
    const all = (await (await page.request.get('/api/admin/lessons/all')).json()) as Array<
      { pillar: string; level: string }
    >;
    await gotoHydrated(page, '/admin/lessons');
    const rows = () =>
      page.locator('.admin-table tbody tr').evaluateAll((trs) =>
        trs.map((tr) => {
          const cells = tr.querySelectorAll('td');
          return {
            pillar: cells[0].textContent ?? '',
            level: cells[1].textContent ?? '',
            order: Number(cells[2].textContent),
            title: tr.querySelector('th')?.textContent ?? '',
          };
        })
      );
    const rank = (r: { pillar: string; level: string; order: number }) => [
      PILLARS.findIndex((p) => PILLAR_LABELS[p] === r.pillar),
      LEVELS.findIndex((l) => LEVEL_LABELS[l] === r.level),
      r.order,
    ];
    const compare = (a: Parameters<typeof rank>[0], b: Parameters<typeof rank>[0]) => {
      const [x, y] = [rank(a), rank(b)];
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    };
    await expect(page.locator('.admin-table tbody tr')).toHaveCount(all.length);
    const shown = await rows();
    expect(shown.every((r) => rank(r).every((n) => n >= 0))).toBe(true);
    expect(shown).toEqual([...shown].sort(compare));
    const at = (title: string) => shown.findIndex((r) => r.title === title);
    const creditBeginner = shown.filter((r) => r.pillar === 'Credit' && r.level === 'Beginner');
    expect(creditBeginner.at(-1)?.title).toBe(title(1));
    expect(shown[at(title(1)) + 1]).toMatchObject({ pillar: 'Credit', level: 'Intermediate', order: 1 });
    expect(shown[at(title(0)) + 1]).toMatchObject({ pillar: 'Credit', level: 'Beginner', order: 1 });

    await page.getByLabel('Pillar').selectOption('credit');
    await expect(page.locator('.admin-table tbody tr')).toHaveCount(all.filter((l) => l.pillar === 'credit').length);
    expect((await rows()).every((r) => r.pillar === 'Credit')).toBe(true);
    await page.getByLabel('Level').selectOption('intermediate');
    await expect(page.locator('.admin-table tbody tr')).toHaveCount(
      all.filter((l) => l.pillar === 'credit' && l.level === 'intermediate').length,
    );
    expect((await rows()).every((r) => r.pillar === 'Credit' && r.level === 'Intermediate')).toBe(true);
    await page.getByLabel('Pillar').selectOption('');
    await page.getByLabel('Level').selectOption('advanced');
    await expect(page.locator('.admin-table tbody tr')).toHaveCount(all.filter((l) => l.level === 'advanced').length);
    const advanced = await rows();
    expect(new Set(advanced.map((r) => r.pillar))).toEqual(new Set(['Saving', 'Credit', 'Investing']));
    expect(advanced.every((r) => r.level === 'Advanced')).toBe(true);
    expect(advanced).toEqual([...advanced].sort(compare));
  });

  test("failed calls show the spec's toasts: load, delete, create and update", async ({ page }) => {
    test.setTimeout(45_000);
    await signedInLearner(page, { email: 'author6@example.com' });
    await gotoHydrated(page, '/admin/lessons');
    await page.getByLabel('Pillar').selectOption('credit');
    await page.getByLabel('Level').selectOption('advanced');
    const row = page.locator('.admin-table tbody tr').first();
    const title = (await row.locator('th').textContent())!;
    const oneLesson = /\/api\/admin\/lessons\/\d+$/;
    const toast = page.getByTestId('toast');

    await page.route(
      oneLesson,
      (
        route,
      ) => (route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: { message: 'Something went wrong' } })
        : route.fallback()),
    );
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(toast).toContainText('Failed to load lesson');
    await expect(page.getByRole('button', { name: 'New lesson' })).toBeVisible();
    await page.unroute(oneLesson);

    await page.route(
      oneLesson,
      (route) => (route.request().method() === 'DELETE' ? route.abort('failed') : route.fallback()),
    );
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('dialog', { name: 'Delete lesson' }).getByRole('button', { name: 'Delete', exact: true })
      .click();
    await expect(toast).toContainText('Failed to delete lesson');
    await expect(page.locator('.admin-table tbody th', { hasText: title })).toHaveCount(1);
    await page.unroute(oneLesson);

    await page.route(
      oneLesson,
      (
        route,
      ) => (route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { message: 'Something went wrong' } })
        : route.fallback()),
    );
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(page.getByLabel('Title')).toHaveValue(title);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast).toContainText('Failed to update lesson');
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeVisible();
    await page.unroute(oneLesson);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.route(
      '**/api/admin/lessons',
      (route) => (route.request().method() === 'POST' ? route.abort('failed') : route.fallback()),
    );
    await page.getByRole('button', { name: 'New lesson' }).click();
    await page.getByLabel('Title').fill('Never saved');
    await page.getByLabel('Pillar').selectOption('credit');
    await page.getByLabel('Level').selectOption('advanced');
    await page.getByLabel('Order').fill('77');
    await page.getByLabel('Section 1 content').fill('Text');
    await page.getByRole('button', { name: 'Create lesson' }).click();
    await expect(toast).toContainText('Failed to create lesson');
    await expect(page.getByRole('button', { name: 'Create lesson' })).toBeVisible();
    await page.unroute('**/api/admin/lessons');
  });

  test("the editor keeps question ids: removing a question leaves the others' ids, a new one gets a fresh id", async ({ page }) => {
    await signedInLearner(page, { email: 'author7@example.com' });
    const q = (text: string) => ({ question: text, options: ['a', 'b', 'c', 'd'], correctAnswer: 0, explanation: 'a' });
    const created = await page.request.post('/api/admin/lessons', {
      headers: { origin: process.env.BASE_URL! },
      data: {
        title: 'Ids lesson',
        pillar: 'saving',
        level: 'intermediate',
        orderIndex: 60,
        sections: [{ content: 'x' }],
        questions: [q('First?'), q('Second?'), q('Third?')],
      },
    });
    const { id } = await created.json();
    const questions = async () =>
      ((await (await page.request.get(`/api/admin/lessons/${id}`)).json()).questions as Array<
        { id: number; question: string }
      >).map((x) => [x.id, x.question]);
    expect(await questions()).toEqual([[1, 'First?'], [2, 'Second?'], [3, 'Third?']]);

    await gotoHydrated(page, '/admin/lessons');
    await page.getByRole('button', { name: 'Edit Ids lesson' }).click();
    await page.getByRole('button', { name: 'Remove question 1' }).click();
    await expect(page.getByLabel('Question 1 text')).toHaveValue('Second?');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Lesson updated successfully');
    expect(await questions()).toEqual([[2, 'Second?'], [3, 'Third?']]);

    await page.getByRole('button', { name: 'Edit Ids lesson' }).click();
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 3 text').fill('Fourth?');
    for (const k of [1, 2, 3, 4]) await page.getByLabel(`Question 3 option ${k}`).fill(`option ${k}`);
    await page.locator('[data-question="3"]').getByLabel('Option 1 is correct').check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Lesson updated successfully');
    expect(await questions()).toEqual([[2, 'Second?'], [3, 'Third?'], [4, 'Fourth?']]);
  });

  test('saved by someone else meanwhile: the editor says so and reloads the latest on request', async ({ page }) => {
    await signedInLearner(page, { email: 'author11@example.com' });
    const headers = { origin: process.env.BASE_URL! };
    const q = { question: 'Q?', options: ['a', 'b', 'c', 'd'], correctAnswer: 0, explanation: 'a' };
    const lesson = {
      title: 'Stale lesson',
      pillar: 'credit',
      level: 'intermediate',
      orderIndex: 61,
      sections: [{ content: 'x' }],
      questions: [q],
    };
    const { id } = await (await page.request.post('/api/admin/lessons', { headers, data: lesson })).json();
    await gotoHydrated(page, '/admin/lessons');
    await page.getByRole('button', { name: 'Edit Stale lesson' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('Stale lesson');
    // Another author saves first.
    const current = await (await page.request.get(`/api/admin/lessons/${id}`)).json();
    const other = await page.request.put(`/api/admin/lessons/${id}`, {
      headers,
      data: { ...current, title: 'Stale lesson, their version' },
    });
    expect(other.status()).toBe(200);
    await page.getByLabel('Title').fill('Stale lesson, my version');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const alert = page.locator('.editor-form .alert-error');
    await expect(alert).toContainText('Someone else saved this lesson while you were editing it.');
    await expectNoSeriousA11yViolations(page);
    await alert.getByRole('button', { name: 'Reload the latest' }).click();
    await expect(page.getByLabel('Title')).toHaveValue('Stale lesson, their version');
    await expect(alert).toHaveCount(0);
    await page.getByLabel('Title').fill('Stale lesson, both versions');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Lesson updated successfully');
    expect((await (await page.request.get(`/api/admin/lessons/${id}`)).json()).title).toBe(
      'Stale lesson, both versions',
    );
  });

  test('a question that arrives with fewer than four options opens padded to four, and the empty ones must be filled in', async ({ page }) => {
    await signedInLearner(page, { email: 'author8@example.com' });
    const created = await page.request.post('/api/admin/lessons', {
      headers: { origin: process.env.BASE_URL! },
      data: {
        title: 'Short options',
        pillar: 'saving',
        level: 'intermediate',
        orderIndex: 61,
        sections: [{ content: 'x' }],
        questions: [{ question: 'Q?', options: ['a', 'b', 'c', 'd'], correctAnswer: 1 }],
      },
    });
    const { id } = await created.json();
    // An older record (or another client) with only two options for the question.
    await page.route(`**/api/admin/lessons/${id}`, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      const response = await route.fetch();
      const lesson = await response.json();
      lesson.questions[0].options = ['Yes', 'No'];
      await route.fulfill({ response, json: lesson });
    });
    await gotoHydrated(page, '/admin/lessons');
    await page.getByRole('button', { name: 'Edit Short options' }).click();
    for (const [k, value] of ['Yes', 'No', '', ''].entries()) {
      await expect(page.getByLabel(`Question 1 option ${k + 1}`)).toHaveValue(value);
    }
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Fill in all four options', { exact: true })).toBeVisible();
    await page.getByLabel('Question 1 option 3').fill('Maybe');
    await page.getByLabel('Question 1 option 4').fill('Later');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByTestId('toast')).toContainText('Lesson updated successfully');
    await page.unroute(`**/api/admin/lessons/${id}`);
    const saved = await (await page.request.get(`/api/admin/lessons/${id}`)).json();
    expect(saved.questions[0].options).toEqual(['Yes', 'No', 'Maybe', 'Later']);
  });

  test('a pillar and level with no lessons shows the empty state on the lessons list', async ({ page }) => {
    await signedInLearner(page, { email: 'author9@example.com' });
    const headers = { origin: process.env.BASE_URL! };
    // Placed at credit intermediate (score 60), so that level is open to this account.
    await page.request.post('/api/assessment/submit', {
      headers,
      data: { savingScore: 10, creditScore: 60, investingScore: 10 },
    });
    const all = (await (await page.request.get('/api/admin/lessons/all')).json()) as Array<
      { id: number; pillar: string; level: string }
    >;
    const level = all.filter((l) => l.pillar === 'credit' && l.level === 'intermediate');
    expect(level.length).toBeGreaterThan(0);
    for (const l of level) {
      expect((await page.request.delete(`/api/admin/lessons/${l.id}`, { headers })).status()).toBe(200);
    }
    await page.goto('/lessons?pillar=credit&level=intermediate');
    await expect(page.getByRole('link', { name: 'Intermediate' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { name: 'No lessons available' })).toBeVisible();
    await expect(page.getByText('Lessons for this pillar and level will be added soon.')).toBeVisible();
    await expect(page.locator('.lesson-grid')).toHaveCount(0);
  });

  test("the editor speaks an author's words, moves focus to the first error, previews the quiz, and an author opens any lesson", async ({ page }) => {
    await signedInLearner(page, { email: 'author10@example.com' });
    await gotoHydrated(page, '/admin/lessons');
    await page.getByRole('button', { name: 'New lesson' }).click();
    await page.getByLabel('Title').fill('Unfinished');
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByLabel('Question 1 text').fill('Which is a need?');
    await page.getByLabel('Question 1 option 1').fill('Rent');
    // The quiz shows in the preview as the author writes it, its correct answer marked.
    const quiz = page.getByTestId('preview-quiz');
    await expect(quiz.getByRole('heading', { name: 'Quiz (1 question)' })).toBeVisible();
    await expect(quiz).toContainText('Which is a need?');
    await page.getByLabel('Option 1 is correct').check();
    await expect(quiz.locator('li.correct')).toContainText('Rent (correct answer)');
    await expect(quiz).toContainText('Empty option');

    await page.getByRole('button', { name: 'Create lesson' }).click();
    const summary = page.getByTestId('error-summary');
    await expect(summary).toBeVisible();
    // Each problem named as the author sees the form, never as a field path.
    await expect(summary.locator('li')).toContainText(['Pillar', 'Level', 'Section 1 content', 'Question 1 options']);
    await expect(summary).not.toContainText(/questions\.\d|sections\.\d|orderIndex|\bundefined\b/);
    // Each message shows once, beside its field.
    await expect(page.getByText('Fill in all four options', { exact: true })).toHaveCount(1);
    // Focus goes to the first field with an error, in the form's order: the pillar.
    await expect(page.getByLabel('Pillar')).toBeFocused();
    await expectNoSeriousA11yViolations(page);

    // An author may open any lesson: an advanced lesson this account has not reached.
    const all = (await (await page.request.get('/api/admin/lessons/all')).json()) as Array<
      { id: number; pillar: string; level: string; orderIndex: number }
    >;
    const far =
      all.filter((l) => l.pillar === 'investing' && l.level === 'advanced').sort((a, b) =>
        b.orderIndex - a.orderIndex
      )[0];
    const res = await page.goto(`/lesson/${far.id}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: /is locked/ })).toHaveCount(0);
    expect((await page.request.get(`/api/lesson/${far.id}`)).status()).toBe(200);
    await page.goto('/lessons?pillar=investing&level=advanced');
    await expect(page.locator('.locked-btn')).toHaveCount(0);
  });
});
