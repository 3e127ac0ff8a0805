import { assign, type SnapshotFrom, setup } from 'xstate';
import { retryDelayMs } from '../outbox-entry/retry-delay';

/** Deliveries in flight at once while the relay answers: a backlog drains fast, yet gently. */
export const MAX_CONCURRENT_DELIVERIES = 8;
/** While not logged in or without a key, how often one waiting entry checks again. */
export const NOT_READY_CHECK_MS = 5_000;

/** Plain JSON, so the snapshot persists as is: a few dozen bytes, written once per probe. */
export interface DeliveryGateContext {
  schemaVersion: 1;
  /** Attempts in a row that found the relay unreachable (network error, 5xx, 429). */
  failures: number;
  /** Epoch ms of the next probe while backing off; survives restarts. */
  nextProbeAt: number | null;
  lastError: string | null;
}

export interface DeliveryGateInput {
  /** Restoring after a restart (see `persistDeliveryGate`). */
  restored?: Omit<DeliveryGateContext, 'schemaVersion'>;
}

export type DeliveryGateEvent =
  /** A delivery got an answer that says the relay is there: 2xx, 409, another 4xx. */
  | { type: 'RELAY_ANSWERED' }
  /** A delivery failed with a network error, 5xx or 429: every entry backs off. */
  | { type: 'RELAY_UNREACHABLE'; reason: string }
  /** A delivery could not be tried: not logged in to a relay, or no end-to-end key. */
  | { type: 'RELAY_NOT_READY'; reason: string }
  /** The host learnt delivery may work now (a login): probe at once. */
  | { type: 'PROBE_NOW' };

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
    recordFailure: assign(({ context }, params: { reason: string }) => {
      const failures = context.failures + 1;
      return { failures, nextProbeAt: Date.now() + retryDelayMs(failures), lastError: params.reason };
    }),
    recordNotReady: assign((_, params: { reason: string }) => ({ lastError: params.reason })),
    recordAnswer: assign(() => ({ failures: 0, nextProbeAt: null, lastError: null })),
  },
  guards: {
    wasBackingOff: ({ context }) => context.failures > 0,
  },
  delays: {
    // From the persisted absolute time, so a restart waits only what is left.
    untilProbe: ({ context }) => Math.max(0, (context.nextProbeAt ?? 0) - Date.now()),
    notReadyCheck: NOT_READY_CHECK_MS,
  },
}).createMachine({
  id: 'deliveryGate',
  context: ({ input }) => ({
    schemaVersion: 1,
    failures: input.restored?.failures ?? 0,
    nextProbeAt: input.restored?.nextProbeAt ?? null,
    lastError: input.restored?.lastError ?? null,
  }),
  initial: 'resuming',
  states: {
    resuming: { always: [{ guard: 'wasBackingOff', target: 'backingOff' }, { target: 'open' }] },
    open: {
      on: {
        RELAY_UNREACHABLE: {
          target: 'backingOff',
          actions: { type: 'recordFailure', params: ({ event }) => ({ reason: event.reason }) },
        },
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
        RELAY_UNREACHABLE: {
          target: 'backingOff',
          actions: { type: 'recordFailure', params: ({ event }) => ({ reason: event.reason }) },
        },
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
