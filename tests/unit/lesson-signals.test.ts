/// <reference lib="dom" />
// A lesson's steps (lesson-steps.ts, inlined in the lesson page before the first paint) and its
// quiz (LessonQuiz.tsx) talk through an event and a document mark. The steps write the names out
// instead of importing lesson-signals.ts (a module both imported would become a chunk of its own,
// requested before the paint), so this checks the two spell them the same.
import * as steps from '../../src/components/lessons/lesson-steps.ts';
import * as signals from '../../src/components/lessons/lesson-signals.ts';
import { assertEquals } from '../helpers/assert.ts';

Deno.test('the lesson steps and the quiz use the same event and mark names', () => {
  assertEquals(steps.REREAD_EVENT, signals.REREAD_EVENT);
  assertEquals(steps.QUIZ_REQUESTED, signals.QUIZ_REQUESTED);
});
