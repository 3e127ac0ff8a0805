import { assign, type SnapshotFrom, setup } from 'xstate';
import { MAX_RETRY_DELAY_MS, retryDelayMs } from '../outbox-entry/retry-delay';

/** Deliveries in flight at once while the relay answers: a backlog drains fast, yet gently. */
export const MAX_CONCURRENT_DELIVERIES = 8;
/** While not logged in or without a key, how often one waiting entry checks again. */
export const NOT_READY_CHECK_MS = 5_000;

/** The backoff reached: what the outbox keeps of the gate across restarts. */
export interface DeliveryGateBackoff {
  /** Attempts in a row that found the relay unreachable (network error, 5xx, 429). */
  failures: number;
  /** Epoch ms (host clock) of the next probe while backing off; survives restarts. */
  nextProbeAt: number | null;
  lastError: string | null;
}

/** Plain JSON, so the snapshot persists as is: a few dozen bytes, written once per probe. */
export interface DeliveryGateContext extends DeliveryGateBackoff {
  schemaVersion: 1;
  /**
   * How long `backingOff` waits once entered: `nextProbeAt` less the host time the gate last
   * learnt (the failure, or the restore). Not persisted: a restore works it out afresh.
   */
  probeDelayMs: number;
  /** The longest backoff step: 5 min, or less in tests (`DeliveryGateInput`). Not persisted. */
  maxProbeDelayMs: number;
}

export interface DeliveryGateInput {
  /** Restoring after a restart (see `persistDeliveryGate`), at host time `at` (epoch ms). */
  restored?: { backoff: DeliveryGateBackoff; at: number };
  /**
   * For tests that wait through an outage: a longest backoff step below 5 min (the daemon's
   * `RINGBACK_DELIVERY_RETRY_MAX_MS`), so they see its probes in seconds.
   */
  maxProbeDelayMs?: number;
}

export type DeliveryGateEvent =
  /** A delivery got an answer that says the relay is there: 2xx, 409, another 4xx. */
  | { type: 'RELAY_ANSWERED' }
  /**
   * A delivery failed with a network error, 5xx or 429: every entry backs off. The host says
   * when (`at`, epoch ms) and draws `random` in [0, 1) for the jitter, so the machine reads
   * neither clock nor randomness and a test chooses both.
   */
  | { type: 'RELAY_UNREACHABLE'; reason: string; at: number; random: number }
  /** A delivery could not be tried: not logged in to a relay, or no end-to-end key. */
  | { type: 'RELAY_NOT_READY'; reason: string }
  /** The host learnt delivery may work now (a login): probe at once. */
  | { type: 'PROBE_NOW' };

/** What `recordFailure` takes from a `RELAY_UNREACHABLE`. */
const failureOf = ({ event }: { event: Extract<DeliveryGateEvent, { type: 'RELAY_UNREACHABLE' }> }) => ({
  reason: event.reason,
  at: event.at,
  random: event.random,
});

/**
 * Whether outbox entries may deliver, shared by all of them, so a relay outage costs one probe
 * per backoff step however many reports wait: `open` lets up to 8 deliveries go in arrival order;
 * a failure moves to `backingOff` (1 s doubling to 5 min, jittered, across restarts), then
 * `probing` lets exactly one delivery go, whose answer opens the gate or backs off further.
 * Answers of deliveries still in flight when the gate closed do not move it: a 429 means back
 * off for everyone, whatever the other answers say.
 */
export const deliveryGateMachine = setup({
  types: {} as { context: DeliveryGateContext; events: DeliveryGateEvent; input: DeliveryGateInput },
  actions: {
    recordFailure: assign(({ context }, params: { reason: string; at: number; random: number }) => {
      const failures = context.failures + 1;
      const probeDelayMs = retryDelayMs(failures, () => params.random, context.maxProbeDelayMs);
      return { failures, nextProbeAt: params.at + probeDelayMs, probeDelayMs, lastError: params.reason };
    }),
    recordNotReady: assign((_, params: { reason: string }) => ({ lastError: params.reason })),
    recordAnswer: assign(() => ({ failures: 0, nextProbeAt: null, probeDelayMs: 0, lastError: null })),
  },
  guards: {
    wasBackingOff: ({ context }) => context.failures > 0,
  },
  delays: {
    untilProbe: ({ context }) => context.probeDelayMs,
    notReadyCheck: NOT_READY_CHECK_MS,
  },
}).createMachine({
  id: 'deliveryGate',
  context: ({ input }) => {
    const backoff = input.restored?.backoff;
    const at = input.restored?.at ?? 0;
    const maxProbeDelayMs = Math.min(input.maxProbeDelayMs ?? MAX_RETRY_DELAY_MS, MAX_RETRY_DELAY_MS);
    // From the persisted absolute time, so a restart waits only what is left; yet never longer
    // than this run's longest step: a run with a lower one (RINGBACK_DELIVERY_RETRY_MAX_MS) does
    // not wait out the 5 min step an earlier run saved, nor does a host clock set back wait on.
    const nextProbeAt =
      backoff?.nextProbeAt === undefined || backoff.nextProbeAt === null
        ? null
        : Math.min(backoff.nextProbeAt, at + maxProbeDelayMs);
    return {
      schemaVersion: 1,
      failures: backoff?.failures ?? 0,
      nextProbeAt,
      probeDelayMs: Math.max(0, (nextProbeAt ?? at) - at),
      lastError: backoff?.lastError ?? null,
      maxProbeDelayMs,
    };
  },
  initial: 'resuming',
  states: {
    resuming: { always: [{ guard: 'wasBackingOff', target: 'backingOff' }, { target: 'open' }] },
    open: {
      on: {
        RELAY_UNREACHABLE: { target: 'backingOff', actions: { type: 'recordFailure', params: failureOf } },
        RELAY_NOT_READY: {
          target: 'notReady',
          actions: { type: 'recordNotReady', params: ({ event }) => ({ reason: event.reason }) },
        },
      },
    },
    backingOff: {
      after: { untilProbe: 'probing' },
      on: { PROBE_NOW: 'probing' },
    },
    probing: {
      on: {
        RELAY_ANSWERED: { target: 'open', actions: 'recordAnswer' },
        RELAY_UNREACHABLE: { target: 'backingOff', actions: { type: 'recordFailure', params: failureOf } },
        RELAY_NOT_READY: {
          target: 'notReady',
          actions: { type: 'recordNotReady', params: ({ event }) => ({ reason: event.reason }) },
        },
      },
    },
    // One timer for all: every 5 s the oldest entry checks whether it can go now.
    notReady: {
      after: { notReadyCheck: 'probing' },
      on: { PROBE_NOW: 'probing' },
    },
  },
});

export type DeliveryGateSnapshot = SnapshotFrom<typeof deliveryGateMachine>;

/** How many deliveries the gate lets be in flight in its current state. */
export function deliverySlots(snapshot: DeliveryGateSnapshot): number {
  if (snapshot.matches('open')) return MAX_CONCURRENT_DELIVERIES;
  // The probe: one delivery, and only once nothing else is in flight.
  if (snapshot.matches('probing')) return 1;
  return 0;
}
