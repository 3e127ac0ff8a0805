import { PUSH_REALERT_MS, PUSH_RING_WINDOW_MS } from '@ringback/protocol';
import type { ResolvedPushSubject } from './push-subject';
import type { PushTransport } from './push-transport';

/** How the relay pushes; every field has a default, tests shorten the times. */
export interface PushTuning {
  /**
   * Push service origins (`https://push.example.net`, `http://127.0.0.1:9000`) the relay sends to
   * besides the known public push services (push-endpoint.ts), exempt from the address checks at
   * connect time: the operator's own push service (`--push-origin`), or the local test push service.
   */
  allowedPushOrigins?: readonly string[];
  /** Between re-alerts of an unanswered call: `PUSH_REALERT_MS` (25 s ± 5 s). */
  realertMs?: { base: number; jitter: number };
  /** How long after the relay received a call it re-alerts, before the call is missed: `PUSH_RING_WINDOW_MS`. */
  ringWindowMs?: number;
  /**
   * How long a call's last push (`ended`, `missed`) is sent again, every `lastPushLeaseMs`, while
   * a push service fails it, counted from when it was decided: `LAST_PUSH_WINDOW_MS` (5 min).
   */
  lastPushWindowMs?: number;
  /**
   * How long a claimed last push is left to its claimer before any instance sends it again:
   * `LAST_PUSH_LEASE_MS` (15 s), longer than a push's own deadline (10 s), so a slow send is never
   * doubled by a re-claim while it is still on its way.
   */
  lastPushLeaseMs?: number;
  /** How often each instance looks for due re-alerts: 1 s. */
  schedulerTickMs?: number;
  /**
   * Where pushes go: absent, a worker thread encrypts them and sends them with undici, under
   * deadlines; given (tests), they are encrypted here and handed to it.
   */
  transport?: PushTransport;
  /**
   * Pushes sent at once (128), to one push service at once (32), and how many may wait before new
   * ones are dropped (20,000 in all, 5,000 for one push service, 500 for one account at one).
   */
  queue?: {
    concurrency?: number;
    perOriginConcurrency?: number;
    maxQueued?: number;
    maxQueuedPerOrigin?: number;
    maxQueuedPerAccount?: number;
  };
}

/** `RelayDeps.push`: on with a VAPID subject, or off with the reason; and the tuning. */
export type PushSettings = ResolvedPushSubject & PushTuning;

export const DEFAULT_SCHEDULER_TICK_MS = 1000;
/** A last push is given up 5 minutes after it was decided: a phone still unreachable then learns on its own. */
export const LAST_PUSH_WINDOW_MS = 5 * 60_000;
export const LAST_PUSH_LEASE_MS = 15_000;

export function pushTimes(tuning: PushTuning) {
  return {
    realert: tuning.realertMs ?? { base: PUSH_REALERT_MS.base, jitter: PUSH_REALERT_MS.jitter },
    ringWindowMs: tuning.ringWindowMs ?? PUSH_RING_WINDOW_MS,
    tickMs: tuning.schedulerTickMs ?? DEFAULT_SCHEDULER_TICK_MS,
    lastPushWindowMs: tuning.lastPushWindowMs ?? LAST_PUSH_WINDOW_MS,
    lastPushLeaseMs: tuning.lastPushLeaseMs ?? LAST_PUSH_LEASE_MS,
  };
}
