// Verified learners for integration tests, made through the real sign-up and e-mail link.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client, strongPassword, uniqueEmail } from './client.ts';
import { linkIn } from './resend-double.mjs';
import { parseLessonFile } from '../../src/lib/curriculum.ts';

interface Double {
  waitFor(predicate: (m: { to: string[]; subject: string }) => boolean, timeoutMs?: number): Promise<{ text: string }>;
}

export async function createLearner(base: string, resend: Double, firstName = 'Avery', email = uniqueEmail()) {
  const password = strongPassword();
  const client = new Client(base);
  await client.post('/api/signup', { email, password, firstName, lastName: 'Learner', phoneNumber: '+15551234567' });
  const mail = await resend.waitFor((m) => m.to.includes(email));
  await client.post('/api/verify-email', { token: linkIn(mail, '/verify-email?token=').searchParams.get('token') });
  const me = await client.get<{ id: string }>('/api/auth/user');
  return { client, id: me.body.id, email, password };
}

/** The correct option of each question of a curriculum lesson, from its file. */
export function correctAnswers(slug: string): number[] {
  const file = path.resolve(import.meta.dirname!, '../../db/content/lessons', `${slug}.md`);
  return parseLessonFile(readFileSync(file, 'utf8'), `${slug}.md`).questions.map((q) => q.correctAnswer);
}

export function responses(answers: number[]) {
  return answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer }));
}

export const wrong = (answers: number[]) => answers.map((a) => (a + 1) % 4);

/** A curriculum lesson as its file states it (answer keys only: {{fact}} placeholders are left as written). */
export interface CurriculumLesson {
  slug: string;
  pillar: string;
  level: string;
  orderIndex: number;
  weight: number;
  questionCount: number;
  correctAnswers: number[];
}

const LEVEL_ORDER = ['beginner', 'intermediate', 'advanced'];
const PILLAR_ORDER = ['saving', 'credit', 'investing'];

/** Every lesson file of db/content/lessons, in learning order (pillar, level, orderIndex). */
export function curriculumLessons(): CurriculumLesson[] {
  const folder = path.resolve(import.meta.dirname!, '../../db/content/lessons');
  return readdirSync(folder)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const l = parseLessonFile(readFileSync(path.join(folder, name), 'utf8'), name);
      return {
        slug: l.slug,
        pillar: l.pillar,
        level: l.level,
        orderIndex: l.orderIndex,
        weight: l.weight,
        questionCount: l.questions.length,
        correctAnswers: l.questions.map((q) => q.correctAnswer),
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

/** How many quiz questions a curriculum lesson has. */
export function questionCount(slug: string): number {
  return correctAnswers(slug).length;
}

/** The pass mark as the product states it: 2 of 3, otherwise the ceiling of 67% of the questions. */
export function passMarkFor(questionCount: number): number {
  return questionCount === 3 ? 2 : Math.ceil((67 * questionCount) / 100);
}

/**
 * Waits until one server's outbox has sent every e-mail that was due before this call: signs up a
 * new address and waits for its e-mail, which the outbox sends after every older due one (it
 * sends the oldest first, one at a time). A test that checks nothing more arrives waits for this
 * instead of for a while.
 */
export async function outboxCaughtUp(base: string, resend: Double): Promise<void> {
  const email = uniqueEmail('barrier');
  const answer = await new Client(base).post('/api/signup', {
    email,
    password: strongPassword(),
    firstName: 'Bar',
    lastName: 'Rier',
  });
  if (answer.status !== 200) throw new Error(`the barrier sign-up was refused (${answer.status})`);
  await resend.waitFor((m) => m.to.includes(email), 40_000);
}
