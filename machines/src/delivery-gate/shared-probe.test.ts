import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { ArrivalOrderSlots } from '../outbox-entry/arrival-order-slots';
import type { DeliveryAttempt } from '../outbox-entry/classify-delivery';
import { outboxEntryMachine } from '../outbox-entry/outbox-entry-machine';
import { createOutboxEntryActor, type OutboxEntryActor } from '../outbox-entry/outbox-entry-persistence';
import { deliveryGateMachine, deliverySlots } from './delivery-gate-machine';
import { createDeliveryGateActor, type DeliveryGateActor } from './delivery-gate-persistence';

// Many entries and one gate, wired as a host wires them: entries that reach `generated` queue
// for a delivery slot, the gate's state sets how many slots there are, and every entry's
// answers move the gate.

interface Relay {
  answer: DeliveryAttempt | 'network_error';
  /** Event ids in the order their POSTs reached the relay. */
  seen: string[];
  inFlight: number;
  maxInFlight: number;
}

function outbox(count: number, relay: Relay) {
  const gate: DeliveryGateActor = createDeliveryGateActor(deliveryGateMachine).start();
  const entries = new Map<string, OutboxEntryActor>();
  const slots = new ArrivalOrderSlots((id) => entries.get(id)?.send({ type: 'DELIVER' }), 0);
  slots.setLimit(deliverySlots(gate.getSnapshot()));
  gate.subscribe((snapshot) => slots.setLimit(deliverySlots(snapshot)));
  const machine = outboxEntryMachine.provide({
    actors: {
      generateBrief: fromPromise<void, { eventId: string }>(async () => {}),
      deliver: fromPromise<DeliveryAttempt, { eventId: string; attempt: number }>(async ({ input }) => {
        relay.seen.push(input.eventId);
        relay.inFlight += 1;
        relay.maxInFlight = Math.max(relay.maxInFlight, relay.inFlight);
        // A round trip, so deliveries overlap.
        await new Promise((resolve) => setTimeout(resolve, 5));
        relay.inFlight -= 1;
        if (relay.answer === 'network_error') throw new Error('connect ECONNREFUSED');
        return relay.answer;
      }),
    },
    actions: {
      relayAnswered: () => gate.send({ type: 'RELAY_ANSWERED' }),
      // The simulated clock, and a fixed draw for the jitter.
      relayUnreachable: (_, { reason }) =>
        gate.send({ type: 'RELAY_UNREACHABLE', reason, at: Date.now(), random: 0 }),
      relayNotReady: (_, { reason }) => gate.send({ type: 'RELAY_NOT_READY', reason }),
    },
  });
  const ids: string[] = [];
  for (let n = 0; n < count; n += 1) {
    const eventId = `e${String(n).padStart(6, '0')}`;
    ids.push(eventId);
    const actor = createOutboxEntryActor(machine, { input: { eventId, source: 'codex', acceptedAt: n } });
    let state = '';
    actor.subscribe((snapshot) => {
      const next = String(snapshot.value);
      if (state === 'delivering' && next !== 'delivering') slots.finished(eventId);
      if (next === 'generated' && state !== 'generated') slots.enqueue(eventId, n);
      if (snapshot.status === 'done') slots.remove(eventId);
      state = next;
    });
    entries.set(eventId, actor.start());
  }
  return {
    gate,
    ids,
    entries,
    generateAll: () => {
      for (const actor of entries.values())
        if (actor.getSnapshot().value === 'stored') actor.send({ type: 'GENERATE' });
    },
    stop: () => {
      for (const actor of entries.values()) actor.stop();
      gate.stop();
    },
  };
}

let stop: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  stop?.();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('entries waiting on one delivery gate', () => {
  it('cost one probe per backoff step during an outage, then drain in arrival order, 8 at a time, once each', async () => {
    const relay: Relay = { answer: { httpStatus: 503 }, seen: [], inFlight: 0, maxInFlight: 0 };
    const box = outbox(1000, relay);
    stop = box.stop;
    box.generateAll();
    await vi.advanceTimersByTimeAsync(50);
    // The first answers closed the gate; only deliveries already let go were tried.
    expect(relay.seen.length).toBeLessThanOrEqual(8);
    const beforeOutage = relay.seen.length;

    // Ten minutes of outage: probes after 1, 2, 4, … 256 s, then every 5 min.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    const probes = relay.seen.slice(beforeOutage);
    expect(probes.length).toBeGreaterThanOrEqual(9);
    expect(probes.length).toBeLessThanOrEqual(11);
    // Always the oldest report carries the probe.
    expect(new Set(probes)).toEqual(new Set(['e000000']));
    expect(vi.getTimerCount()).toBe(1);

    relay.answer = { httpStatus: 201 };
    const seenBefore = relay.seen.length;
    await vi.advanceTimersByTimeAsync(5 * 60_000 + 5_000);
    const drain = relay.seen.slice(seenBefore);
    expect(drain).toEqual(box.ids);
    expect(relay.maxInFlight).toBe(8);
    expect([...box.entries.values()].every((actor) => actor.getSnapshot().value === 'delivered')).toBe(true);
  });

  it('sends every delivery back to the shared probe when one fails during a drain', async () => {
    const relay: Relay = { answer: { httpStatus: 201 }, seen: [], inFlight: 0, maxInFlight: 0 };
    const box = outbox(100, relay);
    stop = box.stop;
    box.generateAll();
    await vi.advanceTimersByTimeAsync(12); // two rounds of 8
    relay.answer = { httpStatus: 429 };
    await vi.advanceTimersByTimeAsync(10);
    expect(String(box.gate.getSnapshot().value)).toBe('backingOff');
    const during = relay.seen.length;
    await vi.advanceTimersByTimeAsync(900);
    expect(relay.seen.length).toBe(during);

    relay.answer = { httpStatus: 201 };
    await vi.advanceTimersByTimeAsync(5_000);
    const delivered = [...box.entries.values()].filter((actor) => actor.getSnapshot().value === 'delivered');
    expect(delivered).toHaveLength(100);
    // The 429'd ones went again, back in their places: first seen order stays arrival order.
    expect([...new Set(relay.seen)]).toEqual(box.ids);
  });

  it('drops a refused report and carries on with the others', async () => {
    const relay: Relay = { answer: { httpStatus: 201 }, seen: [], inFlight: 0, maxInFlight: 0 };
    const box = outbox(20, relay);
    stop = box.stop;
    relay.answer = { httpStatus: 413, errorCode: 'payload_too_large' };
    box.entries.get('e000000')?.send({ type: 'GENERATE' });
    await vi.advanceTimersByTimeAsync(10);
    expect(box.entries.get('e000000')?.getSnapshot().value).toBe('dropped');
    relay.answer = { httpStatus: 201 };
    box.generateAll();
    await vi.advanceTimersByTimeAsync(100);
    expect(String(box.gate.getSnapshot().value)).toBe('open');
    expect(relay.seen).toEqual(box.ids);
  });
});
