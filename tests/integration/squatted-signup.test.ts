// F2 and F5 of the fourth security review (issue 50), on PGlite and PostgreSQL: someone signs up
// first with the owner's address; when the owner confirms with a password of their own, nothing
// the squatter chose survives (names, phone, visitor results, any e-mail text), and the owner's own
// later sign-up is what the account becomes. A visitor's results count at most once per lesson.
import { assert, assertEquals } from '../helpers/assert.ts';
import { Client, strongPassword, uniqueEmail } from '../helpers/client.ts';
import { databaseKinds } from '../helpers/database.ts';
import { libraryServer } from '../helpers/library.ts';
import { correctAnswers, lessonAt, responses } from '../helpers/learners.ts';
import { linkIn } from '../helpers/resend-double.mjs';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

type Mail = { to: string[]; subject: string; text: string; html: string };
type Lesson = { id: number; completed: boolean; completionData: { attempts: number } | null };

for (const kind of databaseKinds()) {
  describe(`${kind}: a squatted sign-up`, () => {
    const app = libraryServer(kind);
    beforeAll(app.start);
    afterAll(app.stop);

    const lessonIdOf = async (slug: string) =>
      Number((await new Client(app.url).get(`/learn/${slug}`)).text.match(/data-lesson-id="(\d+)"/)?.[1]);
    const passedQuiz = async (orderIndex: number) => {
      const lesson = lessonAt('saving', 'beginner', orderIndex);
      return {
        lessonId: await lessonIdOf(lesson.slug),
        attemptId: crypto.randomUUID(),
        quizResponses: responses(correctAnswers(lesson.slug)),
      };
    };
    const mails = (email: string, subject: RegExp) =>
      (app.resend.delivered as Mail[]).filter((m) => m.to.includes(email) && subject.test(m.subject));
    const latestLink = async (email: string, count: number) => {
      await app.resend.waitFor(() => mails(email, /Confirm/).length >= count);
      return linkIn(mails(email, /Confirm/).at(-1), '/verify-email?token=').searchParams.get('token');
    };
    const squat = async (email: string) => {
      const squatter = new Client(app.url);
      const body = {
        email,
        password: 'Kx7-Plum-Orbit-2',
        firstName: 'Sam',
        lastName: 'Quatter',
        phoneNumber: '+15551234567',
        quizResults: [await passedQuiz(1), await passedQuiz(2)],
      };
      assertEquals((await squatter.post('/api/signup', body)).status, 200);
    };

    it("F2: the owner confirms with a new password and their name: the squatter's names, phone and results are gone", async () => {
      const email = uniqueEmail('owner');
      await squat(email);
      const token = await latestLink(email, 1);
      const owner = new Client(app.url);
      const asked = await owner.post('/api/verify-email', { token });
      assertEquals(asked.body.needsConfirmation, true);
      const bad = await owner.post('/api/verify-email', {
        token,
        newPassword: 'Owners-New-Pw-26',
        firstName: 'www.evil.com',
      });
      assertEquals(bad.status, 400);
      const done = await owner.post('/api/verify-email', {
        token,
        newPassword: 'Owners-New-Pw-26',
        firstName: 'Olivia',
        lastName: 'Moss',
      });
      assertEquals(done.status, 200, done.text);
      const me = await owner.get('/api/auth/user');
      assertEquals([me.body.firstName, me.body.lastName, me.body.phoneNumber], ['Olivia', 'Moss', '']);
      const list = await owner.get<Lesson[]>('/api/lessons/saving/beginner');
      assertEquals(list.body.filter((l) => l.completed).length, 0, "the squatter's visitor results did not count");
      // The "password changed" mail greets the owner, and no mail carries the squatter's text.
      await app.resend.waitFor(() => mails(email, /password was changed/).length === 1);
      for (const mail of mails(email, /./)) assert(!/Sam|Quatter/.test(mail.text + mail.html), mail.subject);
      assertEquals(mails(email, /password was changed/)[0].text.split('\n')[0], 'Hi Olivia,');
      const at = { 'x-forwarded-for': '10.77.0.1' };
      assertEquals(
        (await new Client(app.url).post('/api/login-email', { email, password: 'Kx7-Plum-Orbit-2' }, { headers: at }))
          .status,
        401,
      );
    });

    it('F2: without a name the owner is greeted by none, and the names are left for them to fill in', async () => {
      const email = uniqueEmail('noname');
      await squat(email);
      const owner = new Client(app.url);
      const done = await owner.post('/api/verify-email', {
        token: await latestLink(email, 1),
        newPassword: 'Owners-New-Pw-27',
      });
      assertEquals(done.status, 200, done.text);
      const me = await owner.get('/api/auth/user');
      assertEquals([me.body.firstName, me.body.lastName, me.body.phoneNumber], ['', '', '']);
      await app.resend.waitFor(() => mails(email, /password was changed/).length === 1);
      assertEquals(mails(email, /password was changed/)[0].text.split('\n')[0], 'Hi,');
    });

    it("F2: the owner's own later sign-up is what the account becomes when its link is followed in that browser", async () => {
      const email = uniqueEmail('later');
      await squat(email);
      await latestLink(email, 1);
      const owner = new Client(app.url);
      const ownerPassword = strongPassword();
      const mine = await passedQuiz(3);
      const signup = { email, password: ownerPassword, firstName: 'Olga', lastName: 'Own', quizResults: [mine] };
      assertEquals((await owner.post('/api/signup', signup)).status, 200);
      // Within a minute no second mail goes out (one a minute per address): the first link still works.
      const verified = await owner.post('/api/verify-email', { token: await latestLink(email, 1) });
      assertEquals(verified.status, 200, verified.text);
      assertEquals(verified.body.needsConfirmation, false);
      const me = await owner.get('/api/auth/user');
      assertEquals([me.body.firstName, me.body.lastName, me.body.phoneNumber], ['Olga', 'Own', '']);
      const done = (await owner.get<Lesson[]>('/api/lessons/saving/beginner')).body.filter((l) => l.completed);
      assertEquals(done.map((l) => l.id), [mine.lessonId], "only the owner's own visitor result counted");
      const at = { 'x-forwarded-for': '10.77.0.2' };
      assertEquals(
        (await new Client(app.url).post('/api/login-email', { email, password: ownerPassword }, { headers: at }))
          .status,
        200,
      );
      assertEquals(
        (await new Client(app.url).post('/api/login-email', { email, password: 'Kx7-Plum-Orbit-2' }, { headers: at }))
          .status,
        401,
      );
    });

    it('F5: one sign-up counts a lesson once, however many results it sends for it', async () => {
      const email = uniqueEmail('repeat');
      const first = await passedQuiz(1);
      const copies = Array.from({ length: 30 }, () => ({ ...first, attemptId: crypto.randomUUID() }));
      const visitor = new Client(app.url);
      const password = strongPassword();
      assertEquals(
        (await visitor.post('/api/signup', {
          email,
          password,
          firstName: 'Rita',
          lastName: 'Peat',
          quizResults: copies,
        })).status,
        200,
      );
      assertEquals((await visitor.post('/api/verify-email', { token: await latestLink(email, 1) })).status, 200);
      const lesson = (await visitor.get<Lesson[]>('/api/lessons/saving/beginner')).body.find((l) =>
        l.id === first.lessonId
      );
      assertEquals([lesson?.completed, lesson?.completionData?.attempts], [true, 1]);
    });
  });
}
