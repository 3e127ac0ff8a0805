import type { QueuedCall } from '@ringback/machines';
import { describe, expect, it } from 'vitest';
import { nextExpiry } from './permission-expiry';

const call = (eventId: string, report: Partial<QueuedCall['report']>): QueuedCall =>
  ({
    report: { eventId, source: 'claude-code', occurredAt: 0, ...report },
    state: 'missed',
    learnedAt: 0,
  }) as QueuedCall;

describe('the next permission call to expire', () => {
  it('is the soonest expiry still ahead among permission calls; reports and expired calls do not count', () => {
    const calls = [
      call('report', {}),
      call('gone', { kind: 'permission', expiresAt: 500 }),
      call('later', { kind: 'permission', expiresAt: 9_000 }),
      call('sooner', { kind: 'permission', expiresAt: 3_000 }),
    ];
    expect(nextExpiry(calls, 1_000)).toBe(3_000);
    expect(nextExpiry(calls, 3_000)).toBe(9_000);
    expect(nextExpiry(calls, 9_000)).toBeNull();
    expect(nextExpiry([call('report', {})], 0)).toBeNull();
  });
});
