import type { TakenGuess } from './guess-ceiling';

/**
 * Counts failed attempts per key (a client address, see client-address.ts) in a sliding window
 * and refuses once the limit is reached: one address gets 5 wrong codes per 10 minutes. What
 * many addresses together may try is bounded apart, relay-wide (guess-ceiling.ts).
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
    this.#record(key);
  }

  /**
   * Counts an attempt as failed before it is checked (so concurrent attempts cannot all pass
   * the limit); null when `key` is at its limit. Give it back when the attempt succeeded.
   */
  take(key: string): TakenGuess | null {
    if (!this.allows(key)) return null;
    const at = this.#record(key);
    return {
      giveBack: () => {
        const times = this.#failures.get(key);
        const index = times?.indexOf(at) ?? -1;
        if (times && index >= 0) times.splice(index, 1);
      },
    };
  }

  /** Milliseconds until `key` may try again (0 when it may now). */
  retryAfterMs(key: string): number {
    const recent = this.#recent(key);
    if (recent.length < this.#limit) return 0;
    const freeing = recent[recent.length - this.#limit] ?? this.#now();
    return Math.max(0, freeing + this.#windowMs - this.#now());
  }

  #record(key: string): number {
    const recent = this.#recent(key);
    const at = this.#now();
    recent.push(at);
    if (!this.#failures.has(key) && this.#failures.size >= AttemptLimiter.MAX_KEYS) {
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
    this.#failures.set(key, recent);
    return at;
  }

  #recent(key: string): number[] {
    const since = this.#now() - this.#windowMs;
    const recent = (this.#failures.get(key) ?? []).filter((time) => time > since);
    if (recent.length === 0) this.#failures.delete(key);
    else this.#failures.set(key, recent);
    return recent;
  }
}
