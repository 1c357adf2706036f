import { type APIRequestContext, expect, type Page, test as base } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export const test = base.extend<{ baseURL: string }>({
  // deno-lint-ignore no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  baseURL: async ({}, use) => {
    await use(process.env.BASE_URL!);
  },
});

export { expect };
export type { Page };

/** Fails on any serious or critical axe-core violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Waits for an e-mail to `address` whose subject matches, from the Resend double. */
export async function waitForMail(address: string, subject: RegExp, timeoutMs = 20_000): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await (await fetch(`${process.env.RESEND_DOUBLE_URL}/_test/emails`)).json()) as Mail[];
        found = mails.filter((m) => m.to.includes(address) && subject.test(m.subject)).at(-1);
        return Boolean(found);
      },
      { timeout: timeoutMs, message: `no "${subject}" e-mail to ${address}` },
    )
    .toBe(true);
  return found!;
}

export function linkFrom(mail: Mail, path: string): string {
  const url = mail.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname === path);
  if (!url) throw new Error(`no ${path} link in ${mail.text}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

export const uniqueEmail = (tag = 'learner') => `${tag}.${Math.random().toString(36).slice(2, 10)}@example.com`;
export const PASSWORD = 'Green-Blue-2026';
const randomIp = () =>
  `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${
    1 + Math.floor(Math.random() * 250)
  }`;

/**
 * Creates a verified learner through the API (as a real sign-up and e-mail link would) and
 * signs `page`'s browser context in as them.
 */
export async function signedInLearner(page: Page, options: { firstName?: string; email?: string } = {}) {
  const email = options.email ?? uniqueEmail();
  const base = process.env.BASE_URL!;
  const headers = { origin: base, 'x-forwarded-for': randomIp() };
  const request: APIRequestContext = page.request;
  const signup = await request.post('/api/signup', {
    headers,
    data: {
      email,
      password: PASSWORD,
      firstName: options.firstName ?? 'Casey',
      lastName: 'Learner',
      phoneNumber: '+15551234567',
    },
  });
  expect(signup.status()).toBe(200);
  const mail = await waitForMail(email, /Confirm/);
  // As the verification page does: a POST from our origin, with the sign-up cookie of this context.
  const token = new URL(linkFrom(mail, '/verify-email'), base).searchParams.get('token');
  const verify = await request.post('/api/verify-email', { headers, data: { token } });
  expect(verify.status()).toBe(200);
  const user = (await (await request.get('/api/auth/user')).json()) as { id: string; email: string; firstName: string };
  return { email, password: PASSWORD, user, headers };
}

/**
 * A verification page opened in a browser that did not sign up asks for the password chosen at
 * sign-up before confirming: type it and confirm.
 */
export async function confirmEmailOnPage(page: Page, password: string): Promise<void> {
  await page.getByLabel('Password you chose at sign-up', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
}

/** Opens a page and waits until its islands have hydrated (the landing page's load when idle). */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForHydration(page);
}

export async function waitForHydration(page: Page): Promise<void> {
  // Astro's islands lose `ssr` when hydrated; a client:visible one waits until it is scrolled into
  // view (its controls show disabled until then, and a test's click scrolls to them).
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client="visible"])').length === 0);
}

import { readdirSync, readFileSync } from 'node:fs';
import { parseLessonFile } from '../../src/lib/curriculum.ts';

/** The correct option index of each quiz question of a curriculum lesson. */
export function correctAnswersOf(slug: string): number[] {
  const text = readFileSync(new URL(`../../db/content/lessons/${slug}.md`, import.meta.url), 'utf8');
  return parseLessonFile(text, `${slug}.md`).questions.map((q) => q.correctAnswer);
}

/** A curriculum lesson as its file states it (answer keys only: {{fact}} placeholders are left as written). */
export interface CurriculumLesson {
  slug: string;
  title: string;
  pillar: string;
  level: string;
  orderIndex: number;
  weight: number;
  questionCount: number;
  correctAnswers: number[];
  /** The practice tools its text places (`[[calculator:kind]]` lines), by kind. */
  practiceTools: string[];
}

const PILLAR_ORDER = ['saving', 'credit', 'investing'];
const LEVEL_ORDER = ['beginner', 'intermediate', 'advanced'];

/** Every lesson file of db/content/lessons, in learning order (pillar, level, orderIndex). */
export function curriculumLessons(): CurriculumLesson[] {
  const folder = new URL('../../db/content/lessons/', import.meta.url);
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const l = parseLessonFile(readFileSync(new URL(name, folder), 'utf8'), name);
      return {
        slug: l.slug,
        title: l.title,
        pillar: l.pillar,
        level: l.level,
        orderIndex: l.orderIndex,
        weight: l.weight,
        questionCount: l.questions.length,
        correctAnswers: l.questions.map((q) => q.correctAnswer),
        practiceTools: l.sections.flatMap((sec) =>
          [...sec.content.matchAll(/\[\[calculator:([a-z0-9-]+)\]\]/g)].map((m) => m[1])
        ),
      };
    })
    .sort((a, b) =>
      PILLAR_ORDER.indexOf(a.pillar) - PILLAR_ORDER.indexOf(b.pillar) ||
      LEVEL_ORDER.indexOf(a.level) - LEVEL_ORDER.indexOf(b.level) || a.orderIndex - b.orderIndex
    );
}

/** The curriculum lessons of a pillar (and level), in order. */
export function lessonsIn(pillar: string, level?: string): CurriculumLesson[] {
  return curriculumLessons().filter((l) => l.pillar === pillar && (!level || l.level === level));
}

/** The curriculum lesson at a pillar, level and orderIndex (1 = the level's first lesson). */
export function lessonAt(pillar: string, level: string, orderIndex: number): CurriculumLesson {
  const found = lessonsIn(pillar, level).find((l) => l.orderIndex === orderIndex);
  if (!found) throw new Error(`no curriculum lesson at ${pillar} ${level} #${orderIndex}`);
  return found;
}

