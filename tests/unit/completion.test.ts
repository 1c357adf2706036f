// What one attempt changes (src/lib/completion.ts): progress, runs, badges; and a replay of a
// history gives what the attempts gave one at a time.
import { assertEquals } from '../helpers/assert.ts';
import {
  badgesForAttempt,
  isLevelComplete,
  progressAfter,
  replayAttempts,
  runAfter,
  type StoredAttempt,
} from '../../src/lib/completion.ts';

const now = new Date('2026-11-28T12:00:00Z');
const earlier = new Date('2026-11-01T12:00:00Z');

Deno.test('a completed lesson stays completed, keeps its first completion time and its best score', () => {
  const first = progressAfter(undefined, { passed: false, score: 1, total: 3 }, earlier);
  assertEquals(first, {
    completed: false,
    bestScore: 1,
    lastScore: 1,
    totalQuestions: 3,
    attempts: 1,
    completedAt: null,
  });
  const pass = progressAfter(first, { passed: true, score: 3, total: 3 }, earlier);
  assertEquals([pass.completed, pass.bestScore, pass.attempts, pass.completedAt], [true, 3, 2, earlier]);
  const laterFail = progressAfter(pass, { passed: false, score: 0, total: 3 }, now);
  assertEquals(laterFail, {
    completed: true,
    bestScore: 3,
    lastScore: 0,
    totalQuestions: 3,
    attempts: 3,
    completedAt: earlier,
  });
});

Deno.test('a run of passes grows with each pass and ends at a fail', () => {
  assertEquals([runAfter(0, true), runAfter(2, true), runAfter(5, false)], [1, 3, 0]);
});

Deno.test('badges: a pass, a perfect score, three passes in a row, and a level whose every lesson is done', () => {
  const base = { pillar: 'credit' as const, level: 'beginner' as const, levelComplete: false };
  assertEquals(badgesForAttempt({ ...base, passed: false, score: 1, total: 3, run: 0 }), []);
  assertEquals(badgesForAttempt({ ...base, passed: true, score: 2, total: 3, run: 1 }), ['first-lesson']);
  assertEquals(badgesForAttempt({ ...base, passed: true, score: 3, total: 3, run: 3 }), [
    'first-lesson',
    'perfect-quiz',
    'streak-3',
  ]);
  assertEquals(badgesForAttempt({ ...base, passed: true, score: 2, total: 3, run: 2, levelComplete: true }), [
    'first-lesson',
    'level:credit:beginner',
  ]);
  assertEquals(
    badgesForAttempt({ ...base, passed: false, score: 0, total: 0, run: 0 }),
    [],
    'an empty quiz is never perfect',
  );
});

Deno.test('a level is complete when every one of its active lessons is', () => {
  const lessons = [
    { id: 1, pillar: 'saving' as const, level: 'beginner' as const },
    { id: 2, pillar: 'saving' as const, level: 'beginner' as const },
    { id: 3, pillar: 'saving' as const, level: 'intermediate' as const },
  ];
  assertEquals(isLevelComplete(lessons, new Set([1]), 'saving', 'beginner'), false);
  assertEquals(isLevelComplete(lessons, new Set([1, 2]), 'saving', 'beginner'), true);
  assertEquals(isLevelComplete(lessons, new Set([1, 2]), 'saving', 'intermediate'), false);
});

Deno.test('a replayed history gives the running figures, the best run per pillar and the first time each badge was earned', () => {
  const attempt = (
    seq: number,
    passed: boolean,
    score: number,
    pillar: 'saving' | 'credit' = 'saving',
  ): StoredAttempt => ({
    seq,
    passed,
    score,
    total: 3,
    lessonId: 10 + seq,
    pillar,
    level: 'beginner',
    durationMs: seq === 2 ? null : 1000,
    units: Math.round((score / 3) * 1_000_000),
    questionSetId: 1,
    responses: [{ questionId: 1, isCorrect: score > 0 }],
    createdAt: new Date(Date.UTC(2026, 0, seq)),
    lessonTitle: `Lesson ${seq}`,
  });
  const replay = replayAttempts([
    attempt(1, true, 2),
    attempt(2, true, 3),
    attempt(3, false, 0, 'credit'),
    attempt(4, true, 2),
    attempt(5, true, 2),
    attempt(6, true, 3),
  ]);
  assertEquals(replay.stats.attempts, 6);
  assertEquals(replay.stats.passes, 5);
  assertEquals([replay.stats.durationSum, replay.stats.durationCount], [5000, 5]);
  assertEquals(replay.stats.passRun, 3);
  assertEquals(replay.stats.lastPassedLessonId, 16);
  const saving = replay.pillars.find((p) => p.pillar === 'saving')!;
  assertEquals(
    [saving.attempts, saving.passRun, saving.bestRun],
    [5, 5, 5],
    'a fail in credit does not end the saving run',
  );
  assertEquals(replay.badges.get('first-lesson'), new Date(Date.UTC(2026, 0, 1)));
  assertEquals(replay.badges.get('perfect-quiz'), new Date(Date.UTC(2026, 0, 2)));
  assertEquals(
    replay.badges.get('streak-3'),
    new Date(Date.UTC(2026, 0, 6)),
    'the overall run reached 3 again only at the sixth',
  );
  assertEquals(replay.cumulative.at(-1)?.accuracyCum, replay.stats.accuracyUnits);
});
