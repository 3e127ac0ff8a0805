import { describe, expect, it } from 'vitest';
import type { IssuePriority, QueuedCall } from './call-queue-types';
import { compareCalls, headCall, PRIORITY_ORDER, rankCalls } from './call-ranking';

function call(eventId: string, priority: IssuePriority, updatedAt: number, learnedAt = 0): QueuedCall {
  return { report: { eventId, occurredAt: 0, priority, updatedAt }, state: 'queued', learnedAt };
}

const ids = (calls: QueuedCall[]) => calls.map((c) => c.report.eventId);

describe('call ranking', () => {
  it('orders by priority: urgent, high, medium, low, none', () => {
    expect(PRIORITY_ORDER).toEqual(['urgent', 'high', 'medium', 'low', 'none']);
    const calls = [call('n', 'none', 9), call('l', 'low', 9), call('u', 'urgent', 1), call('m', 'medium', 9)];
    expect(ids(rankCalls([...calls, call('h', 'high', 1)]))).toEqual(['u', 'h', 'm', 'l', 'n']);
  });

  it('orders equal priorities by issue update time, newest first', () => {
    expect(ids(rankCalls([call('old', 'high', 1), call('new', 'high', 3), call('mid', 'high', 2)]))).toEqual([
      'new',
      'mid',
      'old',
    ]);
  });

  it('breaks full ties by who was learnt first, then by id, so the order is stable', () => {
    expect(ids(rankCalls([call('b', 'low', 1, 5), call('a', 'low', 1, 5), call('c', 'low', 1, 2)]))).toEqual([
      'c',
      'a',
      'b',
    ]);
    expect(compareCalls(call('a', 'low', 1), call('a', 'low', 1))).toBe(0);
  });

  it('sorts an unknown priority with none, and leaves its input alone', () => {
    const odd = call('odd', 'critical' as IssuePriority, 5);
    const input = [odd, call('none', 'none', 9), call('low', 'low', 1)];
    expect(ids(rankCalls(input))).toEqual(['low', 'none', 'odd']);
    expect(ids(input)).toEqual(['odd', 'none', 'low']);
  });

  it('finds the head among the calls a filter accepts', () => {
    const calls = { a: call('a', 'low', 1), b: { ...call('b', 'urgent', 1), state: 'missed' as const } };
    expect(headCall(calls, (c) => c.state === 'queued')?.report.eventId).toBe('a');
    expect(headCall(calls, () => true)?.report.eventId).toBe('b');
    expect(headCall(calls, (c) => c.state === 'ringing')).toBeUndefined();
  });
});
