/**
 * Runs work one at a time per key within this process: later work with the same key waits its turn in memory.
 * The database's row locks stay the rule across processes; this only keeps work that would wait on the same rows
 * from each holding a pooled connection while it waits.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const next = (this.tails.get(key) ?? Promise.resolve()).then(work);
    const tail = next.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** Keys with work running or waiting. */
  get size(): number {
    return this.tails.size;
  }
}
