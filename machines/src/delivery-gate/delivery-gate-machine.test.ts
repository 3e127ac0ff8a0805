import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deliveryGateMachine, deliverySlots, MAX_CONCURRENT_DELIVERIES } from './delivery-gate-machine';
import {
  createDeliveryGateActor,
  type DeliveryGateActor,
  parsePersistedDeliveryGate,
  persistDeliveryGate,
} from './delivery-gate-persistence';

let gate: DeliveryGateActor | undefined;

// The simulated clock is the host's clock here; the host's draw for the jitter is 0 unless a
// test says otherwise.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  gate?.stop();
  gate = undefined;
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function start(persisted?: unknown, at = Date.now()): DeliveryGateActor {
  gate = createDeliveryGateActor(deliveryGateMachine, { persisted, at }).start();
  return gate;
}

const state = (actor: DeliveryGateActor) => String(actor.getSnapshot().value);
const slots = (actor: DeliveryGateActor) => deliverySlots(actor.getSnapshot());
/** A failure the host saw now, with its draw for the jitter. */
const unreachable = (random = 0) =>
  ({ type: 'RELAY_UNREACHABLE', reason: 'relay answered 503', at: Date.now(), random }) as const;

/** Advances until the gate probes; returns how long that took. */
async function untilProbing(actor: DeliveryGateActor, limitMs = 10 * 60_000): Promise<number> {
  let waited = 0;
  while (state(actor) !== 'probing' && waited < limitMs) {
    await vi.advanceTimersByTimeAsync(100);
    waited += 100;
  }
  return waited;
}

