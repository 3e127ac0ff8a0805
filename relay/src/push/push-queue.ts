import type { RelayLogger } from '../relay-logger';
import { FairLanes, type LaneKey } from './fair-lanes';
import { PUSH_TTL_SECONDS } from './push-request';
import type { PushResponse } from './push-transport';
import { type Backoff, PUSH_BACKOFF, retryDelayMs } from './retry-delay';

export interface PushQueueOptions<J> {
  /** Sends one push; rejects on a network failure or timeout (retried). */
  deliver: (job: J, signal: AbortSignal) => Promise<PushResponse>;
  /**
   * The push service says the subscription is gone (404, 410), or refused it twice (400, 401,
   * 403: keys or VAPID it no longer takes): forget it.
   */
  onGone: (job: J) => void | Promise<void>;
  /**
   * Whether a push, its turn come (first or a retry), is no longer worth sending, `waitedMs` after
   * it was queued: it is dropped instead (no `deliver`, no `onGone`).
   */
  isStale?: (job: J, waitedMs: number) => boolean;
  /** Names a push in the log, without its endpoint's secret path. */
  describe: (job: J) => string;
  /** The push service and the account a push is for: each takes its turn. Absent: one lane. */
  laneOf?: (job: J) => LaneKey;
  logger: RelayLogger;
  /** Pushes sent at once, in all. */
  concurrency?: number;
  /** Pushes sent at once to one push service (origin). */
  perOriginConcurrency?: number;
  /** Pushes waiting (for a turn or a retry) beyond which new ones are dropped. */
  maxQueued?: number;
  /**
   * Pushes waiting for one push service beyond which its new ones are dropped: one that never
   * answers fills its own share of the queue, never the whole of it.
   */
  maxQueuedPerOrigin?: number;
  /**
   * Pushes waiting for one push service on one account's behalf beyond which that account's new
   * ones are dropped: a busy account fills its own share, never its push service's, and another
   * account's first push still finds room. Never more than half of `maxQueuedPerOrigin`.
   */
  maxQueuedPerAccount?: number;
  /** Attempts per push, the first included. */
  maxAttempts?: number;
  backoff?: Backoff;
  random?: () => number;
}

/** Thrown by `deliver` for a push that cannot be made (a subscription's keys unusable): not retried. */
export class UnsendablePush extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnsendablePush';
  }
}

const DEFAULTS = {
  // One push service may use what the whole queue had before (32): a stalled one leaves the
  // others 96, and a relay whose users are all on one push service sends as fast as it did.
  concurrency: 128,
  perOriginConcurrency: 32,
  maxQueued: 20_000,
  maxQueuedPerOrigin: 5000,
  // A call rings each of an account's devices, about every 20 s: 500 waiting is a push service
  // stalled for minutes under an account with dozens of devices, and ten such accounts still
  // leave most of a push service's 5000 to everyone else.
  maxQueuedPerAccount: 500,
  maxAttempts: 4,
};
const ONE_LANE: LaneKey = { origin: '', account: '' };
/** A push is worth nothing after its TTL: a retry that would wait longer is not made. */
const MAX_WAIT_MS = PUSH_TTL_SECONDS * 1000;

interface Entry<J> {
  job: J;
  lane: LaneKey;
  /** Failed attempts so far. */
  failures: number;
  /** Whether the push service already refused it once (400, 401, 403). */
  refused: boolean;
  /** When it was queued (epoch ms). */
  queuedAt: number;
}

/**
 * Sends pushes beside the relay's work, never in its way: a fixed number at once, fairly (push
 * services take turns, each with a cap of its own, and within one the accounts take turns, so a
 * push service that never answers or an account with a thousand devices delays nobody else's
 * first push); a bounded number waiting (past it a push is dropped and logged, not queued:
 * memory stays flat when a push service is down); retries with jittered backoff on network
 * failures, 429 and 5xx; one retry on 400, 401 and 403 (a VAPID or key change on the push
 * service's side), after which the subscription is forgotten; never a retry on another 4xx.
 * Callers only `push`; nothing they do waits for a send.
 */
export class PushQueue<J> {
  readonly #options: PushQueueOptions<J> & typeof DEFAULTS;
  readonly #random: () => number;
  readonly #backoff: Backoff;
  #lanes: FairLanes<Entry<J>>;
  #retrying = new Map<ReturnType<typeof setTimeout>, Entry<J>>();
  #inFlight = new Set<AbortController>();
  #dropped = 0;
  #closed = false;
  #idle: (() => void)[] = [];

  constructor(options: PushQueueOptions<J>) {
    this.#options = { ...DEFAULTS, ...options };
    this.#random = options.random ?? Math.random;
    this.#backoff = options.backoff ?? PUSH_BACKOFF;
    this.#lanes = new FairLanes(this.#options.perOriginConcurrency);
  }

