/** The watcher's timings; tests shrink them, production uses the defaults. */
export interface WatchTiming {
  /** First reconnect delay after a failure; it doubles on each failure in a row. */
  firstRetryMs: number;
  maxRetryMs: number;
  /** After the tracker refused the token or the membership: retrying fast would only spam it. */
  authRetryMs: number;
  /** ± share of random jitter on every delay, so many daemons never retry in lockstep. */
  jitter: number;
  /** A connection that stayed up this long resets the backoff. */
  stableAfterMs: number;
  /** How often an open socket sends `{"type":"ping"}`. */
  pingIntervalMs: number;
  /** A socket that has said nothing (no frame, ping or pong) for this long is dead. */
  deadAfterMs: number;
  /** Upgrade plus `auth_ack` must come within this. */
  connectTimeoutMs: number;
  /** A report that could not be built or stored is tried again by a catch-up read this much later. */
  reportRetryMs: number;
}

export const DEFAULT_WATCH_TIMING: WatchTiming = {
  firstRetryMs: 1_000,
  maxRetryMs: 60_000,
  authRetryMs: 5 * 60_000,
  jitter: 0.2,
  stableAfterMs: 60_000,
  pingIntervalMs: 30_000,
  deadAfterMs: 75_000,
  connectTimeoutMs: 15_000,
  reportRetryMs: 60_000,
};

/** `base` spread by ± `jitter`, with `random()` in [0, 1). */
export function jittered(base: number, jitter: number, random: () => number): number {
  return Math.round(base * (1 - jitter + random() * 2 * jitter));
}

/** Delay before reconnect attempt number `failures` (1 = the first failure in a row). */
export function reconnectDelay(
  failures: number,
  authFailed: boolean,
  timing: WatchTiming,
  random: () => number,
): number {
  const base = authFailed
    ? timing.authRetryMs
    : Math.min(timing.maxRetryMs, timing.firstRetryMs * 2 ** Math.max(0, failures - 1));
  return jittered(base, timing.jitter, random);
}
