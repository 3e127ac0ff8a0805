import type { RelayLogger } from '../relay-logger';
import type { DuePush, PushStore } from '../storage/relay-store';

export interface PushSchedulerDeps {
  store: PushStore;
  now: () => number;
  tickMs: number;
  realert: { base: number; jitter: number };
  /** How long a claimed last push is left to this instance (see `PushTuning.lastPushLeaseMs`). */
  lastLeaseMs?: number;
  /** A due call this instance claimed. */
  onDue: (due: DuePush) => Promise<void>;
  logger: RelayLogger;
  /** Calls claimed per statement. */
  batch?: number;
}

const DEFAULT_BATCH = 500;

/**
 * Each instance ticks, claiming the re-alerts that are due; the database hands each one to one
 * instance, so on several instances every push is still sent once. The timer does not keep the
 * process alive.
 */
export class PushScheduler {
  readonly #deps: PushSchedulerDeps;
  #timer: ReturnType<typeof setInterval> | null = null;
  #running: Promise<void> | null = null;
  /** Asked to claim while a claim ran: that one may have missed what was made due meanwhile. */
  #again = false;
  #failing = false;

  constructor(deps: PushSchedulerDeps) {
    this.#deps = deps;
  }

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.tick(), this.#deps.tickMs);
    this.#timer.unref();
  }

  /** Stops ticking and waits for a tick in progress. */
  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /**
   * Claims and handles what is due now; a tick still running is not started twice, but runs once
   * more when it ends (what was made due meanwhile, a call just ended, is claimed without waiting).
   */
  tick(): Promise<void> {
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = (async () => {
      do {
        this.#again = false;
        await this.#claimAll();
      } while (this.#again && this.#timer);
    })().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #claimAll(): Promise<void> {
    const { store, now, realert, onDue, logger } = this.#deps;
    const limit = this.#deps.batch ?? DEFAULT_BATCH;
    try {
      for (;;) {
        const due = await store.claimDuePushes(now(), {
          limit,
          realert,
          ...(this.#deps.lastLeaseMs !== undefined ? { lastLeaseMs: this.#deps.lastLeaseMs } : {}),
        });
        await Promise.all(
          due.map((call) =>
            onDue(call).catch((error: Error) =>
              logger.error(`push for call ${call.eventId} failed: ${error.message}`),
            ),
          ),
        );
        if (due.length < limit) break;
      }
      if (this.#failing) logger.info('push re-alerts are claimed again');
      this.#failing = false;
    } catch (error) {
      // Once per outage: the database may be out of reach for a while, and ticks come every second.
      if (!this.#failing) logger.warn(`claiming due push re-alerts failed: ${(error as Error).message}`);
      this.#failing = true;
    }
  }
}
