import { describe, expect, it } from 'vitest';
import { badgeMissedCalls } from './missed-badge';

const shown = [
  { data: { eventId: 'a', kind: 'missed' } },
  { data: { eventId: 'b', kind: 'ring' } },
  { data: { eventId: 'c', kind: 'missed' } },
  { data: { eventId: 'd', kind: 'ended' } },
  { data: null },
];

describe('badgeMissedCalls', () => {
  it('sets the badge to the number of missed-call notifications shown', async () => {
    const set: number[] = [];
    const count = await badgeMissedCalls({
      notifications: async () => shown,
      setAppBadge: async (value) => {
        set.push(value);
      },
    });
    expect([count, set]).toEqual([2, [2]]);
  });

  it('does nothing where there is no badge, and never throws', async () => {
    expect(await badgeMissedCalls({ notifications: async () => shown })).toBeNull();
    expect(
      await badgeMissedCalls({
        notifications: async () => shown,
        setAppBadge: () => Promise.reject(new DOMException('not allowed', 'NotAllowedError')),
      }),
    ).toBeNull();
    expect(
      await badgeMissedCalls({
        notifications: () => Promise.reject(new Error('closed')),
        setAppBadge: async () => {},
      }),
    ).toBeNull();
  });
});
