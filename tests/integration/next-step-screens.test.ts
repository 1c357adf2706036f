// Issue 52, point 2: one next step on every screen. Learners placed three different ways (one of
// them the case: Emergency Fund 101 passed as a visitor before the assessment, then placed
// Saving Intermediate / Credit Beginner) see the same lesson named in all five places (the
// dashboard's Continue, the finish screen's next lesson, the tab /lessons opens on, Priority focus
// and the coach's first tip), before and after one passed quiz. The table it prints is the one in
// the closing note.
import { assert, assertEquals } from '../helpers/assert.ts';
import { Client, strongPassword, uniqueEmail } from '../helpers/client.ts';
import { databaseKinds } from '../helpers/database.ts';
import { libraryServer } from '../helpers/library.ts';
import { correctAnswers, createLearner, lessonAt, responses } from '../helpers/learners.ts';
import { answersScoring } from '../helpers/assessment-answers.ts';
import { linkIn } from '../helpers/resend-double.mjs';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

interface Listed {
  id: number;
  slug: string;
  title: string;
}
type Place = 'continue' | 'finish' | 'lessons' | 'priority' | 'coach';
type Named = Record<Place, number | null>;

const first = (html: string, pattern: RegExp) => {
  const found = html.match(pattern)?.[1];
  return found === undefined ? null : Number(found);
};

/** The lesson each screen names, read from the pages a learner sees (and the finish screen's answer). */
async function named(client: Client, finishNext: number | null): Promise<Named> {
  const dashboard = (await client.get('/dashboard')).text;
  const lessons = (await client.get('/lessons')).text;
  // The Priority focus card and the coach's first tip, each cut out of the page.
  const continued = dashboard.slice(dashboard.indexOf('data-testid="continue"'));
  const priority = dashboard.slice(dashboard.indexOf('data-testid="priority"'));
  const coach = dashboard.slice(dashboard.indexOf('data-testid="coach"'));
  return {
    // The Continue card's lesson: its button, or before the assessment its "Or start with a lesson".
    continue: first(continued, /href="\/lesson\/(\d+)"/),
    finish: finishNext,
    lessons: first(lessons, /data-lesson-id="(\d+)" data-next="true"/),
    priority: dashboard.includes('data-testid="priority"')
      ? first(priority, /data-testid="priority-next" data-lesson="(\d+)"/)
      : null,
    coach: first(coach, /class="tip" data-tip="[^"]*" data-lesson="(\d+)"/),
  };
}

async function complete(client: Client, id: number, slug: string) {
  const done = await client.post<{ passed: boolean; nextLesson: { id: number } | null }>(
    `/api/lesson/${id}/complete`,
    { attemptId: crypto.randomUUID(), quizResponses: responses(correctAnswers(slug)) },
  );
  assertEquals([done.status, done.body.passed], [201, true], done.text);
  return done.body.nextLesson?.id ?? null;
}

