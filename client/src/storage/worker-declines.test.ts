import { describe, expect, it } from 'vitest';
import { EVENT_ID, relayedCall } from '../sw/test-support';
import { parseWorkerDecline } from './worker-declines';

describe('a decline the service worker left, read back', () => {
  it('keeps its id, time, line and the sealed call', async () => {
    const sealed = await relayedCall(`k1_${'A'.repeat(43)}`);
    const stored = { eventId: EVENT_ID, declinedAt: 1_700_000_000_000, line: 'Claude Code · api', sealed };
    expect(parseWorkerDecline(structuredClone(stored))).toEqual(stored);
    expect(parseWorkerDecline({ eventId: EVENT_ID, declinedAt: 5 })).toEqual({
      eventId: EVENT_ID,
      declinedAt: 5,
    });
  });

  it('drops a sealed call that is not this call’s or not a call, and refuses what is not a decline', async () => {
    const other = await relayedCall(`k1_${'A'.repeat(43)}`, { eventId: 'evt-other' });
    expect(parseWorkerDecline({ eventId: EVENT_ID, declinedAt: 5, sealed: other })).toEqual({
      eventId: EVENT_ID,
      declinedAt: 5,
    });
    expect(parseWorkerDecline({ eventId: EVENT_ID, declinedAt: 5, sealed: { eventId: EVENT_ID } })).toEqual({
      eventId: EVENT_ID,
      declinedAt: 5,
    });
    for (const damaged of [null, 'x', {}, { eventId: '', declinedAt: 1 }, { eventId: EVENT_ID }])
      expect(parseWorkerDecline(damaged)).toBeNull();
  });
});
