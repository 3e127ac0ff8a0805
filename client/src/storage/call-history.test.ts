import { describe, expect, it } from 'vitest';
import {
  type CallRecord,
  callKey,
  listHistory,
  MAX_CALL_HISTORY,
  memoryStore,
  mergeStatus,
  quotaExceededError,
  readHistory,
  removeHistory,
  saveHistory,
} from './index';

function record(index: number, overrides: Partial<CallRecord> = {}): CallRecord {
  return {
    eventId: `evt-${String(index).padStart(4, '0')}`,
    occurredAt: new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString(),
    receivedAt: new Date(Date.UTC(2025, 0, 1, 0, index, 1)).toISOString(),
    status: 'answered',
    source: 'claude-code',
    report: { text: `report ${index}`, cwd: '/srv/app', sessionId: `s${index}`, source: 'claude-code' },
    brief: { status: 'failed', language: 'en-US', reason: 'no LLM', llmCalls: 0 },
    conversation: [{ role: 'user', text: 'why?' }],
    decisions: [{ question: 'Merge?', answer: 'yes' }],
    replies: [{ replyId: `r${index}`, text: 'go on', status: 'queued' }],
    ...overrides,
  };
}

describe('call history', () => {
  it('stores and reads back a whole call', () => {
    const store = memoryStore();
    const call = record(1, {
      callTime: '2025-01-01T00:01:05.000Z',
      priority: 2,
      project: 'Web',
      handledBy: null,
    });
    expect(saveHistory(store, call)).toBe(true);
    expect(readHistory(store, call.eventId)).toEqual(call);
    expect(readHistory(store, 'missing')).toBeNull();
  });

  it('lists newest first and skips damaged entries', () => {
    const store = memoryStore();
    saveHistory(store, record(2));
    saveHistory(store, record(3));
    saveHistory(store, record(1));
    store.setItem(callKey('broken'), '{nope');
    store.setItem(callKey('wrong-shape'), JSON.stringify({ eventId: 'wrong-shape', status: 'weird' }));
    store.setItem('other.key', 'x');
    expect(listHistory(store).map((call) => call.eventId)).toEqual(['evt-0003', 'evt-0002', 'evt-0001']);
    expect(readHistory(store, 'broken')).toBeNull();
  });

  it('keeps at most 100, evicting the oldest first', () => {
    const store = memoryStore();
    for (let index = 0; index < MAX_CALL_HISTORY + 5; index += 1) saveHistory(store, record(index));
    const list = listHistory(store);
    expect(list).toHaveLength(MAX_CALL_HISTORY);
    expect(list.at(-1)?.eventId).toBe('evt-0005');
    expect(list[0]?.eventId).toBe('evt-0104');
  });

  it('never evicts the record just written, even when it is the oldest', () => {
    const store = memoryStore();
    for (let index = 10; index < 10 + MAX_CALL_HISTORY; index += 1) saveHistory(store, record(index));
    saveHistory(store, record(1));
    expect(readHistory(store, 'evt-0001')).not.toBeNull();
    expect(readHistory(store, 'evt-0010')).toBeNull();
    expect(listHistory(store)).toHaveLength(MAX_CALL_HISTORY);
  });

  it('evicts the oldest until a call fits when storage is full', () => {
    const size = JSON.stringify(record(1)).length + callKey('evt-0001').length;
    const store = memoryStore({ quotaChars: size * 3 + 10 });
    saveHistory(store, record(1));
    saveHistory(store, record(2));
    saveHistory(store, record(3));
    const big = record(4, { report: { ...record(4).report, text: 'y'.repeat(size) } });
    expect(saveHistory(store, big)).toBe(true);
    expect(listHistory(store).map((call) => call.eventId)).toEqual(['evt-0004', 'evt-0003']);
  });

  it('gives up without throwing when nothing more can be evicted', () => {
    const store = memoryStore({ quotaChars: 50 });
    expect(saveHistory(store, record(1))).toBe(false);
    const failing = memoryStore();
    failing.setItem = () => {
      throw new Error('disk on fire');
    };
    expect(saveHistory(failing, record(1))).toBe(false);
  });

  it('removes a record', () => {
    const store = memoryStore();
    saveHistory(store, record(1));
    removeHistory(store, 'evt-0001');
    expect(listHistory(store)).toEqual([]);
  });
});

describe('mergeStatus', () => {
  it('merges only status fields', () => {
    const store = memoryStore();
    const call = record(1, {
      replies: [
        { replyId: 'r1', text: 'first', status: 'queued' },
        { replyId: 'r2', text: 'second', status: 'queued' },
      ],
    });
    saveHistory(store, call);
    const merged = mergeStatus(store, call.eventId, {
      status: 'completed',
      handledBy: { deviceId: 'd2', name: 'Phone' },
      replies: [
        { replyId: 'r1', status: 'delivered', failure: null },
        { replyId: 'r2', status: 'failed', failure: 'the agent is busy' },
        { replyId: 'unknown', status: 'delivered' },
      ],
    });
    expect(merged).toEqual({
      ...call,
      status: 'completed',
      handledBy: { deviceId: 'd2', name: 'Phone' },
      replies: [
        { replyId: 'r1', text: 'first', status: 'delivered' },
        { replyId: 'r2', text: 'second', status: 'failed', failure: 'the agent is busy' },
      ],
    });
    expect(readHistory(store, call.eventId)).toEqual(merged);
  });

  it('ignores anything that is not a status field', () => {
    const store = memoryStore();
    const call = record(1);
    saveHistory(store, call);
    const sneaky = { status: 'completed', report: { text: 'rewritten' }, brief: null } as never;
    const merged = mergeStatus(store, call.eventId, sneaky);
    expect(merged?.report).toEqual(call.report);
    expect(merged?.brief).toEqual(call.brief);
  });

  it('never moves a status backwards', () => {
    const store = memoryStore();
    const call = record(1, {
      status: 'completed',
      replies: [{ replyId: 'r1', text: 't', status: 'delivered' }],
    });
    saveHistory(store, call);
    const merged = mergeStatus(store, call.eventId, {
      status: 'pending',
      replies: [{ replyId: 'r1', status: 'queued' }],
    });
    expect(merged).toMatchObject({ status: 'completed', replies: [{ status: 'delivered' }] });
  });

  it('is null for a call that is not stored', () => {
    expect(mergeStatus(memoryStore(), 'nope', { status: 'completed' })).toBeNull();
  });

  it('is null when the merged record cannot be written', () => {
    const store = memoryStore();
    saveHistory(store, record(1));
    store.setItem = () => {
      throw quotaExceededError();
    };
    expect(mergeStatus(store, 'evt-0001', { status: 'completed' })).toBeNull();
  });
});
