import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callQueueHarness, receive, report, statesOf, T0 } from './call-queue-harness';
import type { CallQueueActor } from './call-queue-persistence';
import { selectMissedCalls } from './call-queue-selectors';

const actors: CallQueueActor[] = [];
const phone = { deviceId: 'd-phone', name: 'Phone' };

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

function refresh(actor: CallQueueActor): unknown {
  const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
  actor.stop();
  return persisted;
}

/** A queue where `a` rang here and was then answered on the phone. */
async function answeredElsewhere(q: ReturnType<typeof callQueueHarness>): Promise<CallQueueActor> {
  const queue = track(q.start());
  receive(queue, report('a'));
  await q.prepared('a');
  queue.send({ type: 'call.endedElsewhere', eventId: 'a', status: 'answered', by: phone });
  return queue;
}

describe('callQueueMachine: a call returned unfinished by the device that answered it', () => {
  it('comes back as a missed call this device can answer, though the queue already holds its id', async () => {
    const q = callQueueHarness();
    const queue = await answeredElsewhere(q);
    expect(statesOf(queue)).toEqual({ a: 'endedElsewhere' });

    queue.send({ type: 'call.returned', report: report('a'), learnedAt: T0 + 180_000, by: phone });
    expect(statesOf(queue)).toEqual({ a: 'missed' });
    expect(queue.getSnapshot().context.calls.a).toMatchObject({ unfinishedBy: phone });
    expect(queue.getSnapshot().context.calls.a?.endedBy).toBeUndefined();
    expect(selectMissedCalls(queue.getSnapshot()).map((call) => call.report.eventId)).toEqual(['a']);
    // It rang here once already: it waits on the calls page, and answering it writes the answer.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(q.log.filter((line) => line.startsWith('ring'))).toEqual(['ring a']);
    queue.send({ type: 'call.answer', eventId: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    expect(statesOf(queue)).toEqual({ a: 'inCall' });
    expect(q.log.filter((line) => line.startsWith('write'))).toEqual(['write a answered']);
  });

  it('still comes back after a refresh, from the persisted record', async () => {
    const q = callQueueHarness();
    const before = await answeredElsewhere(q);
    const after = track(q.restore(refresh(before), T0 + 170_000));
    expect(statesOf(after)).toEqual({ a: 'endedElsewhere' });
    // The pending listing after the reload brings it back.
    after.send({ type: 'call.returned', report: report('a'), learnedAt: T0 + 180_000, by: phone });
    expect(statesOf(after)).toEqual({ a: 'missed' });
    after.send({ type: 'call.answer', eventId: 'a' });
    expect(statesOf(after)).toEqual({ a: 'inCall' });
  });

  it('comes back on the device whose own answer was lost, though its id is among the answered ones', async () => {
    const q = callQueueHarness();
    // A fresh start (no snapshot) that only knows `ringback.answered`.
    const queue = track(q.start({ answered: ['a'] }));
    receive(queue, report('a'), T0 + 180_000);
    expect(statesOf(queue)).toEqual({});
    queue.send({ type: 'call.returned', report: report('a'), learnedAt: T0 + 180_000, by: phone });
    expect(statesOf(queue)).toEqual({ a: 'missed' });
    expect(queue.getSnapshot().context.answered).toEqual([]);
  });

  it('a call this device never had arrives by the ordinary rules', async () => {
    const q = callQueueHarness();
    const queue = track(q.start());
    queue.send({ type: 'call.returned', report: report('a'), learnedAt: T0 + 1_000 });
    expect(statesOf(queue)).toEqual({ a: 'preparing' });
    queue.send({ type: 'call.returned', report: report('b'), learnedAt: T0 + 180_000 });
    expect(statesOf(queue)).toMatchObject({ b: 'missed' });
  });

  it('leaves alone a call that is live here or that this device finished', async () => {
    const q = callQueueHarness();
    const queue = track(q.start());
    receive(queue, report('a'));
    await q.prepared('a');
    queue.send({ type: 'call.answer', eventId: 'a' });
    queue.send({ type: 'call.returned', report: report('a'), learnedAt: T0 + 180_000, by: phone });
    expect(statesOf(queue)).toEqual({ a: 'inCall' });
    queue.send({ type: 'call.hangUp', eventId: 'a' });
    queue.send({ type: 'call.returned', report: report('a'), learnedAt: T0 + 180_000, by: phone });
    expect(statesOf(queue)).toEqual({ a: 'ended' });
  });
});