describe('deliveryGateMachine', () => {
  it('lets 8 deliveries go while the relay answers', () => {
    const actor = start();
    expect(state(actor)).toBe('open');
    expect(slots(actor)).toBe(MAX_CONCURRENT_DELIVERIES);
    expect(MAX_CONCURRENT_DELIVERIES).toBe(8);
    actor.send({ type: 'RELAY_ANSWERED' });
    expect(state(actor)).toBe('open');
  });

  it('backs off from 1 s doubling, letting exactly one probe through each time', async () => {
    const actor = start();
    actor.send(unreachable());
    expect(state(actor)).toBe('backingOff');
    expect(slots(actor)).toBe(0);
    await vi.advanceTimersByTimeAsync(999);
    expect(state(actor)).toBe('backingOff');
    await vi.advanceTimersByTimeAsync(1);
    expect(state(actor)).toBe('probing');
    expect(slots(actor)).toBe(1);

    const waits: number[] = [];
    for (let probe = 0; probe < 4; probe += 1) {
      actor.send(unreachable());
      waits.push(await untilProbing(actor));
    }
    expect(waits).toEqual([2000, 4000, 8000, 16000]);
    expect(actor.getSnapshot().context).toMatchObject({ failures: 5, lastError: 'relay answered 503' });

    actor.send({ type: 'RELAY_ANSWERED' });
    expect(state(actor)).toBe('open');
    expect(actor.getSnapshot().context).toMatchObject({ failures: 0, nextProbeAt: null, lastError: null });
  });

  it('never waits longer than 5 minutes, and jitters by up to 20 %', async () => {
    const actor = start();
    actor.send(unreachable());
    let wait = 0;
    for (let probe = 0; probe < 12; probe += 1) {
      wait = await untilProbing(actor);
      actor.send(unreachable());
    }
    expect(wait).toBe(5 * 60_000);

    const jittered = start();
    jittered.send(unreachable(0.999));
    expect(await untilProbing(jittered)).toBe(1200);
  });

  it('never waits longer than a lower longest wait the host sets (tests), also after a restart', async () => {
    gate = createDeliveryGateActor(deliveryGateMachine, undefined, {}, { maxProbeDelayMs: 5000 }).start();
    const actor = gate;
    actor.send(unreachable());
    const waits: number[] = [];
    for (let probe = 0; probe < 6; probe += 1) {
      waits.push(await untilProbing(actor));
      actor.send(unreachable());
    }
    expect(waits).toEqual([1000, 2000, 4000, 5000, 5000, 5000]);
    const { failures, nextProbeAt } = actor.getSnapshot().context;
    expect(nextProbeAt).toBe(Date.now() + 5000);
    actor.stop();

    // Restored, it waits what is left of the saved step, then keeps to the same longest wait.
    const persisted = persistDeliveryGate(actor.getSnapshot());
    await vi.advanceTimersByTimeAsync(2000);
    gate = createDeliveryGateActor(
      deliveryGateMachine,
      { persisted, at: Date.now() },
      {},
      { maxProbeDelayMs: 5000 },
    ).start();
    expect(await untilProbing(gate)).toBe(3000);
    gate.send(unreachable());
    expect(gate.getSnapshot().context.failures).toBe(failures + 1);
    expect(await untilProbing(gate)).toBe(5000);
  });

  it('restored with a lower longest wait than the run that saved its backoff, waits no longer than that', async () => {
    // An earlier run backed off 5 minutes; this one starts with a longest wait of 10 s.
    const t0 = Date.now();
    const saved = {
      schemaVersion: 1,
      failures: 12,
      nextProbeAt: t0 + 5 * 60_000,
      lastError: 'relay answered 503',
    };
    gate = createDeliveryGateActor(
      deliveryGateMachine,
      { persisted: saved, at: t0 },
      {},
      { maxProbeDelayMs: 10_000 },
    ).start();
    expect(state(gate)).toBe('backingOff');
    // What it saves again says the shorter wait too, so the run after it keeps to it.
    expect(persistDeliveryGate(gate.getSnapshot()).nextProbeAt).toBe(t0 + 10_000);
    expect(await untilProbing(gate)).toBe(10_000);
    // A wait shorter than the longest one is left as it was.
    gate.stop();
    gate = createDeliveryGateActor(
      deliveryGateMachine,
      { persisted: { ...saved, nextProbeAt: Date.now() + 3000 }, at: Date.now() },
      {},
      { maxProbeDelayMs: 10_000 },
    ).start();
    expect(await untilProbing(gate)).toBe(3000);
  });

  it('takes the time and the jitter from the host: two draws, two waits', async () => {
    const ownRandom = vi.spyOn(Math, 'random');
    const seen: { nextProbeAt: number | null; wait: number }[] = [];
    for (const random of [0, 0.5]) {
      const actor = start();
      // A host clock far from the simulated one: the probe time follows the host's.
      actor.send({ type: 'RELAY_UNREACHABLE', reason: 'relay answered 503', at: 1_000_000, random });
      const { nextProbeAt } = actor.getSnapshot().context;
      seen.push({ nextProbeAt, wait: await untilProbing(actor) });
      actor.stop();
    }
    expect(seen).toEqual([
      { nextProbeAt: 1_001_000, wait: 1000 },
      { nextProbeAt: 1_001_100, wait: 1100 },
    ]);
    expect(ownRandom).not.toHaveBeenCalled();
  });

  it('holds one timer however long the outage', async () => {
    const actor = start();
    for (let probe = 0; probe < 6; probe += 1) {
      actor.send(unreachable());
      expect(vi.getTimerCount()).toBe(1);
      await untilProbing(actor);
      expect(vi.getTimerCount()).toBe(0);
    }
  });

  it('ignores the answers of deliveries still in flight once it backs off: a 429 is for everyone', async () => {
    const actor = start();
    actor.send({ type: 'RELAY_UNREACHABLE', reason: 'relay answered 429', at: Date.now(), random: 0 });
    const backingOff = actor.getSnapshot().context;
    actor.send({ type: 'RELAY_ANSWERED' });
    actor.send(unreachable());
    actor.send(unreachable());
    expect(state(actor)).toBe('backingOff');
    expect(actor.getSnapshot().context).toEqual(backingOff);
  });

  it('probes at once when told delivery may work now', () => {
    const actor = start();
    actor.send(unreachable());
    actor.send({ type: 'PROBE_NOW' });
    expect(state(actor)).toBe('probing');
  });

  it('checks every 5 s, with one timer, while not logged in or without a key', async () => {
    const actor = start();
    actor.send({ type: 'RELAY_NOT_READY', reason: 'not logged in to a relay yet' });
    expect(state(actor)).toBe('notReady');
    expect(slots(actor)).toBe(0);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(4999);
    expect(state(actor)).toBe('notReady');
    await vi.advanceTimersByTimeAsync(1);
    expect(state(actor)).toBe('probing');
    actor.send({ type: 'RELAY_NOT_READY', reason: 'not logged in to a relay yet' });
    expect(state(actor)).toBe('notReady');
    expect(actor.getSnapshot().context).toMatchObject({
      failures: 0,
      lastError: 'not logged in to a relay yet',
    });
    actor.send({ type: 'PROBE_NOW' });
    actor.send({ type: 'RELAY_ANSWERED' });
    expect(state(actor)).toBe('open');
  });
});

