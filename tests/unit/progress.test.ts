import { assertEquals } from '../helpers/assert.ts';
import { greetingFor } from '../../src/lib/greeting.ts';
import {
  accuracyUnits,
  averageScore,
  averageTimeMs,
  bestStreak,
  describeTrend,
  formatDuration,
  improvementRate,
  isHighlightedAverage,
  isPriority,
  overallProgress,
  passRate,
  percentFromUnits,
  priorityPillar,
} from '../../src/lib/progress.ts';

const pillars = (s: [number | null, number], c: [number | null, number], i: [number | null, number]) => ({
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

Deno.test('overall progress at its edges: a true half rounds up, even where floating point lands just below it', () => {
  // (58 + 58 + 58) / 300 × 25 = 14.5 exactly → 15 (the direct float form gives 14.4999…)
  assertEquals(overallProgress(pillars([58, 0], [58, 0], [58, 0])), {
    total: 15,
    parts: { assessment: 14.5, saving: 0, credit: 0, investing: 0 },
  });
  // (40 + 20 + 27) / 300 × 25 = 7.25; 0.25 × 17 = 4.25 → 11.5 → 12
  assertEquals(overallProgress(pillars([40, 17], [20, 0], [27, 0])).total, 12);
  // one point less: 7.1667 + 4.25 = 11.42 → 11
  assertEquals(overallProgress(pillars([40, 17], [20, 0], [26, 0])).total, 11);
  // 0.25 × (33.33 + 33.33 + 33.34) = 25, plus (100 + 100 + 99) / 300 × 25 = 24.92 → 49.92 → 50
  assertEquals(overallProgress(pillars([100, 33.33], [100, 33.33], [99, 33.34])).total, 50);
  assertEquals(overallProgress(pillars([100, 100], [100, 100], [100, 100])), {
    total: 100,
    parts: { assessment: 25, saving: 25, credit: 25, investing: 25 },
  });
  assertEquals(overallProgress(pillars([0, 0], [0, 0], [0, 0])), {
    total: 0,
    parts: { assessment: 0, saving: 0, credit: 0, investing: 0 },
  });
});

Deno.test('overall progress before an assessment counts the assessment part as 0', () => {
  // no scores; 0.25 × 17 = 4.25 → 4
  assertEquals(overallProgress(pillars([null, 17], [null, 0], [null, 0])), {
    total: 4,
    parts: { assessment: 0, saving: 4.3, credit: 0, investing: 0 },
  });
  assertEquals(overallProgress(pillars([null, 100], [null, 100], [null, 100])).total, 75);
});

Deno.test('a pillar is a priority while its progress is below 50 (spec 9)', () => {
  assertEquals([isPriority(0), isPriority(49.99), isPriority(50), isPriority(74)], [true, true, false, false]);
});

Deno.test('priority before an assessment: ties never go to a score not yet taken, but to the pillar order', () => {
  assertEquals(priorityPillar(pillars([null, 0], [null, 0], [null, 0])), 'saving');
  assertEquals(priorityPillar(pillars([null, 17], [null, 0], [null, 0])), 'credit');
  assertEquals(priorityPillar(pillars([null, 17], [null, 8.5], [null, 8.5])), 'credit');
  assertEquals(priorityPillar(pillars([null, 80], [null, 75], [null, 90])), null);
});

Deno.test('the average is highlighted at 2.5 or more: 2.5 is, 2.49 is not, no attempts never', () => {
  assertEquals([2.5, 3, 2.49, 2.4, 0].map(isHighlightedAverage), [true, true, false, false, false]);
  assertEquals(isHighlightedAverage(null), false);
  // (3 + 2) / 2 = 2.5 is highlighted; 87 / 35 = 2.4857 shows as 2.49 and is not
  assertEquals(
    isHighlightedAverage(averageScore([{ score: 3, totalQuestions: 3 }, { score: 2, totalQuestions: 3 }])),
    true,
  );
  const mixed = [
    ...Array(17).fill({ score: 3, totalQuestions: 3 }),
    ...Array(18).fill({ score: 2, totalQuestions: 3 }),
  ];
  assertEquals(averageScore(mixed), 2.49);
  assertEquals(isHighlightedAverage(averageScore(mixed)), false);
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
  assertEquals(
    averageScore([{ score: 1, totalQuestions: 3 }, { score: 0, totalQuestions: 3 }, { score: 3, totalQuestions: 3 }]),
    1.33,
  );
});

Deno.test('improvement rate compares the earlier half with the later half in percentage points, from 6 quizzes', () => {
  const a = (score: number) => ({ score, totalQuestions: 3 });
  assertEquals(improvementRate([a(1)]), null);
  // Three quizzes are not a trend (issue 40: "-75 pts" after three quizzes).
  assertEquals(improvementRate([a(3), a(3), a(1)]), null);
  assertEquals(improvementRate([a(0), a(1), a(2), a(3), a(1)]), null);
  assertEquals(improvementRate([a(0), a(1), a(1), a(2), a(3), a(3)]), 67); // (0+33+33)/3 → (67+100+100)/3
  assertEquals(improvementRate([a(3), a(3), a(3), a(3), a(2), a(2), a(1)]), -44); // 100% → 56%, first 3 vs last 3
});

Deno.test('the trend is worded kindly, and only from enough quizzes', () => {
  const table: Array<[number | null, number, string]> = [
    [null, 0, 'Your trend shows after 6 quizzes: 6 more to go'],
    [null, 3, 'Your trend shows after 6 quizzes: 3 more to go'],
    [null, 5, 'Your trend shows after 6 quizzes: 1 more to go'],
    [12, 6, 'Up 12 points: your later quizzes go better than your first ones'],
    [0, 8, 'Steady: your later quizzes go as well as your first ones'],
    [-8, 10, 'Down 8 points on your first quizzes: newer lessons are harder, and review brings missed questions back'],
  ];
  for (const [rate, quizzes, words] of table) assertEquals(describeTrend(rate, quizzes), words);
});

Deno.test('an average is shown as the share of questions right', () => {
  const units = (attempts: Array<[number, number]>) => attempts.reduce((s, [x, n]) => s + accuracyUnits(x, n), 0);
  assertEquals(percentFromUnits(0, 0), null);
  assertEquals(percentFromUnits(units([[3, 3], [0, 3], [0, 3], [0, 3]]), 4), 25); // "0.75 / 3"
  assertEquals(percentFromUnits(units([[3, 3], [2, 3]]), 2), 83); // 2.5 of 3: the highlight
  assertEquals(percentFromUnits(units([[4, 5]]), 1), 80);
});

Deno.test('pass rate, average time and its format', () => {
  assertEquals(passRate([]), null);
  assertEquals(passRate([{ passed: true }, { passed: false }, { passed: true }]), 67);
  assertEquals(averageTimeMs([{ durationMs: 60_000 }, { durationMs: null }, { durationMs: 90_000 }]), 75_000);
  assertEquals(formatDuration(75_000), '1:15');
  assertEquals(formatDuration(null), '—');
});
