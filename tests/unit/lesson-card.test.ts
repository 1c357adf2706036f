// The lessons list's cards (src/lib/server/content/lesson-card.ts): what each state shows, escaped and
// ASCII, rendered once per lesson version and state.
import { assert, assertEquals } from '../helpers/assert.ts';
import { lessonCardHtml } from '../../src/lib/server/content/lesson-card.ts';
import type { Lesson } from '../../db/schema.ts';

function lesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    id: 7,
    slug: 'credit-utilization',
    title: 'Utilization: the 30% rule',
    pillar: 'credit',
    level: 'intermediate',
    orderIndex: 2,
    duration: 5,
    weight: 16.67,
    sections: [],
    content: null,
    learningObjectives: ['Work out your ratio', 'Keep it low', 'A third one the card leaves out'],
    questions: [],
    lastQuestionId: 3,
    sources: [],
    reviewedAt: null,
    version: 1,
    sourceHash: null,
    sourceVersion: null,
    deletedAt: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...overrides,
  };
}

const open = { locked: false, completed: false, last: null };
/** The text a reader gets: tags dropped, references read. */
const text = (html: string) =>
  html.replace(/<[^>]+>/g, ' ').replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n))).replace(
    /&middot;/g,
    '·',
  ).replace(/\s+/g, ' ').trim();

Deno.test('an open lesson: order, duration, title as a heading, two objectives and a Start Lesson link', () => {
  const html = lessonCardHtml(lesson(), open, 2);
  assert(html.startsWith('<article class="lesson-card" data-lesson-id="7">'));
  assert(html.includes('<span class="order" aria-label="Lesson 2">2</span>'));
  assert(html.includes('<h2 class="card-title">Utilization: the 30% rule</h2>'));
  assertEquals(html.match(/<li>/g)?.length, 2);
  assert(!html.includes('A third one'));
  assert(
    html.includes(
      '<a class="btn btn-block btn-primary" href="/lesson/7">Start Lesson<span class="visually-hidden">: Utilization: the 30% rule</span></a>',
    ),
  );
  assertEquals(
    text(html),
    "2 5 min Utilization: the 30% rule You'll learn: Work out your ratio Keep it low Start Lesson : Utilization: the 30% rule",
  );
  assert(lessonCardHtml(lesson(), open, 3).includes('<h3 class="card-title">'));
});

Deno.test('a completed lesson shows its last score, Completed and Review Lesson; a failed try shows only the score', () => {
  const done = lessonCardHtml(lesson(), { locked: false, completed: true, last: { score: 3, total: 3 } }, 2);
  assert(done.startsWith('<article class="lesson-card done"'));
  assert(text(done).includes('Last score: 3/3 · Completed ✓'));
  assert(done.includes('class="btn btn-block btn-outline" href="/lesson/7">Review Lesson'));
  const tried = lessonCardHtml(lesson(), { locked: false, completed: false, last: { score: 1, total: 3 } }, 2);
  assert(text(tried).includes('Last score: 1/3'));
  assert(!tried.includes('Completed'));
  assert(tried.includes('Start Lesson'));
});

Deno.test('a locked lesson has no link, says Locked and names the lesson for screen readers', () => {
  const html = lessonCardHtml(lesson(), { locked: true, completed: false, last: null }, 2);
  assert(html.startsWith('<article class="lesson-card locked"'));
  assert(!html.includes('<a '));
  assert(html.includes('<span class="btn btn-block locked-btn" aria-disabled="true"><svg'));
  assert(text(html).endsWith('Locked : Utilization: the 30% rule'));
});

Deno.test('author text is escaped and the card is ASCII', () => {
  const html = lessonCardHtml(
    lesson({
      id: 8,
      title: 'Zoë’s <img src=x onerror=alert(1)> & "fees"',
      learningObjectives: ['<script>alert(1)</script> − 2 ≈ 😀'],
    }),
    open,
    2,
  );
  assert(/^[\x00-\x7f]*$/.test(html));
  assert(!html.includes('<img') && !html.includes('<script'));
  assert(text(html).includes('Zoë’s <img src=x onerror=alert(1)> & "fees"'));
  assert(text(html).includes('<script>alert(1)</script> − 2 ≈ 😀'));
});

Deno.test('each state renders once per lesson version; an edited lesson renders anew', () => {
  const v1 = lesson();
  const first = lessonCardHtml(v1, open, 2);
  assert(lessonCardHtml(v1, { ...open }, 2) === first, 'the same state gives the same string');
  const v2 = lesson({ title: 'Utilization, revised', version: 2 });
  assert(lessonCardHtml(v2, open, 2).includes('Utilization, revised'));
  assert(lessonCardHtml(v1, open, 2).includes('Utilization: the 30% rule'), 'the old version keeps its own card');
});
