import { assert, assertEquals } from '../helpers/assert.ts';
import { serverWithMail } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { createLearner } from '../helpers/learners.ts';
import { scoreChange } from '../../src/lib/assessment.ts';
import { answersScoring } from '../helpers/assessment-answers.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

const app = serverWithMail();

const learner = () => createLearner(app.server.url, app.resend);

describe('the assessment API', () => {
  beforeAll(app.start);
  afterAll(app.stop);

  it('the server scores submitted answers itself and stores every attempt; the newest sets placement', async () => {
    const { client, id } = await learner();
    assertEquals((await client.get('/api/assessment')).status, 404);
    assertEquals((await client.get('/api/assessment/user')).body, null);

    const answers = answersScoring({ 1: 4, 2: 4, 3: 0, 4: 4, 5: 2, 6: 2, 7: 0, 8: 0, 9: 0, 10: 4, 11: 1, 12: 4 });
    // Claimed scores are ignored when answers are given.
    const first = await client.post<
      { assessment: { id: string }; savingScore: number; creditScore: number; investingScore: number }
    >('/api/assessment/submit', { userId: id, answers, savingScore: 0, creditScore: 100, investingScore: 100 });
    assertEquals(first.status, 201);
    // saving (4 + 4 + 0 + 4) / 16 = 75; credit (2 + 2 + 0 + 0) / 16 = 25; investing (0 + 4 + 1 + 4) / 16 = 56.
    assertEquals([first.body.savingScore, first.body.creditScore, first.body.investingScore], [75, 25, 56]);

    type Result = {
      savingScore: number;
      levels: Record<string, string>;
      answers: Record<string, string>;
      version: number;
      earlierVersion: boolean;
      halves: Record<string, { knowledge: number | null; habits: number | null }>;
    };
    const latest = await client.get<Result>('/api/assessment');
    assertEquals(latest.status, 200);
    // Placed on knowledge (issue 41), not on the score: saving 1 of 2 right (its score of 75 would say
    // advanced), credit none, investing both (its score of 56 would say intermediate).
    assertEquals(latest.body.levels, { saving: 'intermediate', credit: 'beginner', investing: 'advanced' });
    assertEquals(latest.body.answers['1'], answers['1']);
    // The result says its version and both halves: what you know (knowledge) and what you do (habits).
    assertEquals([latest.body.version, latest.body.earlierVersion], [4, false]); // version 4 since issue 56
    assertEquals(latest.body.halves, {
      saving: { knowledge: 50, habits: 100 }, // q3 0 + q4 4 = 4/8; q1 4 + q2 4
      credit: { knowledge: 0, habits: 50 }, // q7 0 + q8 0; q5 2 + q6 2 = 4/8
      investing: { knowledge: 100, habits: 13 }, // q10 4 + q12 4; q9 0 + q11 1 = 1/8
    });

    const second = await client.post<{ assessment: { id: string } }>('/api/assessment/submit', {
      savingScore: 55,
      creditScore: 80,
      investingScore: 20,
    });
    assertEquals(second.status, 201);
    const now = await client.get<{ levels: Record<string, string> }>('/api/assessment/user');
    assertEquals(now.body.levels, { saving: 'intermediate', credit: 'advanced', investing: 'beginner' });
    const newest = await client.get<{ id: string; savingScore: number }>('/api/assessment');
    const ids = [first.body.assessment.id, second.body.assessment.id];
    assertEquals([newest.body.id, newest.body.savingScore], [ids[1], 55]);

    // Both attempts are stored, oldest first, each with its own answers.
    type Stored = {
      id: string;
      savingScore: number;
      creditScore: number;
      investingScore: number;
      answers: Record<string, string>;
    };
    const exported = await client.get<{ assessments: Stored[] }>('/api/account/export');
    assertEquals(
      exported.body.assessments.map((a) => [a.id, a.savingScore, a.creditScore, a.investingScore]),
      [[ids[0], 75, 25, 56], [ids[1], 55, 80, 20]],
    );
    assertEquals(exported.body.assessments[0].answers, answers);
    assertEquals(exported.body.assessments[1].answers, {});
    const progress = await client.get<{ assessments: { count: number; first: Stored; newest: Stored } }>(
      '/api/user/progress',
    );
    assertEquals(progress.body.assessments.count, 2);
    assertEquals([progress.body.assessments.first.savingScore, progress.body.assessments.newest.savingScore], [75, 55]);
  });

  it('a retake keeps the first assessment: the progress API gives the first and the newest, and the newest places the learner', async () => {
    const { client } = await learner();
    type Scores = { savingScore: number; creditScore: number; investingScore: number; date: string };
    const progress = async () =>
      (await client.get<{ assessments: { count: number; first: Scores | null; newest: Scores | null } }>(
        '/api/user/progress',
      )).body.assessments;
    assertEquals(await progress(), { count: 0, first: null, newest: null });

    // First: saving 2+2+4+0 = 8/16 = 50, credit 1+1+0+0 = 2/16 = 13, investing 4+4+4+4 = 100.
    const firstAnswers = answersScoring({ 1: 2, 2: 2, 3: 4, 4: 0, 5: 1, 6: 1, 7: 0, 8: 0, 9: 4, 10: 4, 11: 4, 12: 4 });
    assertEquals((await client.post('/api/assessment/submit', { answers: firstAnswers })).status, 201);
    const once = await progress();
    assertEquals(once.count, 1);
    assertEquals([once.first?.savingScore, once.first?.creditScore, once.first?.investingScore], [50, 13, 100]);
    assertEquals(once.newest, once.first);

    // Retake: credit 2+2+4+0 = 50 (+37), investing 4+4+4+0 = 75 (-25), saving unchanged.
    const retakeAnswers = { ...firstAnswers, ...answersScoring({ 5: 2, 6: 2, 7: 4, 8: 0, 9: 4, 10: 4, 11: 4, 12: 0 }) };
    assertEquals((await client.post('/api/assessment/submit', { answers: retakeAnswers })).status, 201);
    const twice = await progress();
    assertEquals(twice.count, 2);
    assertEquals([twice.first?.savingScore, twice.first?.creditScore, twice.first?.investingScore], [50, 13, 100]);
    assertEquals([twice.newest?.savingScore, twice.newest?.creditScore, twice.newest?.investingScore], [50, 50, 75]);
    assert(Date.parse(twice.newest!.date) >= Date.parse(twice.first!.date));
    assertEquals(scoreChange(twice.first!, twice.newest!), { saving: 0, credit: 37, investing: -25 });
    // The newest places the learner, on knowledge: one of two right in each pillar.
    const placed = await client.get<{ levels: Record<string, string> }>('/api/assessment');
    assertEquals(placed.body.levels, { saving: 'intermediate', credit: 'intermediate', investing: 'intermediate' });
  });

  it('bad assessment bodies get 400 and store nothing; a foreign userId gets 403', async () => {
    const { client } = await learner();
    const other = await learner();
    const bad: unknown[] = [
      { savingScore: 101, creditScore: 50, investingScore: 50 },
      { savingScore: -1, creditScore: 50, investingScore: 50 },
      { savingScore: 50.5, creditScore: 50, investingScore: 50 },
      { savingScore: '50', creditScore: 50, investingScore: 50 },
      { savingScore: 50, creditScore: 50 },
      { answers: { 13: '2' } },
      { answers: { 1: '5' } },
      { answers: { 1: '-1' } },
      { answers: { 1: '4' } }, // a value of version 1, not an option of today's questions
      { answers: {} },
      {},
      [],
    ];
    for (const body of bad) {
      const r = await client.post('/api/assessment/submit', body);
      assertEquals(r.status, 400, JSON.stringify(body));
    }
    const foreign = await client.post('/api/assessment/submit', {
      userId: other.id,
      savingScore: 10,
      creditScore: 10,
      investingScore: 10,
    });
    assertEquals(foreign.status, 403);
    assertEquals((await client.get('/api/assessment')).status, 404, 'nothing was stored');
    assertEquals((await client.get(`/api/assessment/user?userId=${other.id}`)).status, 403);
    assertEquals(
      (await new Client(app.server.url).post('/api/assessment/submit', {
        savingScore: 1,
        creditScore: 1,
        investingScore: 1,
      })).status,
      401,
    );
  });

  it("a learner never sees another learner's assessment", async () => {
    const a = await learner();
    const b = await learner();
    await a.client.post('/api/assessment/submit', { savingScore: 90, creditScore: 90, investingScore: 90 });
    assertEquals((await b.client.get('/api/assessment')).status, 404);
    assertEquals((await b.client.get('/api/assessment/user')).body, null);
    const own = await a.client.get<{ userId: string }>('/api/assessment');
    assertEquals(own.body.userId, a.id);
  });

  it('/ sends a signed-in learner to the assessment first and to the dashboard after it', async () => {
    // The landing page is prerendered; its script asks where a signed-in visitor's home is.
    const { client } = await learner();
    assertEquals((await client.get('/api/user/home')).body, { path: '/assessment' });
    await client.post('/api/assessment/submit', { answers: answersScoring({ 1: 2 }) });
    assertEquals((await client.get('/api/user/home')).body, { path: '/dashboard' });
    const anonymous = await new Client(app.server.url).get('/assessment');
    assertEquals(anonymous.status, 302);
    // To / (spec 2), carrying the page wanted so that signing in returns there.
    assertEquals(anonymous.headers.get('location'), '/?next=%2Fassessment');
    const questions = await client.get<unknown[]>('/api/assessment/questions');
    assert(Array.isArray(questions.body) && questions.body.length === 12);
  });
});
