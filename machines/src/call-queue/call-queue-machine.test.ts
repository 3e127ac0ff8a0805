import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callQueueHarness, receive, report, statesOf, T0 } from './call-queue-harness';
import { PREPARE_DEADLINE_MS, RING_TIMEOUT_MS } from './call-queue-machine';
import type { CallQueueActor } from './call-queue-persistence';
import { selectCurrentCall, selectMissedCalls, selectRingingCall } from './call-queue-selectors';

let actor: CallQueueActor | undefined;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  actor?.stop();
  actor = undefined;
  vi.useRealTimers();
});

function started(q: ReturnType<typeof callQueueHarness>, input = {}): CallQueueActor {
  actor = q.start(input);
  return actor;
}

/** A queue with `a` ringing (it had the speech prepared first). */
async function ringingWith(q: ReturnType<typeof callQueueHarness>, id = 'a'): Promise<CallQueueActor> {
  const queue = started(q);
  receive(queue, report(id));
  await q.prepared(id);
  return queue;
}

describe('callQueueMachine: preparing', () => {
  it('rings only once the whole speech is ready, when first in the queue', async () => {
    const q = callQueueHarness();
    const queue = started(q);
    receive(queue, report('a'));
    expect(statesOf(queue)).toEqual({ a: 'preparing' });
    expect(q.log).toEqual(['prepare a']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(selectRingingCall(queue.getSnapshot())).toBeUndefined();

    await q.prepared('a');
    expect(statesOf(queue)).toEqual({ a: 'ringing' });
    expect(q.log).toEqual(['prepare a', 'ring a']);
    expect(selectRingingCall(queue.getSnapshot())?.report.eventId).toBe('a');
    expect(q.persistCount()).toBeGreaterThanOrEqual(3);
  });

  it('prepares one call at a time, the highest-ranked waiting first', async () => {
    const q = callQueueHarness();
    const queue = started(q);
    receive(queue, report('low', 'low'));
    receive(queue, report('none', 'none'));
    receive(queue, report('urgent', 'urgent'));
    expect(q.log).toEqual(['prepare low']);
    await q.prepared('low');
    expect(q.log).toEqual(['prepare low', 'ring low', 'prepare urgent']);
    await q.prepared('urgent');
    expect(q.log.at(-1)).toBe('prepare none');
    expect(statesOf(queue)).toEqual({ low: 'ringing', urgent: 'queued', none: 'preparing' });
  });

  it('a failed preparation never rings, keeps its reason, and can be retried', async () => {
    const q = callQueueHarness();
    const queue = started(q);
    receive(queue, report('a'));
    await q.preparationFails('a', 'voice endpoint answered 500');
    expect(queue.getSnapshot().context.calls.a).toMatchObject({
      state: 'failed',
      failure: 'voice endpoint answered 500',
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(q.log).toEqual(['prepare a']);

    queue.send({ type: 'failed.retry', eventId: 'a' });
    expect(queue.getSnapshot().context.calls.a).toEqual({
      report: report('a'),
      learnedAt: T0,
      state: 'preparing',
    });
    await q.prepared('a');
    expect(q.log).toEqual(['prepare a', 'prepare a', 'ring a']);
  });

  it('a failed preparation can be ignored, and then neither retried nor ignored again', async () => {
    const q = callQueueHarness();
    const queue = started(q);
    receive(queue, report('a'));
    await q.preparationFails('a', 'no voice');
    queue.send({ type: 'failed.ignore', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'ignored' });
    expect(queue.getSnapshot().can({ type: 'failed.retry', eventId: 'a' })).toBe(false);
    queue.send({ type: 'failed.retry', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'ignored' });
  });

  it('keeps preparing the next call after one fails', async () => {
    const q = callQueueHarness();
    const queue = started(q);
    receive(queue, report('a', 'high'));
    receive(queue, report('b', 'low'));
    await q.preparationFails('a', 'boom');
    await q.prepared('b');
    expect(statesOf(queue)).toEqual({ a: 'failed', b: 'ringing' });
  });
});

describe('callQueueMachine: preparing deadline', () => {
  it('fails a call whose speech is not ready in time, naming the deadline, and prepares the next', async () => {
    const q = callQueueHarness();
    const queue = started(q);
    receive(queue, report('hung', 'high'));
    receive(queue, report('next', 'low'));
    await vi.advanceTimersByTimeAsync(PREPARE_DEADLINE_MS - 1);
    expect(statesOf(queue)).toEqual({ hung: 'preparing', next: 'preparing' });
    await vi.advanceTimersByTimeAsync(1);
    expect(queue.getSnapshot().context.calls.hung).toMatchObject({
      state: 'failed',
      failure: 'preparing the call took longer than 90 s',
    });
    expect(q.log).toEqual(['prepare hung', 'prepare next']);
    await q.prepared('next');
    expect(statesOf(queue).next).toBe('ringing');
    // Retry prepares it again, with a fresh deadline.
    queue.send({ type: 'failed.retry', eventId: 'hung' });
    expect(q.log.filter((line) => line === 'prepare hung')).toHaveLength(2);
    expect(statesOf(queue).hung).toBe('preparing');
  });
});

describe('callQueueMachine: ranking', () => {
  it('a more urgent report that becomes ready replaces a queue head not yet on screen', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q, 'first');
    receive(queue, report('medium', 'medium'));
    await q.prepared('medium');
    receive(queue, report('urgent', 'urgent'));
    await q.prepared('urgent');
    // The ringing call is on screen: it is not replaced.
    expect(statesOf(queue)).toEqual({ first: 'ringing', medium: 'queued', urgent: 'queued' });

    queue.send({ type: 'call.decline', eventId: 'first' });
    expect(statesOf(queue)).toMatchObject({ urgent: 'ringing', medium: 'queued' });
  });

  it('rings equal priorities by issue update time, newest first', async () => {
    const q = callQueueHarness();
    const queue = started(q);
    receive(queue, report('busy', 'high'));
    receive(queue, report('older', 'high', { updatedAt: T0 - 5_000 }));
    receive(queue, report('newer', 'high', { updatedAt: T0 - 1_000 }));
    await q.prepared('busy');
    await q.prepared('newer');
    await q.prepared('older');
    queue.send({ type: 'call.answer', eventId: 'busy' });
    queue.send({ type: 'call.hangUp', eventId: 'busy' });
    expect(selectRingingCall(queue.getSnapshot())?.report.eventId).toBe('newer');
  });
});

describe('callQueueMachine: missed', () => {
  it('a report received outside a ringing period is missed and does not ring when ringing returns', async () => {
    const q = callQueueHarness();
    const queue = started(q, { mayRing: false });
    receive(queue, report('a'));
    expect(statesOf(queue)).toEqual({ a: 'missed' });
    queue.send({ type: 'ringPolicy.changed', mayRing: true });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(statesOf(queue)).toEqual({ a: 'missed' });
    expect(q.log).toEqual([]);
  });

  it('the late rule: learnt more than 2 minutes after it happened is missed; exactly 2 is not', () => {
    const q = callQueueHarness();
    const queue = started(q);
    receive(queue, report('late'), T0 + 120_001);
    receive(queue, report('onTime'), T0 + 120_000);
    expect(statesOf(queue)).toEqual({ late: 'missed', onTime: 'preparing' });
    expect(q.log).toEqual(['prepare onTime']);
  });

  it('a no-ring period turns queued and ringing calls missed; the call in progress goes on', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q, 'talk');
    queue.send({ type: 'call.answer', eventId: 'talk' });
    receive(queue, report('b'));
    await q.prepared('b');
    expect(statesOf(queue)).toEqual({ talk: 'inCall', b: 'queued' });
    queue.send({ type: 'ringPolicy.changed', mayRing: false });
    expect(statesOf(queue)).toEqual({ talk: 'inCall', b: 'missed' });

    const other = await ringingWith(callQueueHarness(), 'ringing');
    other.send({ type: 'ringPolicy.changed', mayRing: false });
    expect(statesOf(other)).toEqual({ ringing: 'missed' });
    other.send({ type: 'ringPolicy.changed', mayRing: true });
    expect(statesOf(other)).toEqual({ ringing: 'missed' });
    other.stop();
  });

  it('silences the ringtone when a no-ring period begins', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    queue.send({ type: 'ringPolicy.changed', mayRing: false });
    expect(q.log).toEqual(['prepare a', 'ring a', 'stop a']);
  });

  it('a call whose speech becomes ready in a no-ring period is missed', async () => {
    const q = callQueueHarness();
    const queue = started(q);
    receive(queue, report('a'));
    queue.send({ type: 'ringPolicy.changed', mayRing: false });
    expect(statesOf(queue)).toEqual({ a: 'preparing' });
    await q.prepared('a');
    expect(statesOf(queue)).toEqual({ a: 'missed' });
    queue.send({ type: 'ringPolicy.changed', mayRing: true });
    expect(q.log).toEqual(['prepare a']);
  });

  it(`rings for ${RING_TIMEOUT_MS / 1000} s, then the call is missed and the next one rings`, async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    receive(queue, report('b'));
    await q.prepared('b');
    await vi.advanceTimersByTimeAsync(RING_TIMEOUT_MS - 1);
    expect(statesOf(queue)).toEqual({ a: 'ringing', b: 'queued' });
    await vi.advanceTimersByTimeAsync(1);
    expect(statesOf(queue)).toEqual({ a: 'missed', b: 'ringing' });
    expect(q.log.slice(-2)).toEqual(['stop a', 'ring b']);
    await vi.advanceTimersByTimeAsync(RING_TIMEOUT_MS);
    expect(statesOf(queue)).toEqual({ a: 'missed', b: 'missed' });
  });

  it('missed calls are answered from the calls page in any order', async () => {
    const q = callQueueHarness();
    const queue = started(q, { mayRing: false });
    receive(queue, report('a', 'urgent'));
    receive(queue, report('b', 'low'));
    expect(selectMissedCalls(queue.getSnapshot()).map((call) => call.report.eventId)).toEqual(['a', 'b']);

    queue.send({ type: 'call.answer', eventId: 'b' });
    expect(statesOf(queue)).toEqual({ a: 'missed', b: 'inCall' });
    expect(selectCurrentCall(queue.getSnapshot())?.report.eventId).toBe('b');
    expect(q.log).toEqual(['write b answered']);
    // One call at a time.
    expect(queue.getSnapshot().can({ type: 'call.answer', eventId: 'a' })).toBe(false);

    queue.send({ type: 'call.hangUp', eventId: 'b' });
    queue.send({ type: 'call.answer', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'inCall', b: 'ended' });
    expect(queue.getSnapshot().context.answered).toEqual(['b', 'a']);
  });

  it('answering a missed call while another rings leaves that one missed', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q, 'ringing');
    receive(queue, report('old'), T0 + 10 * 60_000);
    queue.send({ type: 'call.answer', eventId: 'old' });
    expect(statesOf(queue)).toEqual({ ringing: 'missed', old: 'inCall' });
    expect(q.log.slice(-2)).toEqual(['stop ringing', 'write old answered']);
  });
});

