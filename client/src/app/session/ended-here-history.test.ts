import { selectCall } from '@ringback/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listHistory, readHistory } from '../../storage';
import { statusLabelOf } from '../history-labels';
import type { RingbackSession } from './ringback-session';
import { sealedCall, settle, startSession } from './session-harness';

const sessions: RingbackSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
});

function open(options: Parameters<typeof startSession>[0] = {}) {
  const started = startSession(options);
  sessions.push(started.session);
  return started;
}

const stateOf = (session: RingbackSession, eventId: string) =>
  selectCall(session.queue.getSnapshot(), eventId)?.state;

describe('calls ended on this device without answering leave history here', () => {
  it('Decline records the call as declined', async () => {
    const device = open();
    device.relay.stream().onReconciled([]);
    device.relay.stream().onEvent(await sealedCall(device.key, 'evt-1'));
    await vi.waitFor(() => expect(stateOf(device.session, 'evt-1')).toBe('ringing'));
    const before = device.session.view.get().historyVersion;
    device.session.decline('evt-1');
    await settle();
    const record = readHistory(device.store, 'evt-1');
    expect(record).toMatchObject({ status: 'rejected', handledBy: null });
    expect(record && statusLabelOf(record)).toBe('Declined');
    expect(device.session.view.get().historyVersion).toBeGreaterThan(before);
  });

  it('Acknowledge all records each acknowledged call, and only those of the tab it applies to', async () => {
    const device = open();
    const long = Date.now() - 10 * 60_000;
    device.relay
      .stream()
      .onReconciled([
        await sealedCall(device.key, 'evt-1', { occurredAt: long }),
        await sealedCall(device.key, 'evt-2', { occurredAt: long }),
        await sealedCall(device.key, 'evt-3', { occurredAt: long }),
      ]);
    await vi.waitFor(() => expect(stateOf(device.session, 'evt-3')).toBe('missed'));
    device.session.acknowledgeAll(['evt-1', 'evt-2']);
    await settle();
    expect(readHistory(device.store, 'evt-1')).toMatchObject({ status: 'acknowledged', handledBy: null });
    expect(readHistory(device.store, 'evt-2')).toMatchObject({ status: 'acknowledged', handledBy: null });
    expect(readHistory(device.store, 'evt-3')).toBeNull();
    expect(listHistory(device.store).map((record) => statusLabelOf(record))).toEqual([
      'Acknowledged',
      'Acknowledged',
    ]);
    expect(device.relay.statuses.map((write) => write.status)).toEqual(['acknowledged', 'acknowledged']);
  });
});
