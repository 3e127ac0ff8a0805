import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callQueueHarness, receive, report, statesOf, T0 } from './call-queue-harness';
import type { CallQueueActor } from './call-queue-persistence';

const actors: CallQueueActor[] = [];
const desk = { deviceId: 'd-desk', name: 'Desk' };

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

async function ringing(q: ReturnType<typeof callQueueHarness>, id = 'a'): Promise<CallQueueActor> {
  const queue = track(q.start());
  receive(queue, report(id));
  await q.prepared(id);
  return queue;
}

const writes = (q: ReturnType<typeof callQueueHarness>) => q.log.filter((line) => line.startsWith('write'));

describe('callQueueMachine: status writes know when to stop', () => {
  it('a write the relay refuses for good (401, 403) is not tried again, nor after a refresh', async () => {
    const q = callQueueHarness();
    const queue = await ringing(q);
    q.relayAnswers(() => ({ outcome: 'refused' }));
    queue.send({ type: 'call.decline', eventId: 'a' });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(writes(q)).toEqual(['write a rejected']);
    expect(queue.getSnapshot().context.calls.a?.unwritten).toBeUndefined();
    q.clear();
    track(q.restore(refresh(queue), T0 + 200_000));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(writes(q)).toEqual([]);
  });

  it('a call ended here whose write met 409 is not written again at every reload', async () => {
    const q = callQueueHarness();
    const queue = track(q.start());
    receive(queue, report('a'), T0 + 10 * 60_000);
    q.relayAnswers(() => ({ outcome: 'taken', by: desk, status: 'answered' }));
    queue.send({ type: 'missed.acknowledgeAll' });
    await vi.advanceTimersByTimeAsync(0);
    expect(writes(q)).toEqual(['write a acknowledged']);
    expect(queue.getSnapshot().context.calls.a?.unwritten).toBeUndefined();
    q.clear();
    const after = track(q.restore(refresh(queue), T0 + 11 * 60_000));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(writes(q)).toEqual([]);
    const again = track(q.restore(refresh(after), T0 + 12 * 60_000));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(writes(q)).toEqual([]);
    expect(statesOf(again)).toEqual({ a: 'acknowledged' });
  });

  it('an answer that lost to a decline on another device records the decline, not an answer', async () => {
    const q = callQueueHarness();
    const queue = track(q.start());
    receive(queue, report('a'), T0 + 10 * 60_000);
    q.relayAnswers(() => ({ outcome: 'taken', by: desk, status: 'rejected' }));
    queue.send({ type: 'call.answer', eventId: 'a' });
    await vi.advanceTimersByTimeAsync(0);
    expect(queue.getSnapshot().context.calls.a).toMatchObject({
      state: 'endedElsewhere',
      endedBy: desk,
      endedStatus: 'rejected',
    });
  });
});
