import { selectCall } from '@ringback/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetPairing, readHistory } from '../../storage';
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

const desk = { deviceId: 'dev-desk', name: 'Desk' };

async function ringWith(device: ReturnType<typeof open>, eventId = 'evt-1') {
  device.relay.stream().onReconciled([]);
  device.relay.stream().onEvent(await sealedCall(device.key, eventId));
  await vi.waitFor(() =>
    expect(selectCall(device.session.queue.getSnapshot(), eventId)?.state).toBe('ringing'),
  );
  return eventId;
}

describe('status writes know when to stop', () => {
  it('an answer that lost to a decline on another device is recorded as the decline', async () => {
    const device = open();
    const eventId = await ringWith(device);
    device.relay.answerStatuses(async () => ({ outcome: 'taken', by: desk, status: 'rejected' }));
    device.session.answer(eventId);
    await settle();
    expect(device.session.view.get().call).toBeNull();
    const record = readHistory(device.store, eventId);
    expect(record).toMatchObject({ status: 'rejected', handledBy: desk });
    expect(record && statusLabelOf(record)).toBe('Declined on Desk');
  });

  it('signing out forgets the statuses still to write: a browser paired again never writes them', async () => {
    const first = open();
    const eventId = await ringWith(first);
    // The relay cannot be reached: the answer stays to be written.
    first.relay.answerStatuses(() => Promise.reject(new Error('offline')));
    first.session.answer(eventId);
    await settle();
    first.session.stop();
    forgetPairing(first.store);

    const paired = open({ store: first.store, key: first.key, deviceId: 'dev-new' });
    await settle();
    expect(paired.relay.statuses).toEqual([]);
    expect(selectCall(paired.session.queue.getSnapshot(), eventId)).toBeUndefined();
  });

  it("a browser paired again as another device (no sign-out) does not write the old device's statuses", async () => {
    const first = open();
    const eventId = await ringWith(first);
    first.relay.answerStatuses(() => Promise.reject(new Error('offline')));
    first.session.answer(eventId);
    await settle();
    first.session.stop();

    const paired = open({ store: first.store, key: first.key, deviceId: 'dev-new' });
    await settle();
    expect(paired.relay.statuses).toEqual([]);
  });
});
