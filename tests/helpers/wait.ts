// Wait for a condition instead of sleeping a fixed time: poll until it holds or a deadline passes.

export interface WaitOptions {
  /** Give up after this long (ms). */
  timeout?: number;
  /** Time between checks (ms). */
  interval?: number;
  /** Says what was awaited, in the error on timeout. */
  message?: string;
}

/** Resolves with the first truthy value `check` returns; throws when the deadline passes. */
export async function waitFor<T>(check: () => T | Promise<T>, options: WaitOptions = {}): Promise<NonNullable<T>> {
  const { timeout = 10_000, interval = 50, message = 'condition' } = options;
  const deadline = Date.now() + timeout;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeout} ms waiting for ${message}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
