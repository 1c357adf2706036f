// `node scripts/docs-screenshots.mjs`: the README's screenshots (docs/*.png), taken from the built
// app (npm run build first) with a learner made for the occasion: the dashboard on a phone and a
// laptop, and the learning loop (a lesson step, an answer's feedback, the finish and the failed
// screens, /review and a practice answer) on a phone and a desktop. Uses Debian's Chromium (CHROMIUM_PATH).
import { chromium } from '@playwright/test';
import { startServer } from '../tests/helpers/server.mjs';

const server = await startServer({ env: { APP_ENV: 'development', LOG_LEVEL: 'warn' } });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const sizes = { phone: { width: 390, height: 844 }, laptop: { width: 1280, height: 800 } };
const origin = { origin: server.url };

/** A signed-in learner (verified through the dev mailbox) with a few passed lessons and a miss. */
async function learner(context, name) {
  const page = await context.newPage();
  const email = `${name}.${Date.now()}@example.com`;
  const signup = await page.request.post(`${server.url}/api/signup`, {
    headers: origin,
    data: { email, password: 'Green-Blue-2026', firstName: 'Jordan', lastName: 'Example' },
  });
  if (!signup.ok()) throw new Error(`sign-up: ${signup.status()}`);
  let token;
  for (let i = 0; i < 100 && !token; i++) {
    const mailbox = await (await page.request.get(`${server.url}/dev/mailbox`)).text();
    // This learner's message: the first link after their address.
    const at = mailbox.indexOf(email);
    token = at < 0 ? undefined : mailbox.slice(at).match(/verify-email\?token=([a-z2-7]+)/)?.[1];
    if (!token) await new Promise((r) => setTimeout(r, 100));
  }
  await page.request.post(`${server.url}/api/verify-email`, { headers: origin, data: { token } });
  // A middling result: the second option of every question.
  const questions = await (await page.request.get(`${server.url}/api/assessment/questions`)).json();
  const answers = Object.fromEntries((questions.questions ?? questions).map((q) => [q.id, q.options[1].value]));
  await page.request.post(`${server.url}/api/assessment/submit`, { headers: origin, data: { answers } });
  return page;
}

async function lessonsOf(page, pillar, level) {
  const list = await (await page.request.get(`${server.url}/api/lessons/${pillar}/${level}`)).json();
  if (!Array.isArray(list)) throw new Error(`lessons: ${JSON.stringify(list)}`);
  return list.sort((a, b) => a.orderIndex - b.orderIndex);
}

/** The lesson's correct answers, learned the way a learner would: from a first, failed try. */
async function answersOf(page, lessonId) {
  const lesson = await (await page.request.get(`${server.url}/api/lesson/${lessonId}`)).json();
  const tried = await page.request.post(`${server.url}/api/lesson/${lessonId}/complete`, {
    headers: origin,
    data: {
      attemptId: crypto.randomUUID(),
      quizResponses: lesson.questions.map((q) => ({ questionId: q.id, userAnswer: 0 })),
    },
  });
  return (await tried.json()).results.map((r) => r.correctAnswer);
}

async function pass(page, lessonId) {
  const right = await answersOf(page, lessonId);
  await page.request.post(`${server.url}/api/lesson/${lessonId}/complete`, {
    headers: origin,
    data: {
      attemptId: crypto.randomUUID(),
      quizResponses: right.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
    },
  });
}

/** Takes the quiz in the page, answering `picks`, shooting the first answer's feedback. */
async function takeQuiz(page, lessonId, picks, feedbackShot) {
  await page.goto(`${server.url}/lesson/${lessonId}`, { waitUntil: 'networkidle' });
  await page.getByRole('link', { name: 'Skip to quiz' }).click();
  for (const [i, pick] of picks.entries()) {
    if (i > 0) await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('radio').nth(pick).check();
    await page.getByRole('button', { name: 'Check answer' }).click();
    await page.getByTestId('quiz-feedback').waitFor();
    if (i === 0 && feedbackShot) await page.screenshot({ path: feedbackShot });
  }
  await page.getByRole('button', { name: 'See your result' }).click();
  await page.locator('#result-title').waitFor();
  await page.waitForTimeout(300);
}

try {
  for (const [size, viewport] of Object.entries(sizes)) {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await learner(context, size);
    const saving = await lessonsOf(page, 'saving', 'beginner');
    await pass(page, saving[0].id);
    await pass(page, saving[1].id);
    await page.goto(`${server.url}/dashboard`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `docs/dashboard-${size}.png`, fullPage: size === 'laptop' });

    // The learning loop on the third saving lesson: a step, a failed quiz, then a passed one.
    const third = saving[2].id;
    await page.goto(`${server.url}/lesson/${third}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.screenshot({ path: `docs/lesson-step-${size}.png` });
    const right = await answersOf(page, third);
    await takeQuiz(page, third, right.map((a) => (a + 1) % 4), `docs/feedback-${size}.png`);
    await page.screenshot({ path: `docs/failed-${size}.png` });
    await takeQuiz(page, third, right);
    await page.screenshot({ path: `docs/finish-${size}.png` });

    // A reason to come back: /review, and "Practise now" when nothing is due.
    await page.goto(`${server.url}/review`, { waitUntil: 'networkidle' });
    await page.screenshot({ path: `docs/review-${size}.png` });
    const practise = page.getByRole('button', { name: 'Practise now' });
    if (await practise.isVisible()) {
      await practise.click();
      await page.getByRole('radio').first().check();
      await page.getByRole('button', { name: 'Check answer' }).click();
      await page.getByTestId('practice-feedback').waitFor();
      await page.screenshot({ path: `docs/practice-${size}.png` });
    }
    await context.close();
  }
  console.log('docs/*.png written');
} finally {
  await browser.close();
  await server.stop();
}
