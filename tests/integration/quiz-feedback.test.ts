// Instant feedback on quiz answers (the learning-loop issue) over HTTP: each answer is checked
// on its own, the first answer checked is the one graded, and a completion answers what the
// finish screen shows (badges earned now, the next lesson).
import { assert, assertEquals } from '../helpers/assert.ts';
import { serverWithMail } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { correctAnswers, createLearner, responses } from '../helpers/learners.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

const app = serverWithMail();

interface Checked {
  questionId: number;
  userAnswer: number;
  isCorrect: boolean;
  correctAnswer: number;
  explanation: string;
}
type Listed = Array<{ id: number; slug: string; title: string; orderIndex: number }>;

async function firstLessons(client: Client) {
  const list = (await client.get<Listed>('/api/lessons/saving/beginner')).body.sort((a, b) =>
    a.orderIndex - b.orderIndex
  );
  return list;
}

describe('instant quiz feedback', () => {
  beforeAll(app.start);
  afterAll(app.stop);

  it('a checked answer gets right or wrong, the correct option and the explanation; the first check of a question is the one kept and graded', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const [lesson] = await firstLessons(client);
    const right = correctAnswers(lesson.slug);
    const attemptId = crypto.randomUUID();
    const wrong = (right[0] + 1) % 4;
    const first = await client.post<Checked>(`/api/lesson/${lesson.id}/check`, {
      attemptId,
      questionId: 1,
      userAnswer: wrong,
    });
    assertEquals(first.status, 200);
    assertEquals([first.body.isCorrect, first.body.userAnswer, first.body.correctAnswer], [false, wrong, right[0]]);
    assert(first.body.explanation.length > 20, 'the explanation comes with it');
    // Trying another option for the same question in the same attempt changes nothing.
    const again = await client.post<Checked>(`/api/lesson/${lesson.id}/check`, {
      attemptId,
      questionId: 1,
      userAnswer: right[0],
    });
    assertEquals([again.body.isCorrect, again.body.userAnswer], [false, wrong]);
    // The completion is graded on the checked answer, whatever the body claims.
    const done = await client.post<{ score: number; totalQuestions: number; results: Checked[] }>(
      `/api/lesson/${lesson.id}/complete`,
      { attemptId, quizResponses: responses(right) },
    );
    assertEquals(done.status, 201);
    assertEquals([done.body.score, done.body.totalQuestions], [right.length - 1, right.length]);
    assertEquals(done.body.results[0].userAnswer, wrong);
    // A new attempt starts fresh.
    const fresh = await client.post<Checked>(`/api/lesson/${lesson.id}/check`, {
      attemptId: crypto.randomUUID(),
      questionId: 1,
      userAnswer: right[0],
    });
    assertEquals(fresh.body.isCorrect, true);
    // The lesson itself still never sends answers before they are checked.
    const served = await client.get<{ questions: Array<Record<string, unknown>> }>(`/api/lesson/${lesson.id}`);
    assert(served.body.questions.every((q) => !('correctAnswer' in q) && !('explanation' in q)));
  });

  it('checking refuses an unknown question, a locked lesson, an attempt id of another lesson, bad input and a signed-out visitor', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const [first, second] = await firstLessons(client);
    const attemptId = crypto.randomUUID();
    assertEquals(
      (await client.post(`/api/lesson/${first.id}/check`, { attemptId, questionId: 99, userAnswer: 0 })).status,
      400,
    );
    assertEquals(
      (await client.post(`/api/lesson/${second.id}/check`, { attemptId, questionId: 1, userAnswer: 0 })).status,
      403,
      'locked',
    );
    assertEquals(
      (await client.post(`/api/lesson/${first.id}/check`, { attemptId, questionId: 1, userAnswer: 0 })).status,
      200,
    );
    const [otherPillar] = (await client.get<Listed>('/api/lessons/credit/beginner')).body.sort((a, b) =>
      a.orderIndex - b.orderIndex
    );
    assertEquals(
      (await client.post(`/api/lesson/${otherPillar.id}/check`, { attemptId, questionId: 1, userAnswer: 0 })).status,
      400,
      "the attempt id is another lesson's",
    );
    assertEquals(
      (await client.post(`/api/lesson/${first.id}/check`, { attemptId, questionId: 1, userAnswer: 7 })).status,
      400,
    );
    assertEquals(
      (await client.post(`/api/lesson/${first.id}/check`, { attemptId: 'not-a-uuid', questionId: 1, userAnswer: 0 }))
        .status,
      400,
    );
    assertEquals(
      (await client.post(`/api/lesson/987654/check`, { attemptId, questionId: 1, userAnswer: 0 })).status,
      404,
    );
    assertEquals(
      (await new Client(app.server.url).post(`/api/lesson/${first.id}/check`, {
        attemptId,
        questionId: 1,
        userAnswer: 0,
      })).status,
      401,
    );
  });

  it('a pass answers the finish screen: the badges earned just now and the next lesson; a fail answers no next lesson', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const [first, second] = await firstLessons(client);
    const right = correctAnswers(first.slug);
    type Daily = { streak: number; today: { lessons: number; done: number; goal: number; met: boolean } };
    type Done = {
      passed: boolean;
      badgesEarned: Array<{ key: string; title: string }>;
      nextLesson: { id: number; title: string } | null;
      daily: Daily;
    };
    const failed = await client.post<Done>(`/api/lesson/${first.id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: responses(right.map((a) => (a + 1) % 4)),
      timeZone: 'Asia/Tokyo',
    });
    assertEquals([failed.body.passed, failed.body.nextLesson, failed.body.badgesEarned], [false, null, []]);
    // A failed quiz does not count toward the day; the finish screen's figures come with a pass.
    assertEquals([failed.body.daily.streak, failed.body.daily.today.done], [0, 0]);
    const passAttempt = crypto.randomUUID();
    const passed = await client.post<Done>(`/api/lesson/${first.id}/complete`, {
      attemptId: passAttempt,
      quizResponses: responses(right),
      timeZone: 'Asia/Tokyo',
    });
    assertEquals(passed.body.passed, true);
    assertEquals([
      passed.body.daily.streak,
      passed.body.daily.today.lessons,
      passed.body.daily.today.done,
      passed.body.daily.today.met,
    ], [1, 1, 1, true]);
    // The same attempt sent again (a retry after a lost answer) is not counted twice.
    const replay = await client.post<Done>(`/api/lesson/${first.id}/complete`, {
      attemptId: passAttempt,
      quizResponses: responses(right),
    });
    assertEquals([replay.status, replay.body.daily.today.done], [200, 1]);
    const settings = await client.get<{ timeZone: string | null }>('/api/user/settings');
    assertEquals(settings.body.timeZone, 'Asia/Tokyo', 'the zone sent with the pass is kept');
    assertEquals(passed.body.nextLesson?.id, second.id);
    assert(
      passed.body.badgesEarned.some((b) => b.key === 'first-lesson'),
      `first lesson badge: ${JSON.stringify(passed.body.badgesEarned)}`,
    );
    const practice = await client.post<Done>(`/api/lesson/${first.id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: responses(right),
    });
    assertEquals(practice.body.badgesEarned, [], 'a badge is earned once');
    assertEquals(
      [practice.body.daily.streak, practice.body.daily.today.done],
      [1, 2],
      'a practice pass counts toward the goal, not the streak twice',
    );
  });
});