describe('callQueueMachine: answering, declining, hanging up', () => {
  it('answers the ringing call, records it answered, and rings the next after hang-up', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    receive(queue, report('b'));
    await q.prepared('b');
    q.clear();

    queue.send({ type: 'call.answer', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'inCall', b: 'queued' });
    expect(q.log).toEqual(['stop a', 'write a answered']);
    expect(queue.getSnapshot().context.answered).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(RING_TIMEOUT_MS * 2);
    expect(statesOf(queue)).toEqual({ a: 'inCall', b: 'queued' });

    queue.send({ type: 'call.hangUp', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'ended', b: 'ringing' });
    await vi.advanceTimersByTimeAsync(0);
    expect(q.log.slice(2)).toEqual(['ring b', 'write a completed']);
  });

  it('declines the ringing call with status rejected', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    queue.send({ type: 'call.decline', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'declined' });
    expect(q.log.slice(2)).toEqual(['stop a', 'write a rejected']);
    expect(queue.getSnapshot().context.answered).toEqual([]);
  });

  it('acknowledge-all acknowledges the missed and queued calls of the tab, each written back', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q, 'ringing');
    receive(queue, report('queued'));
    await q.prepared('queued');
    receive(queue, report('m1'), T0 + 10 * 60_000);
    receive(queue, report('m2'), T0 + 10 * 60_000);
    q.clear();

    queue.send({ type: 'missed.acknowledgeAll', eventIds: ['m1', 'ringing'] });
    expect(statesOf(queue)).toEqual({
      ringing: 'ringing',
      queued: 'queued',
      m1: 'acknowledged',
      m2: 'missed',
    });
    expect(q.log).toEqual(['write m1 acknowledged']);

    queue.send({ type: 'missed.acknowledgeAll' });
    expect(statesOf(queue)).toEqual({
      ringing: 'ringing',
      queued: 'acknowledged',
      m1: 'acknowledged',
      m2: 'acknowledged',
    });
    expect(q.log.slice(1)).toEqual(['write queued acknowledged', 'write m2 acknowledged']);
    expect(queue.getSnapshot().can({ type: 'missed.acknowledgeAll' })).toBe(false);
  });
});

