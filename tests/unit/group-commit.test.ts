// Group commit (src/lib/server/platform/group-commit.ts): writes that arrive during a write go together,
// one key per group, in arrival order, and one bad item fails alone.
import { assertEquals, assertRejects } from '../helpers/assert.ts';
import { GroupCommit } from '../../src/lib/server/platform/group-commit.ts';

interface Item { key: string; n: number; bad?: boolean }

function recorder(options: { max?: number; retryAlone?: (e: unknown) => boolean; shareWaiting?: boolean } = {}) {
  const groups: number[][] = [];
  let release: () => void = () => {};
  let hold = false;
  const writer = new GroupCommit<Item, string>(
    async (items) => {
      groups.push(items.map((i) => i.n));
      if (hold) await new Promise<void>((r) => (release = r));
      if (items.some((i) => i.bad)) throw new Error('bad item');
      return items.map((i) => `done ${i.n}`);
    },
    { max: options.max ?? 10, keyOf: (i) => i.key, retryAlone: options.retryAlone ?? (() => true), shareWaiting: options.shareWaiting },
  );
  return { writer, groups, holdNext: () => (hold = true), release: () => ((hold = false), release()) };
}

Deno.test('the first write goes alone; writes arriving meanwhile go together as the next group', async () => {
  const r = recorder();
  r.holdNext();
  const first = r.writer.submit({ key: 'a', n: 1 });
  await Promise.resolve();
  const later = [2, 3, 4].map((n) => r.writer.submit({ key: `k${n}`, n }));
  r.release();
  assertEquals(await Promise.all([first, ...later]), ['done 1', 'done 2', 'done 3', 'done 4']);
  assertEquals(r.groups, [[1], [2, 3, 4]]);
});

Deno.test('one key never appears twice in a group, and its writes keep their order; a group holds at most max', async () => {
  const r = recorder({ max: 2 });
  r.holdNext();
  const first = r.writer.submit({ key: 'x', n: 0 });
  await Promise.resolve();
  const rest = [
    { key: 'a', n: 1 },
    { key: 'a', n: 2 },
    { key: 'b', n: 3 },
    { key: 'c', n: 4 },
    { key: 'a', n: 5 },
  ].map((i) => r.writer.submit(i));
  r.release();
  await Promise.all([first, ...rest]);
  assertEquals(r.groups, [[0], [1, 3], [2, 4], [5]]);
});

Deno.test('a failing group is retried item by item, so only the bad item fails; an outage fails the whole group', async () => {
  const r = recorder();
  r.holdNext();
  const first = r.writer.submit({ key: 'x', n: 0 });
  await Promise.resolve();
  const good = r.writer.submit({ key: 'a', n: 1 });
  const bad = r.writer.submit({ key: 'b', n: 2, bad: true });
  const alsoGood = r.writer.submit({ key: 'c', n: 3 });
  r.release();
  await first;
  assertEquals(await good, 'done 1');
  await assertRejects(() => bad);
  assertEquals(await alsoGood, 'done 3');
  assertEquals(r.groups, [[0], [1, 2, 3], [1], [2], [3]]);

  const outage = recorder({ retryAlone: () => false });
  outage.holdNext();
  const a = outage.writer.submit({ key: 'x', n: 0 });
  await Promise.resolve();
  const b = outage.writer.submit({ key: 'a', n: 1, bad: true });
  const c = outage.writer.submit({ key: 'b', n: 2 });
  outage.release();
  await a;
  await assertRejects(() => b);
  await assertRejects(() => c);
  assertEquals(outage.groups, [[0], [1, 2]]);
});

Deno.test('shareWaiting: reads of one key waiting together share one item; one already sent is never shared', async () => {
  const r = recorder({ shareWaiting: true });
  r.holdNext();
  const running = r.writer.submit({ key: 's', n: 1 });
  await Promise.resolve();
  // Sent before these arrived: they may not share it (they could miss a write made meanwhile).
  const waiting = [2, 3, 4].map((n) => r.writer.submit({ key: 's', n }));
  const other = r.writer.submit({ key: 't', n: 5 });
  r.release();
  assertEquals(await Promise.all([running, ...waiting, other]), ['done 1', 'done 2', 'done 2', 'done 2', 'done 5']);
  assertEquals(r.groups, [[1], [2, 5]], 'one statement for the three waiting reads of s');
});

Deno.test('shareWaiting: a shared read that fails fails for every sharer', async () => {
  const r = recorder({ shareWaiting: true, retryAlone: () => false });
  r.holdNext();
  const first = r.writer.submit({ key: 'x', n: 0 });
  await Promise.resolve();
  const shared = [r.writer.submit({ key: 'b', n: 1, bad: true }), r.writer.submit({ key: 'b', n: 2 })];
  r.release();
  await first;
  for (const p of shared) assertEquals((await assertRejects(() => p, Error)).message, 'bad item');
});
