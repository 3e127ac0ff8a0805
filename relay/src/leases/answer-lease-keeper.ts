import { ANSWER_LEASE_RENEW_MS } from '@ringback/protocol';
import type { RelayLogger } from '../relay-logger';
import type { AnswerLeaseStore, NewCallPushes, ReleasedCall } from '../storage/relay-store';
import type { StreamHub } from '../stream/stream-hub';

/** Lapsed calls one sweep gives back at most; the next sweep takes the rest. */
const SWEEP_LIMIT = 200;
/** Ticks never come closer than this, however short a test makes the lease. */
const MIN_TICK_MS = 50;

export interface AnswerLeaseKeeperDeps {
  store: AnswerLeaseStore;
  hub: StreamHub;
  /** How long a call stays with its device after its last renewal. */
  leaseMs: number;
  /** A released call's new push schedule (it rings again); null with Web Push off. */
  pushes(): NewCallPushes | null;
  /** A call went back to `pending` here: its `status` frame reaches the account's streams. */
  released(call: ReleasedCall): void;
  logger: RelayLogger;
}

/**
 * One relay instance's share of answered calls' leases. An open stream of the answering device
 * counts as a renewal: each tick renews the leases of the devices streaming from this instance
 * (so an instance that dies stops renewing, and its devices' calls lapse a lease later), and a
 * stream that closes renews them once more, so the lease runs from the moment the device went
 * away. Each tick then gives back the calls whose lease lapsed, decided by the store on its one
 * clock; every instance sweeps, and the store releases each lapsed call once.
 */
export class AnswerLeaseKeeper {
  readonly #deps: AnswerLeaseKeeperDeps;
  readonly #timer: NodeJS.Timeout;
  #running: Promise<void> | null = null;
  #closed = false;

  constructor(deps: AnswerLeaseKeeperDeps) {
    this.#deps = deps;
    // A quarter of the lease: a streaming device's lease never comes near lapsing between ticks.
    const tickMs = Math.max(MIN_TICK_MS, Math.min(ANSWER_LEASE_RENEW_MS, Math.floor(deps.leaseMs / 4)));
    this.#timer = setInterval(() => void this.tick(), tickMs);
    this.#timer.unref();
  }

  get leaseMs(): number {
    return this.#deps.leaseMs;
  }

  /** A stream of the device closed here: its lease runs from now. */
  streamClosed(accountId: string, deviceId: string): void {
    if (this.#closed) return;
    this.#deps.store
      .renewLeasesOf([{ accountId, deviceId }], this.#deps.leaseMs)
      .catch((error: Error) =>
        this.#deps.logger.error(`renewing the leases of ${deviceId} failed: ${error.message}`),
      );
  }

  /** Renews the streaming devices' leases, then gives back lapsed calls (one tick at a time). */
  tick(): Promise<void> {
    if (this.#closed) return Promise.resolve();
    this.#running ??= this.#tickOnce().finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  async #tickOnce(): Promise<void> {
    const { store, hub, leaseMs, logger } = this.#deps;
    try {
      await store.renewLeasesOf(hub.streamingDevices(), leaseMs);
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