describe('callQueueMachine: other devices', () => {
  it('a ringing call answered on another device is removed here, and the next rings', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    receive(queue, report('b'));
    await q.prepared('b');
    const by = { deviceId: 'd2', name: 'Desk' };
    queue.send({ type: 'call.endedElsewhere', eventId: 'a', status: 'answered', by });
    expect(queue.getSnapshot().context.calls.a).toMatchObject({
      state: 'endedElsewhere',
      endedBy: by,
      endedStatus: 'answered',
    });
    expect(q.log.slice(-2)).toEqual(['stop a', 'ring b']);
    expect(q.log.filter((line) => line.startsWith('write'))).toEqual([]);
  });

  it('removes preparing, failed, queued and missed calls ended elsewhere, dropping the preparation', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q, 'ringing');
    receive(queue, report('queued', 'high'));
    receive(queue, report('preparing', 'low'));
    await q.prepared('queued');
    receive(queue, report('missed'), T0 + 10 * 60_000);
    receive(queue, report('next', 'none'));
    for (const eventId of ['queued', 'preparing', 'missed']) {
      queue.send({ type: 'call.endedElsewhere', eventId, status: 'acknowledged' });
    }
    expect(statesOf(queue)).toMatchObject({
      queued: 'endedElsewhere',
      preparing: 'endedElsewhere',
      missed: 'endedElsewhere',
    });
    // The dropped preparation gives way to the next one at once.
    expect(q.log.at(-1)).toBe('prepare next');
    expect(queue.getSnapshot().context.calls.missed?.endedBy).toBeUndefined();
  });

  it('two devices answer at once: a 409 call_taken ends the call here, and the next rings', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    receive(queue, report('b'));
    await q.prepared('b');
    queue.send({ type: 'call.answer', eventId: 'a' });
    const by = { deviceId: 'd2', name: 'Phone' };
    queue.send({ type: 'call.taken', eventId: 'a', by });
    expect(queue.getSnapshot().context.calls.a).toMatchObject({ state: 'endedElsewhere', endedBy: by });
    expect(statesOf(queue).b).toBe('ringing');
  });

  it('the device that won the race stays in call when the other device reports', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    queue.send({ type: 'call.answer', eventId: 'a' });
    queue.send({ type: 'call.endedElsewhere', eventId: 'a', status: 'answered' });
    expect(statesOf(queue)).toEqual({ a: 'inCall' });
  });
});