describe('a persisted delivery gate', () => {
  it('changes once per probe, not while it waits or probes', async () => {
    const actor = start();
    const open = JSON.stringify(persistDeliveryGate(actor.getSnapshot()));
    actor.send(unreachable());
    const backingOff = JSON.stringify(persistDeliveryGate(actor.getSnapshot()));
    expect(backingOff).not.toBe(open);
    await untilProbing(actor);
    expect(JSON.stringify(persistDeliveryGate(actor.getSnapshot()))).toBe(backingOff);
  });

  it('continues its backoff across a restart, waiting only the time left', async () => {
    const actor = start();
    actor.send(unreachable());
    await untilProbing(actor);
    actor.send(unreachable()); // waits 2 s
    await vi.advanceTimersByTimeAsync(1500);
    const persisted = JSON.parse(JSON.stringify(persistDeliveryGate(actor.getSnapshot())));
    actor.stop();

    const restored = start(persisted);
    expect(state(restored)).toBe('backingOff');
    await vi.advanceTimersByTimeAsync(499);
    expect(state(restored)).toBe('backingOff');
    await vi.advanceTimersByTimeAsync(1);
    expect(state(restored)).toBe('probing');
    // The next failure doubles on from where it was: 4 s.
    restored.send(unreachable());
    expect(await untilProbing(restored)).toBe(4000);
  });

  it('probes at once when its probe time passed while the daemon was down', async () => {
    const actor = start({
      schemaVersion: 1,
      failures: 7,
      nextProbeAt: Date.now() - 60_000,
      lastError: 'connect ECONNREFUSED',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(state(actor)).toBe('probing');
  });

  it('counts the time left by the host clock it is restored at', async () => {
    const persisted = { schemaVersion: 1, failures: 3, nextProbeAt: 50_000, lastError: 'relay answered 503' };
    const actor = start(persisted, 47_000);
    await vi.advanceTimersByTimeAsync(2999);
    expect(state(actor)).toBe('backingOff');
    await vi.advanceTimersByTimeAsync(1);
    expect(state(actor)).toBe('probing');
  });

  it('starts open when nothing had failed', () => {
    expect(state(start({ schemaVersion: 1, failures: 0, nextProbeAt: null, lastError: null }))).toBe('open');
    gate?.stop();
    expect(state(start(null))).toBe('open');
  });

  it.each([
    [7],
    [{ schemaVersion: 2 }],
    [{ schemaVersion: 1, failures: -1, nextProbeAt: null }],
    [{ schemaVersion: 1, failures: 1, nextProbeAt: 'soon' }],
  ])('rejects a gate it cannot trust: %j', (persisted) => {
    expect(() => parsePersistedDeliveryGate(persisted)).toThrow();
  });
});
