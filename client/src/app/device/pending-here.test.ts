import type { CallQueueView, QueuedCall, QueuedCallState } from '@ringback/machines';
import { describe, expect, it } from 'vitest';
import { pendingCallIds, selectPendingHere } from './pending-here';

const queueWith = (calls: Record<string, QueuedCallState>): CallQueueView =>
  ({
    context: {
      calls: Object.fromEntries(
        Object.entries(calls).map(([eventId, state]) => [eventId, { state } as unknown as QueuedCall]),
      ),
    },
  }) as unknown as CallQueueView;

describe('the calls still pending', () => {
  it("are those the page rings, prepares, has on or lists as missed, and the relay's pending list", async () => {
    const queue = queueWith({
      'evt-ringing': 'ringing',
      'evt-missed': 'missed',
      'evt-on': 'inCall',
      'evt-ended': 'ended',
      'evt-elsewhere': 'endedElsewhere',
      'evt-declined': 'declined',
    });
    expect(selectPendingHere(queue)).toEqual(['evt-ringing', 'evt-missed', 'evt-on']);
    const relay = { pendingEvents: async () => ({ events: [{ eventId: 'evt-new' }] }) };
    expect([...(await pendingCallIds(relay, { getSnapshot: () => queue }))].sort()).toEqual([
      'evt-missed',
      'evt-new',
      'evt-on',
      'evt-ringing',
    ]);
  });
});