/** The pass mark as the product states it: 2 of 3, otherwise the ceiling of 67% of the questions. */
export function passMarkFor(questionCount: number): number {
  return questionCount === 3 ? 2 : Math.ceil((67 * questionCount) / 100);
}

/** The lesson id of a curriculum lesson, as the signed-in learner's API lists it. */
export async function lessonIdOf(page: Page, pillar: string, slug: string): Promise<number> {
  const list = (await (await page.request.get(`/api/lessons/all/${pillar}`)).json()) as Array<
    { id: number; slug: string }
  >;
  const found = list.find((l) => l.slug === slug);
  if (!found) throw new Error(`no lesson ${slug}`);
  return found.id;
}

/** Picks an option by its index in the specification (options are shown shuffled: issue 52). */
export async function pickOption(page: Page, index: number): Promise<void> {
  await page.locator(`.option[data-option="${index}"] input`).check();
}

/** The option shown with the specification's index `index`. */
export const optionAt = (page: Page, index: number) => page.locator(`.option[data-option="${index}"]`);

/**
 * Answers the quiz on the lesson page with the given option indexes: each answer is checked on its
 * own (instant feedback), and the last "See your result" submits the quiz.
 */
export async function answerQuiz(page: Page, answers: number[]): Promise<void> {
  // The quiz is an island: a radio checked before it hydrates is reset by React (CI saw this).
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Skip to quiz' }).click();
  for (let i = 0; i < answers.length; i++) {
    await expect(page.getByText(`Question ${i + 1} of ${answers.length}`)).toBeVisible();
    await pickOption(page, answers[i]);
    await page.getByRole('button', { name: 'Check answer' }).click();
    await expect(page.getByTestId('quiz-feedback')).toBeVisible();
    if (i < answers.length - 1) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: /See your result|Try Submitting Again/ }).click();
}

import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';

/**
 * Runs the tests of one file against a server (and Resend double) of their own, for tests that
 * change what every learner sees (admin edits), so they cannot disturb the others.
 */
export function useOwnServer(env: Record<string, string> = {}): void {
  let stop: (() => Promise<void>) | undefined;
  const saved = { base: process.env.BASE_URL, resend: process.env.RESEND_DOUBLE_URL };
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const resend = await startResendDouble();
    const server = await startServer({
      env: { LOG_LEVEL: 'warn', RESEND_API_KEY: 're_e2e', RESEND_BASE_URL: resend.url, TRUST_PROXY: 'true', ...env },
    });
    process.env.BASE_URL = server.url;
    process.env.RESEND_DOUBLE_URL = resend.url;
    stop = async () => {
      await server.stop();
      await resend.close();
    };
  });
  test.afterAll(async () => {
    process.env.BASE_URL = saved.base;
    process.env.RESEND_DOUBLE_URL = saved.resend;
    await stop?.();
  });
}