  get #perAccountCap(): number {
    const { maxQueuedPerAccount, maxQueuedPerOrigin } = this.#options;
    return Math.min(maxQueuedPerAccount, Math.max(1, Math.floor(maxQueuedPerOrigin / 2)));
  }

  /** Pushes waiting for a turn or a retry (not those being sent). */
  get size(): number {
    return this.#lanes.waiting + this.#retrying.size;
  }

  /** Queues a push; false when it was dropped (the queue is full or closed). */
  push(job: J): boolean {
    if (this.#closed) return false;
    const lane = this.#options.laneOf?.(job) ?? ONE_LANE;
    if (
      this.size >= this.#options.maxQueued ||
      this.#lanes.waitingFor(lane.origin) >= this.#options.maxQueuedPerOrigin ||
      this.#lanes.waitingForAccount(lane) >= this.#perAccountCap
    ) {
      if (this.#dropped === 0)
        this.#options.logger.warn(
          `push queue full (${this.size} waiting): dropping pushes until it drains; the push services may be slow or down`,
        );
      this.#dropped += 1;
      return false;
    }
    this.#lanes.add(lane, { job, lane, failures: 0, refused: false, queuedAt: Date.now() });
    this.#pump();
    return true;
  }

  /** Resolves once nothing is waiting, retrying or being sent. */
  idle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /**
   * Drops what waits, cancels retries and aborts sends in flight; returns at once, whether or not
   * a push service has let go of them yet (what they answer later is ignored).
   */
  async close(): Promise<void> {
    this.#closed = true;
    this.#lanes.clear();
    for (const timer of this.#retrying.keys()) clearTimeout(timer);
    this.#retrying.clear();
    for (const controller of this.#inFlight) controller.abort();
    this.#inFlight.clear();
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  #isIdle(): boolean {
    return this.size === 0 && this.#inFlight.size === 0;
  }

  #pump(): void {
    while (!this.#closed && this.#inFlight.size < this.#options.concurrency) {
      const next = this.#lanes.take();
      if (!next) break;
      void this.#send(next.item);
    }
    if (this.#dropped > 0 && this.size < this.#options.maxQueued / 2) {
      this.#options.logger.warn(
        `push queue draining again: dropped ${this.#dropped} pushes while it was full`,
      );
      this.#dropped = 0;
    }
    if (this.#isIdle()) for (const resolve of this.#idle.splice(0)) resolve();
  }

  async #send(entry: Entry<J>): Promise<void> {
    if (this.#options.isStale?.(entry.job, Date.now() - entry.queuedAt)) {
      this.#options.logger.info(`${this.#options.describe(entry.job)} dropped: no longer worth sending`);
      this.#lanes.finished(entry.lane);
      // Not pumped from here: the pump that took it goes on to the next.
      return;
    }
    const controller = new AbortController();
    this.#inFlight.add(controller);
    try {
      const response = await this.#options.deliver(entry.job, controller.signal);
      if (!this.#closed) this.#answered(entry, response);
    } catch (error) {
      if (error instanceof UnsendablePush)
        this.#options.logger.warn(`${this.#options.describe(entry.job)} not sent: ${error.message}`);
      else if (!this.#closed) this.#retry(entry, null, `failed: ${(error as Error).message}`);
    } finally {
      this.#inFlight.delete(controller);
      this.#lanes.finished(entry.lane);
      if (!this.#closed) this.#pump();
    }
  }

  #answered(entry: Entry<J>, response: PushResponse): void {
    const { status } = response;
    const name = this.#options.describe(entry.job);
    if (status >= 200 && status < 300) return;
    if (status === 404 || status === 410) {
      this.#options.logger.info(`${name}: the push service answered ${status}, the subscription is gone`);
      this.#forget(entry);
      return;
    }
    if (status === 429 || status >= 500) {
      this.#retry(entry, response.retryAfterMs, `the push service answered ${status}`);
      return;
    }
    if (status === 400 || status === 401 || status === 403) {
      // Often the relay's VAPID key or the subscription's keys changed: refused again, the
      // subscription is dropped, and the device learns it must subscribe afresh (GET /v1/push/subscription).
      if (entry.refused) {
        this.#options.logger.warn(
          `${name} refused by the push service again (${status}): dropping the subscription`,
        );
        this.#forget(entry);
        return;
      }
      entry.refused = true;
      this.#later(entry, retryDelayMs(1, null, this.#backoff, this.#random));
      return;
    }
    // 413 and the like: the same request would be refused again.
    this.#options.logger.warn(`${name} refused by the push service (${status}); not retried`);
  }

  #forget(entry: Entry<J>): void {
    const name = this.#options.describe(entry.job);
    void Promise.resolve()
      .then(() => this.#options.onGone(entry.job))
      .catch((error: Error) =>
        this.#options.logger.error(`${name}: forgetting the subscription failed: ${error.message}`),
      );
  }

  #retry(entry: Entry<J>, retryAfterMs: number | null, why: string): void {
    const name = this.#options.describe(entry.job);
    entry.failures += 1;
    if (entry.failures >= this.#options.maxAttempts) {
      this.#options.logger.warn(`${name} not sent after ${entry.failures} attempts: ${why}`);
      return;
    }
    const waitMs = retryDelayMs(entry.failures, retryAfterMs, this.#backoff, this.#random);
    if (waitMs > MAX_WAIT_MS) {
      this.#options.logger.warn(
        `${name} not sent: ${why} and asks to wait ${Math.round(waitMs / 1000)} s, past the push's life`,
      );
      return;
    }
    this.#later(entry, waitMs);
  }

  /** Sends `entry` again after `waitMs`, in its lane's turn. */
  #later(entry: Entry<J>, waitMs: number): void {
    const timer = setTimeout(() => {
      this.#retrying.delete(timer);
      this.#lanes.add(entry.lane, entry);
      this.#pump();
    }, waitMs);
    timer.unref?.();
    this.#retrying.set(timer, entry);
  }
}