describe('callQueueMachine: status writes', () => {
  it('the device that lost the race leaves the call when the relay names the winner', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    let answer: (result: { outcome: 'taken'; by: { deviceId: string; name: string } }) => void = () => {};
    q.relayAnswers(() => new Promise((resolve) => (answer = resolve)));
    queue.send({ type: 'call.answer', eventId: 'a' });
    const by = { deviceId: 'd2', name: 'Phone' };
    // The status frame can come before this device's own answer is refused.
    queue.send({ type: 'call.endedElsewhere', eventId: 'a', status: 'answered', by });
    expect(queue.getSnapshot().context.calls.a).toMatchObject({
      state: 'endedElsewhere',
      endedBy: by,
      endedStatus: 'answered',
    });
    expect(queue.getSnapshot().context.calls.a?.unwritten).toBeUndefined();
    answer({ outcome: 'taken', by });
    await vi.advanceTimersByTimeAsync(0);
    expect(statesOf(queue)).toEqual({ a: 'endedElsewhere' });
  });

  it('a 409 on the answer ends the call here, naming the device that has it', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    const by = { deviceId: 'd2', name: 'Phone' };
    q.relayAnswers(() => ({ outcome: 'taken', by }));
    queue.send({ type: 'call.answer', eventId: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot().context.calls.a).toMatchObject({ state: 'endedElsewhere', endedBy: by });
  });

  it('an answer the relay did not take is written again until it confirms it, kept across a refresh', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    let failures = 3;
    q.relayAnswers(() => {
      if (failures-- > 0) throw new Error('the relay did not answer within 15 s');
      return { outcome: 'written' };
    });
    queue.send({ type: 'call.answer', eventId: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot().context.calls.a?.unwritten).toEqual(['answered']);
    await vi.advanceTimersByTimeAsync(1_000 + 2_000 + 4_000);
    expect(q.log.filter((line) => line === 'write a answered')).toHaveLength(4);
    expect(queue.getSnapshot().context.calls.a?.unwritten).toBeUndefined();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(q.log.filter((line) => line === 'write a answered')).toHaveLength(4);
  });

  it('a relay that forgot the call ends the writing', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    q.relayAnswers(() => ({ outcome: 'gone' }));
    queue.send({ type: 'call.decline', eventId: 'a' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(queue.getSnapshot().context.calls.a).toMatchObject({ state: 'declined' });
    expect(queue.getSnapshot().context.calls.a?.unwritten).toBeUndefined();
    expect(q.log.filter((line) => line.startsWith('write'))).toEqual(['write a rejected']);
  });
});

