/**
 * Counts failed attempts per key (a client address) in a sliding window and refuses once the
 * limit is reached, so 6-digit pairing codes and claim codes cannot be guessed: at 5 failures
 * per 10 minutes an attacker needs years for one code valid 10 minutes.
 */
export class AttemptLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  /** Failure times per key; bounded by pruning on every check and a cap on keys. */
  readonly #failures = new Map<string, number[]>();
  static readonly MAX_KEYS = 100_000;

  constructor(options: { limit: number; windowMs: number; now?: () => number }) {
    this.#limit = options.limit;
    this.#windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
  }

  /** Whether `key` may try now. */
  allows(key: string): boolean {
    return this.#recent(key).length < this.#limit;
  }

  recordFailure(key: string): void {
    const recent = this.#recent(key);
    recent.push(this.#now());
    if (!this.#failures.has(key) && this.#failures.size >= AttemptLimiter.MAX_KEYS) {
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
    this.#failures.set(key, recent);
  }

  #recent(key: string): number[] {
    const since = this.#now() - this.#windowMs;
    const recent = (this.#failures.get(key) ?? []).filter((time) => time > since);
    if (recent.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, recent);
    return recent;
  }
}
