import { describe, expect, it } from 'vitest';
import {
  acknowledgeableIds,
  arrivalState,
  isLate,
  MAX_ANSWERED_IDS,
  MAX_SETTLED_CALLS,
  pruneSettled,
  rememberAnswered,
  restoreCalls,
} from './call-queue-rules';
import type { QueuedCall, QueuedCallState } from './call-queue-types';

function call(eventId: string, state: QueuedCallState, learnedAt = 0): QueuedCall {
  return { report: { eventId, occurredAt: 0, priority: 'none', updatedAt: 0 }, state, learnedAt };
}

describe('call queue rules', () => {
  it('is late only beyond 2 minutes, and a late or no-ring arrival is missed', () => {
    const r = call('a', 'preparing').report;
    expect(isLate(r, 120_000)).toBe(false);
    expect(isLate(r, 120_001)).toBe(true);
    expect(arrivalState(r, 1, true)).toBe('preparing');
    expect(arrivalState(r, 1, false)).toBe('missed');
    expect(arrivalState(r, 120_001, true)).toBe('missed');
  });

  it(`keeps the newest ${MAX_ANSWERED_IDS} answered ids, once each`, () => {
    let answered: string[] = [];
    for (let n = 0; n < MAX_ANSWERED_IDS + 5; n += 1) answered = rememberAnswered(answered, `id${n}`);
    expect(answered).toHaveLength(MAX_ANSWERED_IDS);
    expect(answered[0]).toBe('id5');
    expect(rememberAnswered(['a', 'b'], 'a')).toEqual(['b', 'a']);
  });

  it(`keeps at most ${MAX_SETTLED_CALLS} finished calls, dropping the oldest, and every live one`, () => {
    const calls: Record<string, QueuedCall> = { live: call('live', 'missed', -1) };
    for (let n = 0; n < MAX_SETTLED_CALLS + 2; n += 1) calls[`s${n}`] = call(`s${n}`, 'ended', n);
    const pruned = pruneSettled(calls);
    expect(Object.keys(pruned)).toHaveLength(MAX_SETTLED_CALLS + 1);
    expect(pruned.s0).toBeUndefined();
    expect(pruned.s1).toBeUndefined();
    expect(pruned.live).toBeDefined();
  });

  it('acknowledges only missed and queued calls, within the ids given', () => {
    const calls = { m: call('m', 'missed'), q: call('q', 'queued'), r: call('r', 'ringing') };
    expect(acknowledgeableIds(calls)).toEqual(['m', 'q']);
    expect(acknowledgeableIds(calls, ['q', 'r', 'gone'])).toEqual(['q']);
  });

  it('restores failed, missed and finished calls as they were', () => {
    const calls = { f: call('f', 'failed'), m: call('m', 'missed'), e: call('e', 'endedElsewhere') };
    expect(restoreCalls(calls, 10 * 60_000)).toEqual({ calls, rewrite: [] });
  });
});
