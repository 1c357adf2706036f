// Group commit: writes that arrive while one is running wait for it and then go to the database
// together, as one statement. The cost of a statement (a round trip, planning, a commit and its
// WAL flush; in PGlite, a call into WebAssembly) is paid once per group instead of once per write.

export interface GroupCommitOptions<I> {
  /** At most this many items per statement. */
  max: number;
  /** Items with the same key never share a statement (one learner's writes stay in order). */
  keyOf: (item: I) => string;
  /** When a group fails with this error, each of its items is tried alone, so one bad item fails alone. */
  retryAlone: (error: unknown) => boolean;
  /**
   * Reads only: an item whose key is already waiting (not yet sent) shares that item's result
   * instead of queueing again. One still waiting is sent after the newcomer arrived, so it sees
   * every write made before; one already running is never shared.
   */
  shareWaiting?: boolean;
}

interface Waiting<I, O> {
  item: I;
  key: string;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
  /** Later submits of the same key that share this item's result (shareWaiting). */
  sharers?: Array<{ resolve: (value: O) => void; reject: (error: unknown) => void }>;
}

export class GroupCommit<I, O> {
  readonly #write: (items: I[]) => Promise<O[]>;
  readonly #options: GroupCommitOptions<I>;
  #queue: Waiting<I, O>[] = [];
  #running = false;

  /** `write` gets the items of one group and answers one result per item, in the same order. */
  constructor(write: (items: I[]) => Promise<O[]>, options: GroupCommitOptions<I>) {
    this.#write = write;
    this.#options = options;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      const key = this.#options.keyOf(item);
      if (this.#options.shareWaiting) {
        const waiting = this.#queue.find((w) => w.key === key);
        if (waiting) {
          (waiting.sharers ??= []).push({ resolve, reject });
          return;
        }
      }
      this.#queue.push({ item, key, resolve, reject });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#queue.length) await this.#commit(this.#takeGroup());
    } finally {
      this.#running = false;
    }
  }

  #takeGroup(): Waiting<I, O>[] {
    const group: Waiting<I, O>[] = [];
    const keys = new Set<string>();
    const rest: Waiting<I, O>[] = [];
    for (const waiting of this.#queue) {
      const key = waiting.key;
      if (group.length < this.#options.max && !keys.has(key)) {
        keys.add(key);
        group.push(waiting);
      } else {
        // Kept, in order: behind the group, and (same key) behind its own earlier write.
        keys.add(key);
        rest.push(waiting);
      }
    }
    this.#queue = rest;
    return group;
  }

  async #commit(group: Waiting<I, O>[]): Promise<void> {
    try {
      const results = await this.#write(group.map((w) => w.item));
      group.forEach((w, i) => {
        w.resolve(results[i]);
        for (const s of w.sharers ?? []) s.resolve(results[i]);
      });
    } catch (error) {
      if (group.length === 1 || !this.#options.retryAlone(error)) {
        for (const w of group) {
          w.reject(error);
          for (const s of w.sharers ?? []) s.reject(error);
        }
        return;
      }
      for (const w of group) await this.#commit([w]);
    }
  }
}
