import { assertEquals } from '../helpers/assert.ts';
import { averageScore, averageTimeMs, bestStreak, formatDuration, greetingFor, improvementRate, overallProgress, passRate, priorityPillar } from '../../src/lib/progress.ts';

const pillars = (s: [number, number], c: [number, number], i: [number, number]) => ({
  saving: { assessmentScore: s[0], weightedProgress: s[1] },
  credit: { assessmentScore: c[0], weightedProgress: c[1] },
  investing: { assessmentScore: i[0], weightedProgress: i[1] },
});

Deno.test('overall progress: assessment sum / 300 × 25 plus 25% of each weightedProgress, rounded', () => {
  // (60 + 30 + 90) / 300 × 25 = 15; 0.25 × (40 + 10 + 0) = 12.5 → 27.5 → 28
  const result = overallProgress(pillars([60, 40], [30, 10], [90, 0]));
  assertEquals(result.total, 28);
  assertEquals(result.parts, { assessment: 15, saving: 10, credit: 2.5, investing: 0 });
  assertEquals(overallProgress(pillars([100, 100], [100, 100], [100, 100])).total, 100);
  assertEquals(overallProgress(pillars([0, 0], [0, 0], [0, 0])).total, 0);
});

Deno.test('priority: the lowest-progress pillar below 75, ties broken by the lower assessment score', () => {
  assertEquals(priorityPillar(pillars([60, 40], [30, 10], [90, 20])), 'credit');
  assertEquals(priorityPillar(pillars([60, 0], [30, 0], [90, 0])), 'credit');
  assertEquals(priorityPillar(pillars([20, 0], [30, 0], [10, 0])), 'investing');
  assertEquals(priorityPillar(pillars([50, 74.9], [50, 80], [50, 90])), 'saving');
  assertEquals(priorityPillar(pillars([50, 75], [50, 80], [50, 90])), null);
});

Deno.test('greeting boundaries: 11:59 morning, 12:00 afternoon, 16:59 afternoon, 17:00 evening', () => {
  assertEquals([0, 11, 12, 16, 17, 23].map(greetingFor), [
    'Good morning',
    'Good morning',
    'Good afternoon',
    'Good afternoon',
    'Good evening',
    'Good evening',
  ]);
});

Deno.test('best streak is the longest run of consecutive passes', () => {
  const p = (passed: boolean) => ({ passed });
  assertEquals(bestStreak([]), 0);
  assertEquals(bestStreak([p(true), p(true), p(false), p(true), p(true), p(true), p(false)]), 3);
  assertEquals(bestStreak([p(false), p(false)]), 0);
});

Deno.test('averages are on the 0-3 scale; a quiz of n questions is scaled to 3', () => {
  assertEquals(averageScore([]), null);
  assertEquals(averageScore([{ score: 3, totalQuestions: 3 }, { score: 2, totalQuestions: 3 }]), 2.5);
  assertEquals(averageScore([{ score: 4, totalQuestions: 5 }]), 2.4);
  assertEquals(averageScore([{ score: 1, totalQuestions: 3 }, { score: 0, totalQuestions: 3 }, { score: 3, totalQuestions: 3 }]), 1.33);
});

Deno.test('improvement rate compares the earlier half with the later half in percentage points', () => {
  const a = (score: number) => ({ score, totalQuestions: 3 });
  assertEquals(improvementRate([a(1)]), null);
  assertEquals(improvementRate([a(1), a(3)]), 67); // 33% → 100%
  assertEquals(improvementRate([a(0), a(1), a(2), a(3)]), 67); // (0+33)/2 → (67+100)/2
  assertEquals(improvementRate([a(3), a(3), a(1)]), -67); // first 1 vs last 1
});

Deno.test('pass rate, average time and its format', () => {
  assertEquals(passRate([]), null);
  assertEquals(passRate([{ passed: true }, { passed: false }, { passed: true }]), 67);
  assertEquals(averageTimeMs([{ durationMs: 60_000 }, { durationMs: null }, { durationMs: 90_000 }]), 75_000);
  assertEquals(formatDuration(75_000), '1:15');
  assertEquals(formatDuration(null), '—');
});
