import { describe, expect, it } from 'vitest';
import { memoryStore } from './key-value-store';
import {
  listReplySnapshots,
  MAX_REPLY_SNAPSHOTS,
  removeReplySnapshot,
  saveReplySnapshot,
} from './reply-snapshots';

describe('reply snapshots', () => {
  it('keeps one per call, oldest first, and forgets one removed', () => {
    const store = memoryStore();
    saveReplySnapshot(store, 'b', { value: 'editing' }, 2);
    saveReplySnapshot(store, 'a', { value: 'sending' }, 1);
    saveReplySnapshot(store, 'b', { value: 'unsent' }, 3);
    expect(listReplySnapshots(store)).toEqual([
      { eventId: 'a', snapshot: { value: 'sending' } },
      { eventId: 'b', snapshot: { value: 'unsent' } },
    ]);
    removeReplySnapshot(store, 'a');
    expect(listReplySnapshots(store).map((reply) => reply.eventId)).toEqual(['b']);
  });

  it('is bounded: past the limit the oldest go first', () => {
    const store = memoryStore();
    for (let i = 0; i < MAX_REPLY_SNAPSHOTS + 5; i++) saveReplySnapshot(store, `e${i}`, {}, i);
    const kept = listReplySnapshots(store);
    expect(kept).toHaveLength(MAX_REPLY_SNAPSHOTS);
    expect(kept[0]?.eventId).toBe('e5');
  });

  it('drops what it cannot read', () => {
    const store = memoryStore();
    store.setItem('ringback.reply.x', '{not json');
    store.setItem('ringback.reply.y', JSON.stringify({ version: 99, savedAt: 1, snapshot: {} }));
    expect(listReplySnapshots(store)).toEqual([]);
    expect(store.keys()).toEqual([]);
  });
});
