import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { callQueueHarness, receive, report, statesOf, T0 } from './call-queue-harness';
import { type CallQueueActor, isRestorableCallQueue } from './call-queue-persistence';

const actors: CallQueueActor[] = [];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const actor of actors.splice(0)) actor.stop();
  vi.useRealTimers();
});

function track(actor: CallQueueActor): CallQueueActor {
  actors.push(actor);
  return actor;
}

/** What a page refresh keeps: the persisted snapshot, through JSON as storage holds it. */
function refresh(actor: CallQueueActor): unknown {
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
  actor.stop();
  return persisted;
}

describe('callQueueMachine: restart and refresh', () => {
  it('a call interrupted by the refresh is missed, never rung again, and stays answered', async () => {
    const q = callQueueHarness();
    const before = track(q.start());
    receive(before, report('a'));
    await q.prepared('a');
    before.send({ type: 'call.answer', eventId: 'a' });
    q.clear();

    const after = track(q.restore(refresh(before), T0 + 5_000));
    expect(statesOf(after)).toEqual({ a: 'missed' });
    expect(after.getSnapshot().context.answered).toEqual(['a']);
    // The server pushes the still-pending call again: it does not ring.
    receive(after, report('a'), T0 + 6_000);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(q.log.filter((line) => line.startsWith('ring'))).toEqual([]);
    expect(statesOf(after)).toEqual({ a: 'missed' });
    // It can still be answered from the calls page.
    after.send({ type: 'call.answer', eventId: 'a' });
    expect(statesOf(after)).toEqual({ a: 'inCall' });
  });

  it('a call that ended locally is not shown again and its result is reported again', async () => {
    const q = callQueueHarness();
    const before = track(q.start());
    receive(before, report('a'));
    await q.prepared('a');
    before.send({ type: 'call.answer', eventId: 'a' });
    before.send({ type: 'call.hangUp', eventId: 'a' });
    q.clear();

    const after = track(q.restore(refresh(before), T0 + 5_000));
    expect(statesOf(after)).toEqual({ a: 'ended' });
    // The answer the hang-up needs goes first: the relay completes only a call it knows answered.
    await vi.advanceTimersByTimeAsync(0);
    expect(q.log).toEqual(['write a answered', 'write a completed']);

    // Once the relay confirmed the writes, a later restart does not write them again.
    q.clear();
    const again = track(q.restore(refresh(after), T0 + 10_000));
    expect(statesOf(again)).toEqual({ a: 'ended' });
    expect(q.log).toEqual([]);
  });

  it('reports declined and acknowledged results again too', async () => {
    const q = callQueueHarness();
    const before = track(q.start());
    receive(before, report('a'));
    await q.prepared('a');
    before.send({ type: 'call.decline', eventId: 'a' });
    receive(before, report('m'), T0 + 10 * 60_000);
    before.send({ type: 'missed.acknowledgeAll' });
    q.clear();
    track(q.restore(refresh(before), T0 + 11 * 60_000));
    expect(q.log.sort()).toEqual(['write a rejected', 'write m acknowledged']);
  });

  it('a call ringing at the refresh is missed: it rang once on this device already', async () => {
    const q = callQueueHarness();
    const before = track(q.start());
    receive(before, report('a'));
    await q.prepared('a');
    q.clear();
    const after = track(q.restore(refresh(before), T0 + 1_000));
    expect(statesOf(after)).toEqual({ a: 'missed' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(q.log.filter((line) => line.startsWith('ring'))).toEqual([]);
  });

  it('calls that waited through the restart more than 2 minutes are missed; the rest go on', async () => {
    const q = callQueueHarness();
    const before = track(q.start());
    receive(before, report('ringing', 'urgent', { occurredAt: T0 }));
    await q.prepared('ringing');
    receive(before, report('oldQueued', 'high', { occurredAt: T0 - 60_000 }));
    await q.prepared('oldQueued');
    receive(before, report('queued', 'low', { occurredAt: T0 + 30_000 }), T0 + 30_000);
    await q.prepared('queued');
    receive(before, report('oldPreparing', 'high', { occurredAt: T0 - 60_000 }));
    receive(before, report('preparing', 'medium', { occurredAt: T0 + 30_000 }), T0 + 30_000);
    expect(statesOf(before)).toEqual({
      ringing: 'ringing',
      oldQueued: 'queued',
      queued: 'queued',
      oldPreparing: 'preparing',
      preparing: 'preparing',
    });
    q.clear();

    const after = track(q.restore(refresh(before), T0 + 90_001));
    expect(statesOf(after)).toEqual({
      ringing: 'missed',
      oldQueued: 'missed',
      queued: 'preparing',
      oldPreparing: 'missed',
      preparing: 'preparing',
    });
    // Every call still on its way is prepared again (its speech is cached), the most urgent first,
    // and rings in rank order once ready.
    expect(q.log.filter((line) => line.startsWith('prepare'))).toEqual(['prepare preparing']);
    await q.prepared('preparing');
    expect(q.log).toContain('ring preparing');
    await q.prepared('queued');
    after.send({ type: 'call.decline', eventId: 'preparing' });
    expect(statesOf(after).queued).toBe('ringing');
  });

  it('restores into a no-ring period when the schedule says so', async () => {
    const q = callQueueHarness();
    const before = track(q.start());
    receive(before, report('a'));
    await q.prepared('a');
    before.send({ type: 'call.answer', eventId: 'a' });
    receive(before, report('b'));
    await q.prepared('b');
    const after = track(q.restore(refresh(before), T0 + 1_000, { mayRing: false }));
    expect(statesOf(after)).toEqual({ a: 'missed', b: 'missed' });
    expect(after.getSnapshot().context.mayRing).toBe(false);
  });

  it('round-trips through createActor({ snapshot }) and session.restored sent by the host', async () => {
    const q = callQueueHarness();
    const before = track(q.start());
    receive(before, report('a'), T0);
    await q.prepared('a');
    receive(before, report('b'), T0);
    await q.prepared('b');
    const persisted = refresh(before);
    const after = track(createActor(q.machine, { input: {}, snapshot: persisted as never }).start());
    // Before session.restored the restored records are as saved.
    expect(statesOf(after)).toEqual({ a: 'ringing', b: 'queued' });
    after.send({ type: 'session.restored', now: T0 + 1_000 });
    expect(statesOf(after)).toEqual({ a: 'missed', b: 'preparing' });
  });

  it('starts afresh from an unusable persisted value, taking the stored answered ids', () => {
    const q = callQueueHarness();
    expect(isRestorableCallQueue(null)).toBe(false);
    expect(isRestorableCallQueue({ status: 'active', context: { schemaVersion: 2, calls: {} } })).toBe(false);
    const queue = track(q.restore({ nonsense: true }, T0, { answered: ['x'] }));
    expect(queue.getSnapshot().context).toMatchObject({ calls: {}, answered: ['x'], mayRing: true });
    receive(queue, report('x'));
    expect(statesOf(queue)).toEqual({});
  });
});
