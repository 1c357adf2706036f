// In-process copies of what nearly every signed-in request reads: the session and its user,
// the learner's progress and placement, the lesson catalogue. Kept only on PGlite, where this
// process is the database's only writer and a trigger's notification (migration
// 0006_cache_notify) reaches the listener before the write that caused it returns: every
// change, whichever code or SQL makes it, drops the copies it touches before anyone can read
// them. On PostgreSQL several instances write, and a notification reaches the others a moment
// later, so these caches stay off there: the reads are prepared statements, and the learner store
// keeps a learner's data only with the data version every session lookup reads (versions.ts).
import type { DatabaseHandle } from '../../../../db/client.ts';

const CHANNEL = 'app_cache';

/** A bounded map whose entries are dropped by notifications; inert until caching is enabled. */
export class ChangeCache<V> {
  private entries = new Map<string, V>();
  /** Bumped by every drop, so a read that raced a change does not store what it read. */
  private generation = 0;
  /** The enabling this cache's entries belong to; entries of an earlier one are dropped. */
  private epoch = 0;

  constructor(private readonly limit: number) {}

  get enabled(): boolean {
    const registry = state();
    if (this.epoch !== registry.epoch) {
      this.epoch = registry.epoch;
      this.clear();
    }
    return registry.enabled;
  }

  get(key: string): V | undefined {
    return this.enabled ? this.entries.get(key) : undefined;
  }

  /** Call before reading from the database; pass the result to `set`. */
  mark(): number {
    return this.generation;
  }

  set(key: string, value: V, mark: number): void {
    if (!this.enabled || mark !== this.generation) return;
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  /** Stores a value derived from a change notification: exact, so it replaces any racing read. */
  replace(key: string, value: V): void {
    this.generation++;
    if (!this.enabled) return;
    this.entries.delete(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, value);
  }

  delete(key: string): void {
    this.generation++;
    this.entries.delete(key);
  }

  deleteWhere(test: (value: V, key: string) => boolean): void {
    this.generation++;
    for (const [key, value] of this.entries) if (test(value, key)) this.entries.delete(key);
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

interface Registry {
  enabled: boolean;
  epoch: number;
  onChange: Array<(table: string, id: string, detail?: string) => void>;
}

// Shared through globalThis: the Astro bundle and the server wrapper each load this module.
const key = Symbol.for('finance-app.cache');
function state(): Registry {
  const holder = globalThis as { [key]?: Registry };
  return (holder[key] ??= { enabled: false, epoch: 0, onChange: [] });
}

/**
 * Registers what to drop when a table's row changes: the payload is `table:id`, or
 * `table:id:detail` where the trigger sends the changed row too (lesson_progress).
 */
export function onTableChange(handler: (table: string, id: string, detail?: string) => void): void {
  state().onChange.push(handler);
}

/** Turns caching on when the database can tell this process about every change (PGlite). */
export async function enableCaches(handle: DatabaseHandle): Promise<boolean> {
  if (handle.kind !== 'pglite' || !handle.listen) return false;
  const registry = state();
  const epoch = ++registry.epoch;
  await handle.listen(CHANNEL, (payload) => {
    if (registry.epoch !== epoch) return; // a handle installed since has its own caches
    const colon = payload.indexOf(':');
    const table = payload.slice(0, colon);
    const second = payload.indexOf(':', colon + 1);
    const id = second < 0 ? payload.slice(colon + 1) : payload.slice(colon + 1, second);
    const detail = second < 0 ? undefined : payload.slice(second + 1);
    for (const handler of registry.onChange) handler(table, id, detail);
  });
  registry.enabled = registry.epoch === epoch;
  return registry.enabled;
}

/** Caches belong to the handle that enabled them: installing another handle turns them off. */
export function disableCaches(): void {
  const registry = state();
  registry.epoch++;
  registry.enabled = false;
}

/**
 * A bounded map whose entries are kept with the version they were read at (PostgreSQL's learner
 * data, learner-store/versions.ts): an entry answers only a read at that same version.
 */
export class VersionedCache<V> {
  private entries = new Map<string, { version: string; value: V }>();

  constructor(private readonly limit: number) {}

  /** The value kept for `key` at exactly `version`. */
  get(key: string, version: string): V | undefined {
    const kept = this.entries.get(key);
    return kept && kept.version === version ? kept.value : undefined;
  }

  versionOf(key: string): string | undefined {
    return this.entries.get(key)?.version;
  }

  set(key: string, version: string, value: V): void {
    this.entries.delete(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { version, value });
  }

  delete(key: string): void {
    this.entries.delete(key);
  }
}
