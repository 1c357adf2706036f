/// <reference lib="dom" />
// A lesson's steps (lesson-steps.ts, inlined in the lesson page before the first paint) and its
// quiz (LessonQuiz.tsx) talk through events on the document. The steps write the names out
// instead of importing lesson-events.ts (a module both imported would become a script file of its
// own, requested before the paint), so this checks the two spell them the same.
import * as steps from '../../src/components/lessons/lesson-steps.ts';
import * as events from '../../src/components/lessons/lesson-events.ts';
import { assertEquals } from '../helpers/assert.ts';

Deno.test('the lesson steps and the quiz use the same event names', () => {
  const { mountLessonSteps: _, ...named } = steps;
  assertEquals(named, { ...events });
});
