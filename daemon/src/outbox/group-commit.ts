interface Waiter {
  promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function waiter(): Waiter {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * Coalesces durable writes: every `request()` made while a flush runs is satisfied by the one
 * next flush, so N concurrent reports cost about two fsynced writes, not N.
 * `flush` must write the state as it is when the flush starts.
 */
export class GroupCommit {
  readonly #flush: () => Promise<void>;
  #next: Waiter | null = null;
  #running = false;
  #flushes = 0;

  constructor(flush: () => Promise<void>) {
    this.#flush = flush;
  }

  /** Resolves once a flush that started after this call has completed. */
  request(): Promise<void> {
    if (!this.#next) this.#next = waiter();
    const { promise } = this.#next;
    if (!this.#running) void this.#drain();
    return promise;
  }

  /** How many flushes have run (for tests and benchmarks). */
  get flushes(): number {
    return this.#flushes;
  }

  async #drain(): Promise<void> {
    this.#running = true;
    while (this.#next) {
      const current = this.#next;
      this.#next = null;
      try {
        this.#flushes += 1;
        await this.#flush();
        current.resolve();
      } catch (error) {
        current.reject(error);
      }
    }
    this.#running = false;
  }
}
