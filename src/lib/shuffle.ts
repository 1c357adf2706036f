// Options shown in a new order each attempt (issue 52, point 4): quizzes test knowledge, not
// positions. Only what is shown moves; answers stay the specification's option indices.

/** Display order of `n` options (spec indices), never the spec's own order nor `avoid` (the last attempt's) when n > 1. */
export function shuffledOrder(n: number, avoid?: readonly number[], random: () => number = Math.random): number[] {
  const spec = Array.from({ length: n }, (_, i) => i);
  if (n < 2) return spec;
  const same = (a: readonly number[], b?: readonly number[]) => b !== undefined && a.every((x, i) => x === b[i]);
  let order = spec;
  // Two options have only two orders: then only the spec's order is avoided.
  for (let tries = 0; tries < 20 && (same(order, spec) || (n > 2 && same(order, avoid))); tries++) {
    order = [...spec];
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j], order[i]];
    }
  }
  return order;
}

/** A new display order for each question of a quiz, each unlike the one shown last time. */
export function shuffledOrders(
  questions: ReadonlyArray<{ id: number; options: readonly unknown[] }>,
  previous: Readonly<Record<number, readonly number[]>> = {},
  random?: () => number,
): Record<number, number[]> {
  return Object.fromEntries(questions.map((q) => [q.id, shuffledOrder(q.options.length, previous[q.id], random)]));
}

/** Whether `order` is a display order of `n` options (a kept quiz state is checked before it is used). */
export function isOrderOf(order: unknown, n: number): order is readonly number[] {
  return Array.isArray(order) && order.length === n && [...order].sort((a, b) => a - b).every((x, i) => x === i);
}
