import type { CallQueueView, QueuedCall, QueuedCallState } from '@ringback/machines';
import { describe, expect, it } from 'vitest';
import { selectHoldsUpdates } from './update-hold';

const queueWith = (...states: QueuedCallState[]): CallQueueView =>
  ({
    context: {
      calls: Object.fromEntries(
        states.map((state, index) => [
          `evt-${index}`,
          { eventId: `evt-${index}`, state } as unknown as QueuedCall,
        ]),
      ),
    },
  }) as unknown as CallQueueView;

describe('which calls an update waits for', () => {
  it('a call being prepared, ready to ring, ringing or in progress', () => {
    for (const state of ['preparing', 'queued', 'ringing', 'inCall'] as const)
      expect(selectHoldsUpdates(queueWith('missed', state)), state).toBe(true);
  });

  it('none for an empty queue, or only missed, failed and ended calls', () => {
    expect(selectHoldsUpdates(queueWith())).toBe(false);
    expect(selectHoldsUpdates(queueWith('missed', 'failed', 'ended', 'endedElsewhere'))).toBe(false);
  });
});