for (const kind of databaseKinds()) {
  describe(`${kind}: one next step on every screen`, () => {
    const app = libraryServer(kind);
    beforeAll(app.start);
    afterAll(app.stop);
    const rows: string[] = [];
    afterAll(() => console.log(`\n${rows.join('\n')}\n`));

    async function catalogue(client: Client): Promise<Map<string, Listed>> {
      const all = await Promise.all(
        ['saving', 'credit', 'investing'].map((p) => client.get<Listed[]>(`/api/lessons/all/${p}`)),
      );
      return new Map(all.flatMap((r) => r.body).map((l) => [l.slug, l]));
    }

    /** A placement's story: the five places agree before and after one passed quiz, on the lessons expected. */
    async function check(
      name: string,
      client: Client,
      retake: string,
      expected: { before: string; after: string },
    ) {
      const lessons = await catalogue(client);
      const byId = new Map([...lessons.values()].map((l) => [l.id, l]));
      const before = lessons.get(expected.before)!;
      // The finish screen before: a retake of a lesson already passed (nothing new is passed).
      const again = lessons.get(retake)!;
      const namedBefore = await named(client, await complete(client, again.id, again.slug));
      assertEquals(namedBefore, {
        continue: before.id,
        finish: before.id,
        lessons: before.id,
        priority: before.id,
        coach: before.id,
      }, `${name}, before`);
      const finishAfter = await complete(client, before.id, before.slug);
      const after = lessons.get(expected.after)!;
      const namedAfter = await named(client, finishAfter);
      assertEquals(namedAfter, {
        continue: after.id,
        finish: after.id,
        lessons: after.id,
        priority: after.id,
        coach: after.id,
      }, `${name}, after passing “${before.title}”`);
      const title = (id: number | null) => (id === null ? '-' : byId.get(id)!.title);
      rows.push(`| ${name} | ${title(namedBefore.continue)} (all five) | ${title(namedAfter.continue)} (all five) |`);
    }

    it("the issue's case: Emergency Fund 101 passed as a visitor, then placed Saving Intermediate, Credit Beginner", async () => {
      // Passed before the assessment, carried by the sign-up and counted at verification.
      const visitor = new Client(app.url);
      const fundId = Number(
        (await visitor.get('/learn/saving-emergency-fund-101')).text.match(/data-lesson-id="(\d+)"/)?.[1],
      );
      const fund = { id: fundId, slug: 'saving-emergency-fund-101' };
      const email = uniqueEmail('first-win');
      const password = strongPassword();
      const result = {
        lessonId: fund.id,
        attemptId: crypto.randomUUID(),
        quizResponses: responses(correctAnswers(fund.slug)),
        durationMs: 60_000,
      };
      const signup = { email, password, firstName: 'Vi', lastName: 'Sitor', quizResults: [result] };
      assertEquals((await visitor.post('/api/signup', signup)).status, 200);
      const mail = await app.resend.waitFor((m: { to: string[] }) => m.to.includes(email));
      const token = linkIn(mail, '/verify-email?token=').searchParams.get('token');
      const verified = await visitor.post<{ savedQuizzes: { passed: number; badges: string[]; streak: number } }>(
        '/api/verify-email',
        { token },
      );
      assertEquals(verified.status, 200);
      // What the saved quiz earned, shown before the assessment (point 3).
      assertEquals([verified.body.savedQuizzes.passed, verified.body.savedQuizzes.streak], [1, 1]);
      assert(verified.body.savedQuizzes.badges.length > 0, 'the first lesson earns a badge');
      // Saving: one knowledge question right (Intermediate); credit: none (Beginner); investing: both (Advanced).
      const answers = answersScoring({ 1: 4, 2: 2, 3: 4, 4: 0, 5: 2, 6: 2, 7: 0, 8: 0, 9: 4, 10: 4, 11: 4, 12: 4 });
      assertEquals((await visitor.post('/api/assessment/submit', { answers })).status, 201);
      const dash = await visitor.get<{ pillars: Array<{ pillar: string; assessment: { level: string } }> }>(
        '/api/user/dashboard',
      );
      assertEquals(dash.body.pillars.map((p) => p.assessment.level), ['intermediate', 'beginner', 'advanced']);
      await check(
        'Saving Intermediate, Credit Beginner, Investing Advanced; Emergency Fund 101 passed before the assessment',
        visitor,
        fund.slug,
        { before: lessonAt('credit', 'beginner', 1).slug, after: lessonAt('credit', 'beginner', 2).slug },
      );
      // The beginner saving lessons are "review the basics", never the next step.
      const page = (await visitor.get('/lessons?pillar=saving&level=beginner')).text;
      assert(page.includes('data-testid="review-basics"'), 'saving beginner is offered as the basics');
    });

    it('no assessment: one saving lesson passed, every pillar counts as Beginner', async () => {
      const { client } = await createLearner(app.url, app.resend);
      const lessons = await catalogue(client);
      const one = lessons.get(lessonAt('saving', 'beginner', 1).slug)!;
      await complete(client, one.id, one.slug);
      await check('No assessment; the first Saving lesson passed', client, one.slug, {
        before: lessonAt('saving', 'beginner', 2).slug,
        after: lessonAt('saving', 'beginner', 3).slug,
      });
    });

    it('placed Advanced in saving and credit, Intermediate in investing; a basics lesson passed first', async () => {
      const { client } = await createLearner(app.url, app.resend);
      const answers = answersScoring({ 1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4, 9: 4, 10: 4, 11: 4, 12: 0 });
      assertEquals((await client.post('/api/assessment/submit', { answers })).status, 201);
      const lessons = await catalogue(client);
      // A basics lesson (credit beginner, below the placed level): its finish screen names the next step,
      // never the next basics lesson.
      const basics = lessons.get(lessonAt('credit', 'beginner', 1).slug)!;
      const investing = lessons.get(lessonAt('investing', 'intermediate', 1).slug)!;
      assertEquals(await complete(client, basics.id, basics.slug), investing.id);
      await check(
        'Saving and Credit Advanced, Investing Intermediate; a Credit Beginner lesson passed',
        client,
        basics.slug,
        {
          before: investing.slug,
          after: lessonAt('investing', 'intermediate', 2).slug,
        },
      );
    });
  });
}
