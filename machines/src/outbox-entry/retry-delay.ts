/** First retry after 1 s: a relay blip heals quickly. */
export const BASE_RETRY_DELAY_MS = 1_000;
/** Never wait longer than 5 min: a relay that is back is found within that. */
export const MAX_RETRY_DELAY_MS = 5 * 60_000;
/** Up to 20 % random spread, so a fleet of daemons does not retry in lockstep after an outage. */
export const RETRY_JITTER = 0.2;

/**
 * Wait before delivery attempt `attempt + 1` after `attempt` failures: 1 s doubling to 5 min.
 * Jitter lengthens waits below the cap and shortens the capped wait, so it never exceeds 5 min.
 * `maxDelayMs` is a lower cap, for tests that wait through an outage (never above 5 min).
 */
export function retryDelayMs(
  attempt: number,
  random: () => number = Math.random,
  maxDelayMs: number = MAX_RETRY_DELAY_MS,
): number {
  const cap = Math.min(maxDelayMs, MAX_RETRY_DELAY_MS);
  const base = Math.min(cap, BASE_RETRY_DELAY_MS * 2 ** Math.max(0, attempt - 1));
  const spread = RETRY_JITTER * random();
  const jittered = Math.round(base * (1 + spread));
  return jittered <= cap ? jittered : Math.round(cap * (1 - spread));
}
