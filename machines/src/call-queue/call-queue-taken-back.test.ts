import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callQueueHarness, receive, report, statesOf, T0 } from './call-queue-harness';
import type { CallQueueActor } from './call-queue-persistence';

const actors: CallQueueActor[] = [];
const tablet = { deviceId: 'd-tablet', name: 'Tablet' };
const me = { deviceId: 'd-me', name: 'Phone' };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  for (const actor of actors.splice(0)) actor.stop();
  vi.useRealTimers();
});

/** A queue in the call `a`, answered here. */
async function inCall(q: ReturnType<typeof callQueueHarness>): Promise<CallQueueActor> {
  const queue = q.start();
  actors.push(queue);
  receive(queue, report('a'));
  await q.prepared('a');
  queue.send({ type: 'call.answer', eventId: 'a' });
  expect(statesOf(queue)).toEqual({ a: 'inCall' });
  return queue;
}

/**
 * Two lapses: this device left its call past the lease (given back), the tablet answered it and
 * left it past its lease too (given back again), and this device, back, took it back with its
 * renewal. Its stream brings those frames in order, the last being the relay's `answered` naming
 * this device: the call is this device's, whatever the frames before it said.
 */
describe('callQueueMachine: a call this device took back after two lapses', () => {
  it('the relay naming this device after the tablet brings the call back into the call here', async () => {
    const q = callQueueHarness();
    const queue = await inCall(q);
    queue.send({ type: 'call.returned', report: report('a'), learnedAt: T0 + 130_000, by: me });
    queue.send({ type: 'call.endedElsewhere', eventId: 'a', status: 'answered', by: tablet });
    queue.send({ type: 'call.returned', report: report('a'), learnedAt: T0 + 260_000, by: tablet });
    expect(statesOf(queue)).toEqual({ a: 'missed' });

    queue.send({ type: 'call.answeredHere', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'inCall' });
    const call = queue.getSnapshot().context.calls.a;
    expect(call?.unfinishedBy).toBeUndefined();
    expect(call?.endedBy).toBeUndefined();
    expect(queue.getSnapshot().context.answered).toEqual(['a']);
    // The relay has the answer already: nothing is written again, nothing rings.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(q.log.filter((line) => line.startsWith('write'))).toEqual(['write a answered']);
    expect(q.log.filter((line) => line.startsWith('ring'))).toEqual(['ring a']);
  });

  it('straight from ended elsewhere too (the frame in between never came)', async () => {
    const q = callQueueHarness();
    const queue = await inCall(q);
    queue.send({ type: 'call.endedElsewhere', eventId: 'a', status: 'answered', by: tablet });
    expect(statesOf(queue)).toEqual({ a: 'endedElsewhere' });
    queue.send({ type: 'call.answeredHere', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'inCall' });
    expect(queue.getSnapshot().context.calls.a?.endedStatus).toBeUndefined();
  });

  it('while this device is in another call or one rings, it waits as a missed call to answer', async () => {
    const q = callQueueHarness();
    const queue = await inCall(q);
    queue.send({ type: 'call.endedElsewhere', eventId: 'a', status: 'answered', by: tablet });
    receive(queue, report('b'));
    await q.prepared('b');
    expect(statesOf(queue)).toEqual({ a: 'endedElsewhere', b: 'ringing' });

    queue.send({ type: 'call.answeredHere', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'missed', b: 'ringing' });
    expect(queue.getSnapshot().context.calls.a?.endedBy).toBeUndefined();
    queue.send({ type: 'call.answer', eventId: 'b' });
    queue.send({ type: 'call.hangUp', eventId: 'b' });
    queue.send({ type: 'call.answer', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'inCall', b: 'ended' });
  });

  it('changes nothing for a call in the call here, or one this device finished', async () => {
    const q = callQueueHarness();
    const queue = await inCall(q);
    queue.send({ type: 'call.answeredHere', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'inCall' });
    // Hung up, its reply being written: a take-back by the reply leaves it ended.
    queue.send({ type: 'call.hangUp', eventId: 'a' });
    queue.send({ type: 'call.answeredHere', eventId: 'a' });
    expect(statesOf(queue)).toEqual({ a: 'ended' });
    queue.send({ type: 'call.answeredHere', eventId: 'unknown' });
    expect(statesOf(queue)).toEqual({ a: 'ended' });
  });
});
