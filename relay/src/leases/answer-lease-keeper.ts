import { ANSWER_LEASE_RENEW_MS } from '@ringback/protocol';
import type { RelayLogger } from '../relay-logger';
import type { AnswerLeaseStore, NewCallPushes, ReleasedCall } from '../storage/relay-store';

/** Lapsed calls one sweep gives back at most; the next sweep takes the rest. */
const SWEEP_LIMIT = 200;
/** Ticks never come closer than this, however short a test makes the lease. */
const MIN_TICK_MS = 50;

export interface AnswerLeaseKeeperDeps {
  store: AnswerLeaseStore;
  /** How long a call stays with its device after its last renewal. */
  leaseMs: number;
  /** A released call's new push schedule (it rings again); null with Web Push off. */
  pushes(): NewCallPushes | null;
  /** A call went back to `pending` here: its `status` frame reaches the account's streams. */
  released(call: ReleasedCall): void;
  logger: RelayLogger;
}

/**
 * Gives back the answered calls whose lease lapsed, decided by the store on its one clock; every
 * relay instance sweeps, and the store releases each lapsed call once. It renews nothing: only
 * the answering device does, by answering and by `POST /v1/events/:eventId/lease`. An open
 * stream is no sign of life (a phone lost without FIN or RST keeps its socket here until TCP
 * gives up, a quarter of an hour), so it keeps no call.
 */
export class AnswerLeaseKeeper {
  readonly #deps: AnswerLeaseKeeperDeps;
  readonly #timer: NodeJS.Timeout;
  #running: Promise<void> | null = null;
  #closed = false;

  constructor(deps: AnswerLeaseKeeperDeps) {
    this.#deps = deps;
    // A quarter of the lease (at most a renewal period): a lapsed call goes back soon after.
    const tickMs = Math.max(MIN_TICK_MS, Math.min(ANSWER_LEASE_RENEW_MS, Math.floor(deps.leaseMs / 4)));
    this.#timer = setInterval(() => void this.tick(), tickMs);
    this.#timer.unref();
  }

  get leaseMs(): number {
    return this.#deps.leaseMs;
  }

  /** Gives back lapsed calls (one sweep at a time). */
  tick(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#running ??= this.#sweep().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #sweep(): Promise<void> {
    const { store, logger } = this.#deps;
    try {
      const released = await store.releaseLapsedCalls({ limit: SWEEP_LIMIT, pushes: this.#deps.pushes() });
      for (const call of released) {
        logger.info(`call ${call.event.eventId} returned to pending: its answering device's lease lapsed`);
        this.#deps.released(call);
      }
    } catch (error) {
      logger.error(`keeping answer leases failed: ${(error as Error).message}`);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    clearInterval(this.#timer);
    await this.#running;
  }
}