describe('callQueueMachine: refused transitions', () => {
  it('answers only a ringing or missed call', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    receive(queue, report('queued'));
    await q.prepared('queued');
    receive(queue, report('preparing'));
    receive(queue, report('failing'));
    for (const eventId of ['queued', 'preparing', 'unknown']) {
      expect(queue.getSnapshot().can({ type: 'call.answer', eventId })).toBe(false);
      queue.send({ type: 'call.answer', eventId });
    }
    expect(statesOf(queue)).toEqual({
      a: 'ringing',
      queued: 'queued',
      preparing: 'preparing',
      failing: 'preparing',
    });
    expect(q.log.filter((line) => line.startsWith('write'))).toEqual([]);
  });

  it('hangs up only the call in progress and declines only the ringing one', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    expect(queue.getSnapshot().can({ type: 'call.hangUp', eventId: 'a' })).toBe(false);
    queue.send({ type: 'call.hangUp', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'ringing' });
    queue.send({ type: 'call.answer', eventId: 'a' });
    queue.send({ type: 'call.decline', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'inCall' });
    queue.send({ type: 'call.hangUp', eventId: 'a' });
    queue.send({ type: 'call.hangUp', eventId: 'a' });
    queue.send({ type: 'call.answer', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'ended' });
    await vi.advanceTimersByTimeAsync(0);
    // The hang-up's writer repeats the answer still in flight (the relay takes a repeat as a no-op).
    expect(new Set(q.log.filter((line) => line.startsWith('write')))).toEqual(
      new Set(['write a answered', 'write a completed']),
    );
    expect(q.log.at(-1)).toBe('write a completed');
  });

  it('a report received twice rings once', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    queue.send({ type: 'call.decline', eventId: 'a' });
    receive(queue, report('a'));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(statesOf(queue)).toEqual({ a: 'declined' });
    expect(q.log.filter((line) => line.startsWith('ring'))).toEqual(['ring a']);
  });

  it('an id answered on this device never rings again, even once its record is gone', () => {
    const q = callQueueHarness();
    const queue = started(q, { answered: ['a'] });
    receive(queue, report('a'));
    expect(statesOf(queue)).toEqual({});
    expect(q.log).toEqual([]);
  });

  it('ignores retry and ignore for calls that did not fail, and a confirmation nobody waits for', async () => {
    const q = callQueueHarness();
    const queue = await ringingWith(q);
    queue.send({ type: 'failed.retry', eventId: 'a' });
    queue.send({ type: 'failed.ignore', eventId: 'a' });
    queue.send({ type: 'status.written', eventId: 'a', status: 'completed' });
    expect(statesOf(queue)).toEqual({ a: 'ringing' });
    expect(q.log).toEqual(['prepare a', 'ring a']);
  });
});
