/**
 * The scheduling the commands over many stacks share (docs/cli.md, "Many stacks"): a bound on how
 * many items run at once, and locks by key that keep some steps of different items apart.
 */

/**
 * Runs `work` on every item, at most `limit` at a time, starting them in the order given. Resolves
 * when all have ended; `work` is expected to report its own failures (a rejection ends the whole run
 * after the items already started have ended).
 */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  if (!Number.isInteger(limit) || limit < 1)
    throw new Error(`the bound must be a positive integer, got ${limit}`);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Mutual exclusion by key: `withKeys(["a", "b"], work)` runs `work` while no other holder of "a" or "b"
 * runs. Holders of one key run first come, first served. Several keys are taken one by one in sorted
 * order, so two holders of overlapping keys never wait for each other in a cycle.
 */
export class KeyedLocks {
  /** Per key, the promise that settles when the last holder in line releases it. */
  readonly #tails = new Map<string, Promise<void>>();

  /** Whether some holder has `key` or waits for it. */
  isHeld(key: string): boolean {
    return this.#tails.has(key);
  }

  /**
   * Runs `work` holding every key of `keys`; `onWait(key)` is called when a key is held by another,
   * before waiting for it.
   */
  async withKeys<T>(
    keys: readonly string[],
    work: () => Promise<T>,
    onWait?: (key: string) => void,
  ): Promise<T> {
    const releases: Array<() => void> = [];
    try {
      for (const key of [...new Set(keys)].sort()) {
        if (this.isHeld(key)) onWait?.(key);
        releases.push(await this.#acquire(key));
      }
      return await work();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  async #acquire(key: string): Promise<() => void> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const tail = previous.then(() => released);
    this.#tails.set(key, tail);
    await previous;
    return () => {
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    };
  }
}
