import { selectCall, selectMissedCalls } from '@ringback/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadAnswered, memoryStore, readHistory } from '../../storage';
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

const phone = { deviceId: 'dev-phone', name: 'Phone' };
const stateOf = (session: RingbackSession, eventId: string) =>
  selectCall(session.queue.getSnapshot(), eventId)?.state;
const missedIds = (session: RingbackSession) =>
  selectMissedCalls(session.queue.getSnapshot()).map((call) => call.report.eventId);

/** The call rang here, then the phone answered it (a status frame). */
async function answeredOnPhone(device: ReturnType<typeof open>, eventId = 'evt-1') {
  device.relay.stream().onReconciled([]);
  device.relay.stream().onEvent(await sealedCall(device.key, eventId));
  await vi.waitFor(() => expect(stateOf(device.session, eventId)).toBe('ringing'));
  device.relay.stream().onStatus({ eventId, status: 'answered', handledBy: phone });
  await settle();
  expect(stateOf(device.session, eventId)).toBe('endedElsewhere');
  return eventId;
}

describe('a call the answering device left unfinished comes back here', () => {
  it('the `pending` status frame makes it a missed call to answer and reply to; history says why', async () => {
    const device = open();
    const eventId = await answeredOnPhone(device);

    device.relay.stream().onStatus({ eventId, status: 'pending', handledBy: null, unfinishedBy: phone });
    await settle();
    expect(missedIds(device.session)).toEqual([eventId]);
    const record = readHistory(device.store, eventId);
    expect(record).toMatchObject({ status: 'pending', unfinishedBy: phone });
    expect(record && statusLabelOf(record)).toBe('Answered on Phone, not finished');

    device.session.answer(eventId);
    await vi.waitFor(() => expect(device.session.view.get().call?.eventId).toBe(eventId));
    await settle();
    expect(device.relay.statuses).toEqual([{ eventId, status: 'answered' }]);
    expect(readHistory(device.store, eventId)).toMatchObject({ status: 'answered', handledBy: null });
  });

  it('the pending listing after a reload brings it back too', async () => {
    const first = open();
    const eventId = await answeredOnPhone(first);
    await settle();
    first.session.stop();

    const reloaded = open({ store: first.store, key: first.key });
    await settle();
    expect(stateOf(reloaded.session, eventId)).toBe('endedElsewhere');
    reloaded.relay
      .stream()
      .onReconciled([{ ...(await sealedCall(first.key, eventId)), unfinishedBy: phone }]);
    await settle();
    expect(missedIds(reloaded.session)).toEqual([eventId]);
    expect(readHistory(reloaded.store, eventId)).toMatchObject({ status: 'pending', unfinishedBy: phone });
    reloaded.session.answer(eventId);
    await vi.waitFor(() => expect(reloaded.session.view.get().call?.eventId).toBe(eventId));
  });

  it('comes back on the device that had answered it, though its id is among the answered ones', async () => {
    // A start with no queue snapshot (it could not be stored), only `ringback.answered`.
    const store = memoryStore();
    store.setItem('ringback.answered', JSON.stringify(['evt-1']));
    const first = open({ store });
    const eventId = 'evt-1';
    const me = { deviceId: 'dev-me', name: 'This browser' };
    first.relay.stream().onReconciled([{ ...(await sealedCall(first.key, eventId)), unfinishedBy: me }]);
    await settle();
    expect(missedIds(first.session)).toEqual([eventId]);
    expect(loadAnswered(first.store)).toEqual([]);
  });
});
