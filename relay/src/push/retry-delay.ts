/** How long to wait before trying a push again. */
export interface Backoff {
  /** The wait after the first failure; it doubles after each further one. */
  baseMs: number;
  maxMs: number;
  /** Each wait is spread by up to this fraction either way, so retries after an outage do not come in lockstep. */
  jitter: number;
}

export const PUSH_BACKOFF: Backoff = { baseMs: 1000, maxMs: 30_000, jitter: 0.2 };

/**
 * The wait before attempt `failures + 1`: the push service's own `Retry-After` when it gave one
 * (it knows its load), else `baseMs` doubling per failure up to `maxMs`, jittered.
 */
export function retryDelayMs(
  failures: number,
  retryAfterMs: number | null,
  backoff: Backoff,
  random: () => number,
): number {
  if (retryAfterMs !== null) return retryAfterMs;
  const plain = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, failures - 1));
  return Math.round(plain * (1 + backoff.jitter * (2 * random() - 1)));
}
