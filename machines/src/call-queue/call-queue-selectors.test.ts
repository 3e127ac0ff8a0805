import { describe, expect, it } from 'vitest';
import {
  sameCalls,
  selectAnsweredIds,
  selectCall,
  selectCurrentCall,
  selectFailedCalls,
  selectMayRing,
  selectMissedCalls,
  selectMissedCount,
  selectPreparingCount,
  selectQueuedCalls,
  selectRingingCall,
} from './call-queue-selectors';
import type { CallQueueContext, IssuePriority, QueuedCall, QueuedCallState } from './call-queue-types';

function call(eventId: string, state: QueuedCallState, priority: IssuePriority = 'none'): QueuedCall {
  return { report: { eventId, occurredAt: 0, priority, updatedAt: 0 }, state, learnedAt: 0 };
}

const calls = [
  call('m1', 'missed', 'low'),
  call('m2', 'missed', 'urgent'),
  call('f', 'failed'),
  call('p1', 'preparing'),
  call('p2', 'preparing'),
  call('q', 'queued'),
  call('r', 'ringing'),
];
const context: CallQueueContext = {
  schemaVersion: 1,
  calls: Object.fromEntries(calls.map((c) => [c.report.eventId, c])),
  answered: ['x'],
  mayRing: true,
  preparingId: null,
  ringingId: null,
};
const view = { context };

describe('call queue selectors', () => {
  it('read what the pages show', () => {
    expect(selectRingingCall(view)?.report.eventId).toBe('r');
    expect(selectCurrentCall(view)).toBeUndefined();
    expect(selectMissedCalls(view).map((c) => c.report.eventId)).toEqual(['m2', 'm1']);
    expect(selectMissedCount(view)).toBe(2);
    expect(selectFailedCalls(view).map((c) => c.report.eventId)).toEqual(['f']);
    expect(selectQueuedCalls(view).map((c) => c.report.eventId)).toEqual(['q']);
    expect(selectPreparingCount(view)).toBe(2);
    expect(selectCall(view, 'q')?.state).toBe('queued');
    expect(selectAnsweredIds(view)).toEqual(['x']);
    expect(selectMayRing(view)).toBe(true);
  });

  it('compare lists by record identity, so unchanged lists do not re-render', () => {
    expect(sameCalls(selectMissedCalls(view), selectMissedCalls(view))).toBe(true);
    expect(sameCalls(selectMissedCalls(view), selectMissedCalls(view).slice(1))).toBe(false);
    const [first] = selectMissedCalls(view);
    if (!first) throw new Error('no missed call');
    expect(sameCalls([first], [{ ...first }])).toBe(false);
  });
});
