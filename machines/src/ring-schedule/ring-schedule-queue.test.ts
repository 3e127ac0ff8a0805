import { afterEach, describe, expect, it } from 'vitest';
import { type Actor, createActor, SimulatedClock } from 'xstate';
import { callQueueHarness, receive, report, statesOf } from '../call-queue/call-queue-harness';
import { type CallQueueActor, startCallQueue } from '../call-queue/call-queue-persistence';
import { defaultModes } from './default-modes';
import { ringPolicyEvent, ringScheduleDriving } from './ring-schedule-queue';
import { mayRingAt } from './ring-verdict';

const sleepOn = defaultModes().map((m) => ({ ...m, on: m.id === 'sleep' }));
const EVENING = Date.UTC(2025, 0, 1, 21, 59); // one minute before Sleep begins (UTC)
const stops: Array<{ stop(): void }> = [];

afterEach(() => {
  for (const actor of stops.splice(0)) actor.stop();
});

/** A queue and the schedule driving it, sharing one simulated clock as a host would share time. */
function wired(start: number) {
  const clock = new SimulatedClock();
  clock.set(start);
  const q = callQueueHarness();
  const queue: CallQueueActor = startCallQueue(q.machine, {
    input: { mayRing: mayRingAt(sleepOn, start, 'UTC') },
    now: start,
    clock,
  });
  const schedule: Actor<ReturnType<typeof ringScheduleDriving>> = createActor(ringScheduleDriving(queue), {
    clock,
    input: { modes: sleepOn, now: start, timeZone: 'UTC' },
  }).start();
  stops.push(schedule, queue);
  const arrive = (id: string) =>
    receive(queue, report(id, 'none', { occurredAt: clock.now(), updatedAt: clock.now() }));
  return { q, queue, schedule, clock, arrive };
}

describe('the ring schedule driving the call queue', () => {
  it('maps a verdict to the queue event', () => {
    expect(ringPolicyEvent(false)).toEqual({ type: 'ringPolicy.changed', mayRing: false });
  });

  it('turns queued calls into missed when a no-ring period begins', async () => {
    const { q, queue, clock, arrive } = wired(EVENING);
    arrive('a');
    arrive('b');
    await q.prepared('a');
    queue.send({ type: 'call.answer', eventId: 'a' });
    await q.prepared('b');
    expect(statesOf(queue)).toEqual({ a: 'inCall', b: 'queued' });

    clock.increment(60_000); // 22:00: Sleep begins
    expect(queue.getSnapshot().context.mayRing).toBe(false);
    expect(statesOf(queue)).toEqual({ a: 'inCall', b: 'missed' });
  });

  it('calls arriving in the quiet period are missed, and do not ring when it ends', async () => {
    const { q, queue, clock, arrive } = wired(EVENING + 60_000);
    expect(queue.getSnapshot().context.mayRing).toBe(false);
    arrive('c'); // the queue's own arrival rule: no ring period, so missed at once
    expect(statesOf(queue)).toEqual({ c: 'missed' });

    clock.increment(10 * 3_600_000); // 08:00: ringing allowed again
    expect(queue.getSnapshot().context.mayRing).toBe(true);
    expect(statesOf(queue)).toEqual({ c: 'missed' });
    expect(q.log.filter((entry) => entry.startsWith('ring'))).toEqual([]);
  });

  it('lets the next call ring once the quiet period is over', async () => {
    const { q, queue, clock, arrive } = wired(EVENING + 60_000);
    clock.increment(10 * 3_600_000);
    arrive('d');
    await q.prepared('d');
    expect(statesOf(queue)).toEqual({ d: 'ringing' });
  });
});
