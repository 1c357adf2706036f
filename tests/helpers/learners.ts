// Verified learners for integration tests, made through the real sign-up and e-mail link.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client, strongPassword, uniqueEmail } from './client.ts';
import { linkIn } from './resend-double.mjs';
import { parseLessonFile } from '../../src/lib/curriculum.ts';

interface Double {
  waitFor(predicate: (m: { to: string[]; subject: string }) => boolean, timeoutMs?: number): Promise<{ text: string }>;
}

export async function createLearner(base: string, resend: Double, firstName = 'Avery') {
  const email = uniqueEmail();
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
