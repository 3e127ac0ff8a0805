import type { RelayLogger } from '../relay-logger';
import { PUSH_TTL_SECONDS } from './push-request';
import type { PushResponse } from './push-transport';
import { type Backoff, PUSH_BACKOFF, retryDelayMs } from './retry-delay';

export interface PushQueueOptions<J> {
  /** Sends one push; rejects on a network failure or timeout (retried). */
  deliver: (job: J, signal: AbortSignal) => Promise<PushResponse>;
  /** The push service says the subscription is gone (404, 410): forget it. */
  onGone: (job: J) => void | Promise<void>;
  /** Names a push in the log, without its endpoint's secret path. */
  describe: (job: J) => string;
  logger: RelayLogger;
  /** Pushes sent at once. */
  concurrency?: number;
  /** Pushes waiting (for a turn or a retry) beyond which new ones are dropped. */
  maxQueued?: number;
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

const DEFAULTS = { concurrency: 32, maxQueued: 20_000, maxAttempts: 4 };
/** A push is worth nothing after its TTL: a retry that would wait longer is not made. */
const MAX_WAIT_MS = PUSH_TTL_SECONDS * 1000;

interface Entry<J> {
  job: J;
  /** Failed attempts so far. */
  failures: number;
}

/**
 * Sends pushes beside the relay's work, never in its way: a fixed number at once, a bounded
 * number waiting (past it a push is dropped and logged, not queued: memory stays flat when a push
 * service is down), retries with jittered backoff on network failures, 429 and 5xx, never on
 * another 4xx. Callers only `push`; nothing they do waits for a send.
 */
export class PushQueue<J> {
  readonly #options: PushQueueOptions<J> & typeof DEFAULTS;
  readonly #random: () => number;
  readonly #backoff: Backoff;
  #waiting: Entry<J>[] = [];
  #head = 0;
  #retrying = new Map<ReturnType<typeof setTimeout>, Entry<J>>();
  #inFlight = new Set<AbortController>();
  #dropped = 0;
  #closed = false;
  #idle: (() => void)[] = [];

  constructor(options: PushQueueOptions<J>) {
    this.#options = { ...DEFAULTS, ...options };
    this.#random = options.random ?? Math.random;
    this.#backoff = options.backoff ?? PUSH_BACKOFF;
  }

  /** Pushes waiting for a turn or a retry (not those being sent). */
  get size(): number {
    return this.#waiting.length - this.#head + this.#retrying.size;
  }

  /** Queues a push; false when it was dropped (the queue is full or closed). */
  push(job: J): boolean {
    if (this.#closed) return false;
    if (this.size >= this.#options.maxQueued) {
      if (this.#dropped === 0)
        this.#options.logger.warn(
          `push queue full (${this.size} waiting): dropping pushes until it drains; the push services may be slow or down`,
        );
      this.#dropped += 1;
      return false;
    }
    this.#waiting.push({ job, failures: 0 });
    this.#pump();
    return true;
  }

  /** Resolves once nothing is waiting, retrying or being sent. */
  idle(): Promise<void> {
    if (this.#isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  /** Drops what waits, cancels retries, aborts sends in flight and waits for them to stop. */
  async close(): Promise<void> {
    this.#closed = true;
    this.#waiting = [];
    this.#head = 0;
    for (const timer of this.#retrying.keys()) clearTimeout(timer);
    this.#retrying.clear();
    for (const controller of this.#inFlight) controller.abort();
    await this.idle();
  }

  #isIdle(): boolean {
    return this.size === 0 && this.#inFlight.size === 0;
  }

  #pump(): void {
    while (
      !this.#closed &&
      this.#inFlight.size < this.#options.concurrency &&
      this.#head < this.#waiting.length
    ) {
      const entry = this.#waiting[this.#head] as Entry<J>;
      this.#head += 1;
      void this.#send(entry);
    }
    // Compacted once the taken ones are half the array: shifting one at a time would cost O(n) each.
    if (this.#head > 1024 && this.#head * 2 > this.#waiting.length) {
      this.#waiting = this.#waiting.slice(this.#head);
      this.#head = 0;
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
    const controller = new AbortController();
    this.#inFlight.add(controller);
    try {
      const response = await this.#options.deliver(entry.job, controller.signal);
      this.#answered(entry, response);
    } catch (error) {
      if (error instanceof UnsendablePush)
        this.#options.logger.warn(`${this.#options.describe(entry.job)} not sent: ${error.message}`);
      else if (!this.#closed) this.#retry(entry, null, `failed: ${(error as Error).message}`);
    } finally {
      this.#inFlight.delete(controller);
      this.#pump();
    }
  }

  #answered(entry: Entry<J>, response: PushResponse): void {
    const { status } = response;
    const name = this.#options.describe(entry.job);
    if (status >= 200 && status < 300) return;
    if (status === 404 || status === 410) {
      this.#options.logger.info(`${name}: the push service answered ${status}, the subscription is gone`);
      void Promise.resolve()
        .then(() => this.#options.onGone(entry.job))
        .catch((error: Error) =>
          this.#options.logger.error(`${name}: forgetting the subscription failed: ${error.message}`),
        );
      return;
    }
    if (status === 429 || status >= 500) {
      this.#retry(entry, response.retryAfterMs, `the push service answered ${status}`);
      return;
    }
    // 400, 401, 403, 413…: the same request would be refused again.
    this.#options.logger.warn(`${name} refused by the push service (${status}); not retried`);
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
    const timer = setTimeout(() => {
      this.#retrying.delete(timer);
      this.#waiting.push(entry);
      this.#pump();
    }, waitMs);
    timer.unref?.();
    this.#retrying.set(timer, entry);
  }
}
