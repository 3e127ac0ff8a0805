import { selectCall } from '@ringback/machines';
import { generateE2eKey, sealingKeyFromText } from '@ringback/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listDeclinesWithoutWords, listHistory, memoryStore, readHistory } from '../../storage';
import { statusLabelOf } from '../history-labels';
import { historyRecordOf } from './history-record';
import { openRelayedEvent } from './open-event';
import type { RingbackSession } from './ringback-session';
import { memoryWorkerDeclines, sealedCall, settle, startSession } from './session-harness';

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

const LINE = 'Claude Code · app';

describe('calls declined from the notification (by the service worker) leave history here', () => {
  it('at start: recorded as the page records its own Decline (the whole call, "Declined"), then taken out', async () => {
    const key = generateE2eKey();
    const sealed = await sealedCall(key, 'evt-1');
    const declines = memoryWorkerDeclines([{ eventId: 'evt-1', declinedAt: Date.now(), line: LINE, sealed }]);
    const device = open({ key, workerDeclines: declines });
    await vi.waitFor(() => expect(readHistory(device.store, 'evt-1')).not.toBeNull());
    const opened = await openRelayedEvent(sealed, await sealingKeyFromText(key), 'boss');
    if (!opened.ok) throw new Error('the call did not open');
    // Exactly what the page's own Decline writes for this call.
    expect(readHistory(device.store, 'evt-1')).toEqual(
      historyRecordOf(opened.event, { status: 'rejected', handledBy: null }),
    );
    expect(listHistory(device.store).map((record) => statusLabelOf(record))).toEqual(['Declined']);
    expect(device.session.view.get().historyVersion).toBeGreaterThan(0);
    await vi.waitFor(() => expect(declines.rows.size).toBe(0));
    // Nothing written to the relay: the worker already declined it there.
    expect(device.relay.statuses).toEqual([]);
  });

  it('keeps the ordering of history: by when the call happened, not when it was declined', async () => {
    const key = generateE2eKey();
    const older = await sealedCall(key, 'evt-old', { occurredAt: Date.now() - 60_000 });
    const newer = await sealedCall(key, 'evt-new', { occurredAt: Date.now() - 30_000 });
    const declines = memoryWorkerDeclines([
      { eventId: 'evt-new', declinedAt: 1, sealed: newer },
      { eventId: 'evt-old', declinedAt: 2, sealed: older },
    ]);
    const device = open({ key, workerDeclines: declines });
    await vi.waitFor(() => expect(declines.rows.size).toBe(0));
    expect(listHistory(device.store).map((record) => record.eventId)).toEqual(['evt-new', 'evt-old']);
  });

  it('while the page runs (the worker says so, or the page comes to the front): a call ringing here stops, one record', async () => {
    const declines = memoryWorkerDeclines();
    const device = open({ workerDeclines: declines });
    device.relay.stream().onReconciled([]);
    const call = await sealedCall(device.key, 'evt-1');
    device.relay.stream().onEvent(call);
    await vi.waitFor(() => expect(stateOf(device.session, 'evt-1')).toBe('ringing'));
    expect(device.ringtone.ringing).toBe(true);

    // The worker declined it from the notification; the relay's status frame names this device.
    await declines.put({ eventId: 'evt-1', declinedAt: Date.now(), line: LINE, sealed: call });
    device.relay.stream().onStatus({
      eventId: 'evt-1',
      status: 'rejected',
      handledBy: { deviceId: 'dev-me', name: 'Phone' },
    });
    await device.session.takeWorkerDeclines();
    await settle();
    expect(device.ringtone.ringing).toBe(false);
    expect(stateOf(device.session, 'evt-1')).not.toBe('ringing');
    expect(listHistory(device.store).map((record) => [record.eventId, statusLabelOf(record)])).toEqual([
      ['evt-1', 'Declined'],
    ]);
    expect(declines.rows.size).toBe(0);
    expect(device.relay.statuses).toEqual([]);
  });

  it('a decline the worker could not write down: the relay’s frame naming this device stops the ringing, one record', async () => {
    const declines = memoryWorkerDeclines();
    const device = open({ workerDeclines: declines });
    device.relay.stream().onReconciled([]);
    const call = await sealedCall(device.key, 'evt-1');
    device.relay.stream().onEvent(call);
    await vi.waitFor(() => expect(stateOf(device.session, 'evt-1')).toBe('ringing'));
    const before = device.session.view.get().historyVersion;

    // Nothing in IndexedDB: only the relay's status frame says this device declined it.
    device.relay.stream().onStatus({
      eventId: 'evt-1',
      status: 'rejected',
      handledBy: { deviceId: 'dev-me', name: 'Phone' },
    });
    await settle();
    expect(device.ringtone.ringing).toBe(false);
    expect(stateOf(device.session, 'evt-1')).not.toBe('ringing');
    const opened = device.session.openedEvent('evt-1');
    if (!opened) throw new Error('the call did not open');
    expect(readHistory(device.store, 'evt-1')).toEqual(
      historyRecordOf(opened, { status: 'rejected', handledBy: null }),
    );
    expect(device.session.view.get().historyVersion).toBeGreaterThan(before);

    // The worker's message with the decline, and the frame again (a reconnect): still one record.
    await device.session.takeWorkerDeclines({
      eventId: 'evt-1',
      declinedAt: Date.now(),
      line: LINE,
      sealed: call,
    });
    device.relay.stream().onStatus({
      eventId: 'evt-1',
      status: 'rejected',
      handledBy: { deviceId: 'dev-me', name: 'Phone' },
    });
    await settle();
    expect(listHistory(device.store).map((record) => [record.eventId, statusLabelOf(record)])).toEqual([
      ['evt-1', 'Declined'],
    ]);
    expect(device.relay.statuses).toEqual([]);
  });

  it('the frame of a decline this page wrote itself changes nothing', async () => {
    const device = open();
    device.relay.stream().onReconciled([]);
    device.relay.stream().onEvent(await sealedCall(device.key, 'evt-1'));
    await vi.waitFor(() => expect(stateOf(device.session, 'evt-1')).toBe('ringing'));
    device.session.decline('evt-1');
    await vi.waitFor(() => expect(device.relay.statuses).toEqual([{ eventId: 'evt-1', status: 'rejected' }]));
    const written = readHistory(device.store, 'evt-1');
    const version = device.session.view.get().historyVersion;
    device.relay.stream().onStatus({
      eventId: 'evt-1',
      status: 'rejected',
      handledBy: { deviceId: 'dev-me', name: 'Phone' },
    });
    await settle();
    expect(stateOf(device.session, 'evt-1')).toBe('declined');
    expect(readHistory(device.store, 'evt-1')).toEqual(written);
    expect(device.session.view.get().historyVersion).toBe(version);
  });

  it('a decline the worker sent in its message but could not write down is taken in all the same', async () => {
    const key = generateE2eKey();
    const sealed = await sealedCall(key, 'evt-1');
    const declines = memoryWorkerDeclines();
    const device = open({ key, workerDeclines: declines });
    await device.session.takeWorkerDeclines({ eventId: 'evt-1', declinedAt: Date.now(), line: LINE, sealed });
    expect(listHistory(device.store).map((record) => [record.eventId, statusLabelOf(record)])).toEqual([
      ['evt-1', 'Declined'],
    ]);
  });

  it('is idempotent: taken again (a reload before it was taken out), still one "Declined" record', async () => {
    const key = generateE2eKey();
    const store = memoryStore();
    const sealed = await sealedCall(key, 'evt-1');
    const decline = { eventId: 'evt-1', declinedAt: Date.now(), line: LINE, sealed };
    const first = open({ key, store, workerDeclines: memoryWorkerDeclines([decline]) });
    await vi.waitFor(() => expect(readHistory(store, 'evt-1')).not.toBeNull());
    first.session.stop();
    const again = memoryWorkerDeclines([decline]);
    open({ key, store, workerDeclines: again });
    await vi.waitFor(() => expect(again.rows.size).toBe(0));
    expect(listHistory(store).map((record) => [record.eventId, statusLabelOf(record)])).toEqual([
      ['evt-1', 'Declined'],
    ]);
  });

  it('a decline without the call’s words (the worker could not fetch it) is recorded when the page has the call', async () => {
    const declines = memoryWorkerDeclines();
    const device = open({ workerDeclines: declines });
    device.relay.stream().onReconciled([]);
    device.relay.stream().onEvent(await sealedCall(device.key, 'evt-1'));
    await vi.waitFor(() => expect(stateOf(device.session, 'evt-1')).toBe('ringing'));
    await declines.put({ eventId: 'evt-1', declinedAt: Date.now(), line: LINE });
    await device.session.takeWorkerDeclines();
    expect(readHistory(device.store, 'evt-1')).toMatchObject({ status: 'rejected', handledBy: null });
    expect(declines.rows.size).toBe(0);
  });

  it('a decline without the call’s words, for a call this page never had: a row kept from its line and time', async () => {
    const declinedAt = Date.parse('2026-03-01T09:00:05.000Z');
    const declines = memoryWorkerDeclines([{ eventId: 'evt-1', declinedAt, line: LINE }]);
    const device = open({ workerDeclines: declines });
    await vi.waitFor(() => expect(declines.rows.size).toBe(0));
    expect(readHistory(device.store, 'evt-1')).toBeNull();
    expect(listDeclinesWithoutWords(device.store)).toEqual([
      { eventId: 'evt-1', declinedAt: '2026-03-01T09:00:05.000Z', line: LINE },
    ]);
    expect(device.session.view.get().historyVersion).toBeGreaterThan(0);
    expect(device.relay.statuses).toEqual([]);

    // Taken again (a reload before it was taken out): still one row.
    await declines.put({ eventId: 'evt-1', declinedAt, line: LINE });
    await device.session.takeWorkerDeclines();
    expect(listDeclinesWithoutWords(device.store)).toHaveLength(1);
  });

  it('a whole call kept later for the same id replaces the row without words', async () => {
    const store = memoryStore();
    const declines = memoryWorkerDeclines([{ eventId: 'evt-1', declinedAt: Date.now() }]);
    const first = open({ store, workerDeclines: declines });
    await vi.waitFor(() => expect(listDeclinesWithoutWords(store)).toHaveLength(1));
    expect(listDeclinesWithoutWords(store)[0]).not.toHaveProperty('line');
    first.session.stop();
    const sealed = await sealedCall(first.key, 'evt-1');
    const again = memoryWorkerDeclines([{ eventId: 'evt-1', declinedAt: Date.now(), sealed }]);
    open({ key: first.key, store, workerDeclines: again });
    await vi.waitFor(() => expect(readHistory(store, 'evt-1')).toMatchObject({ status: 'rejected' }));
    expect(listDeclinesWithoutWords(store)).toEqual([]);
  });

  it('keeps a sealed decline while this device holds no key, and records it once it does', async () => {
    const key = generateE2eKey();
    const sealed = await sealedCall(key, 'evt-1');
    const declines = memoryWorkerDeclines([{ eventId: 'evt-1', declinedAt: Date.now(), sealed }]);
    let held: string | null = null;
    const device = open({ key, workerDeclines: declines, e2eKey: () => held });
    await settle();
    expect(readHistory(device.store, 'evt-1')).toBeNull();
    expect(declines.rows.size).toBe(1);
    held = key;
    await device.session.takeWorkerDeclines();
    expect(readHistory(device.store, 'evt-1')).toMatchObject({ status: 'rejected' });
    expect(declines.rows.size).toBe(0);
  });
});
