import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callQueueHarness, receive, report, statesOf, T0 } from './call-queue-harness';
import type { CallQueueActor } from './call-queue-persistence';
import { isExpired, isLate } from './call-queue-rules';
import { selectMissedCalls } from './call-queue-selectors';
import { rankCalls } from './call-ranking';

/** A permission call whose agent waits ten minutes from T0. */
const permission = (eventId: string, over = {}) =>
  report(eventId, 'none', { kind: 'permission', expiresAt: T0 + 10 * 60_000, ...over });

let actor: CallQueueActor | undefined;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  actor?.stop();
  actor = undefined;
  vi.useRealTimers();
});

describe('permission calls in the queue', () => {
  it('rank above every report, urgent tracker issues included', () => {
    const calls = [
      { report: report('urgent', 'urgent', { updatedAt: T0 + 5 }), state: 'queued' as const, learnedAt: 0 },
      { report: permission('perm'), state: 'queued' as const, learnedAt: 9 },
      { report: report('none'), state: 'queued' as const, learnedAt: 0 },
    ];
    expect(rankCalls(calls).map((call) => call.report.eventId)).toEqual(['perm', 'urgent', 'none']);
  });

  it('ring while the agent waits however late they are learnt, and are missed once it stopped', () => {
    expect(isLate(permission('p'), T0 + 5 * 60_000)).toBe(false);
    expect(isLate(permission('p'), T0 + 10 * 60_000)).toBe(true);
    expect(isExpired(permission('p'), T0 + 9 * 60_000)).toBe(false);
    expect(isExpired(permission('p'), T0 + 10 * 60_000)).toBe(true);
    expect(isExpired(report('r'), T0 + 60 * 60_000)).toBe(false);
    // A report keeps the 2-minute rule.
    expect(isLate(report('r'), T0 + 3 * 60_000)).toBe(true);
  });

  it('rings at once, without waiting for speech: its screen is decided by a tap', () => {
    const q = callQueueHarness();
    actor = q.start();
    receive(actor, permission('perm'));
    expect(statesOf(actor)).toEqual({ perm: 'ringing' });
    expect(q.log).toEqual(['ring perm']);
  });

  it("does not wait behind a report's speech being prepared", () => {
    const q = callQueueHarness();
    actor = q.start();
    receive(actor, report('long'));
    expect(q.log).toEqual(['prepare long']);
    receive(actor, permission('perm'));
    expect(statesOf(actor)).toMatchObject({ perm: 'ringing', long: 'preparing' });
  });

  it('overtakes the queued reports and rings next', async () => {
    const q = callQueueHarness();
    actor = q.start();
    receive(actor, report('first'));
    await q.prepared('first');
    receive(actor, report('urgent', 'urgent'));
    await q.prepared('urgent');
    receive(actor, permission('perm'), T0 + 5 * 60_000);
    actor.send({ type: 'call.decline', eventId: 'first' });
    expect(statesOf(actor)).toMatchObject({ perm: 'ringing', urgent: 'queued' });
  });

  it('in a silent period is a missed call that can still be decided', () => {
    const q = callQueueHarness();
    actor = q.start({ mayRing: false });
    receive(actor, permission('perm'));
    expect(statesOf(actor)).toEqual({ perm: 'missed' });
    expect(selectMissedCalls(actor.getSnapshot()).map((call) => call.report.eventId)).toEqual(['perm']);
    actor.send({ type: 'call.decided', eventId: 'perm' });
    expect(statesOf(actor)).toEqual({ perm: 'ended' });
    expect(actor.getSnapshot().context.answered).toEqual(['perm']);
  });

  it('decided while ringing: stops ringing, writes answered then completed, in order', async () => {
    const q = callQueueHarness();
    actor = q.start();
    receive(actor, permission('perm'));
    q.clear();
    actor.send({ type: 'call.decided', eventId: 'perm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(statesOf(actor)).toEqual({ perm: 'ended' });
    expect(q.log).toEqual(['stop perm', 'write perm answered', 'write perm completed']);
    expect(actor.getSnapshot().context.calls.perm?.unwritten).toBeUndefined();
  });

  it('decided in the call: only completed is added to what is written', async () => {
    const q = callQueueHarness();
    actor = q.start();
    receive(actor, permission('perm'));
    actor.send({ type: 'call.answer', eventId: 'perm' });
    await vi.advanceTimersByTimeAsync(0);
    q.clear();
    actor.send({ type: 'call.decided', eventId: 'perm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(q.log).toEqual(['write perm completed']);
  });

  it('refuses a decision for a call that is not live here', async () => {
    const q = callQueueHarness();
    actor = q.start();
    receive(actor, permission('perm'));
    actor.send({
      type: 'call.endedElsewhere',
      eventId: 'perm',
      status: 'completed',
      by: { deviceId: 'd', name: 'Laptop' },
    });
    expect(actor.getSnapshot().can({ type: 'call.decided', eventId: 'perm' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'call.decided', eventId: 'unknown' })).toBe(false);
  });
});
