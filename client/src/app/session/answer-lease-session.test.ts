import { selectCall } from '@ringback/machines';
import { ANSWER_LEASE_RENEW_MS } from '@ringback/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readHistory } from '../../storage';
import { statusLabelOf } from '../history-labels';
import type { RingbackSession } from './ringback-session';
import { sealedCall, settle, startSession } from './session-harness';

const sessions: RingbackSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
  vi.useRealTimers();
});

const RENEW_MS = 40;

function open(options: Parameters<typeof startSession>[0] = {}) {
  const started = startSession({ leaseRenewMs: RENEW_MS, ...options });
  sessions.push(started.session);
  return started;
}

async function inCall(device: ReturnType<typeof open>, eventId = 'evt-1') {
  device.relay.stream().onReconciled([]);
  device.relay.stream().onEvent(await sealedCall(device.key, eventId));
  await vi.waitFor(() =>
    expect(selectCall(device.session.queue.getSnapshot(), eventId)?.state).toBe('ringing'),
  );
  device.session.answer(eventId);
  await vi.waitFor(() => expect(device.session.view.get().call?.eventId).toBe(eventId));
  return eventId;
}

describe('the answering device keeps its lease', () => {
  it('renews it while in the call, and nothing once the call and its reply are over', async () => {
    const device = open();
    expect(device.relay.leases).toEqual([]);
    const eventId = await inCall(device);
    await vi.waitFor(() => expect(device.relay.leases.length).toBeGreaterThanOrEqual(2), { timeout: 5_000 });
    expect(new Set(device.relay.leases)).toEqual(new Set([eventId]));

    // Hung up: the reply is being written, so the lease goes on.
    device.session.view.get().call?.player.send({ type: 'hangUp' });
    await vi.waitFor(() => expect(device.session.view.get().reply?.eventId).toBe(eventId));
    const atHangUp = device.relay.leases.length;
    await vi.waitFor(() => expect(device.relay.leases.length).toBeGreaterThan(atHangUp + 1), {
      timeout: 5_000,
    });

    // Skipped: nothing is held any more.
    device.session.closeReply({ skip: true });
    await settle();
    const atSkip = device.relay.leases.length;
    await new Promise((resolve) => setTimeout(resolve, RENEW_MS * 4));
    expect(device.relay.leases.length).toBeLessThanOrEqual(atSkip + 1);
  });

  it('a 409 stops renewing and tells the user another device has the call now', async () => {
    const device = open();
    device.relay.answerLeases(async () => ({ held: false, handledBy: { deviceId: 'd-desk', name: 'Desk' } }));
    const eventId = await inCall(device);
    await vi.waitFor(() => expect(device.session.view.get().takenFromHere).toEqual({ [eventId]: 'Desk' }), {
      timeout: 5_000,
    });
    const renewals = device.relay.leases.length;
    await new Promise((resolve) => setTimeout(resolve, RENEW_MS * 4));
    expect(device.relay.leases.length).toBe(renewals);
  });

  it('given back while this device was away and taken back on its return, the call stays here: in it, its reply sent, history never naming another device', async () => {
    const device = open();
    const me = { deviceId: 'dev-me', name: 'This browser' };
    const eventId = await inCall(device);
    const givenBack = { eventId, status: 'pending' as const, handledBy: null, unfinishedBy: me };
    const ownHistory = () => {
      const record = readHistory(device.store, eventId);
      return record && { status: record.status, handledBy: record.handledBy, label: statusLabelOf(record) };
    };

    // Offline past the lease: the renewals fail, then the stream, back, brings the release naming
    // this device (live, and again in the listing after the reconnect).
    device.relay.answerLeases(async () => {
      throw new TypeError('Failed to fetch');
    });
    device.relay.stream().onStatus(givenBack);
    device.relay.stream().onReconciled([{ ...(await sealedCall(device.key, eventId)), unfinishedBy: me }]);
    await settle();
    // The renewal the relay now answers takes the call back: its own `answered` frame follows.
    device.relay.answerLeases(async () => ({ held: true }));
    const renewals = device.relay.leases.length;
    await vi.waitFor(() => expect(device.relay.leases.length).toBeGreaterThan(renewals), { timeout: 5_000 });
    device.relay.stream().onStatus({ eventId, status: 'answered', handledBy: me });
    await settle();
    expect(selectCall(device.session.queue.getSnapshot(), eventId)?.state).toBe('inCall');
    expect(device.session.view.get().call?.eventId).toBe(eventId);
    expect(device.session.view.get().takenFromHere).toEqual({});
    expect(ownHistory()).toEqual({ status: 'answered', handledBy: null, label: 'Answered' });

    // Hung up, and away again while writing the reply: given back and taken back once more.
    device.session.view.get().call?.player.send({ type: 'hangUp' });
    await vi.waitFor(() => expect(device.session.view.get().reply?.eventId).toBe(eventId));
    device.relay.stream().onStatus(givenBack);
    device.relay.stream().onStatus({ eventId, status: 'answered', handledBy: me });
    device.relay.stream().onStatus({ eventId, status: 'completed', handledBy: me });
    await settle();
    expect(device.session.view.get().reply?.eventId).toBe(eventId);
    device.session.sendReply(eventId, 'Ship it.');
    await vi.waitFor(() => expect(device.relay.replies.map((reply) => reply.eventId)).toEqual([eventId]));
    expect(device.relay.statuses).toEqual([
      { eventId, status: 'answered' },
      { eventId, status: 'completed' },
    ]);
    expect(selectCall(device.session.queue.getSnapshot(), eventId)?.state).toBe('ended');
    expect(ownHistory()).toMatchObject({ status: 'completed', handledBy: null, label: 'Answered' });
    expect(device.session.view.get().takenFromHere).toEqual({});
  });

  it('a page frozen in the background past the lease renews the call at once when it is back, taking it back, before any tick', async () => {
    // The renewal timer stands still, as in a page the system froze; all else runs.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const listeners = new Set<() => void>();
    const pageBack = () => {
      for (const listener of [...listeners]) listener();
    };
    const device = open({
      leaseRenewMs: ANSWER_LEASE_RENEW_MS,
      pageReturns: (onReturn) => {
        listeners.add(onReturn);
        return () => listeners.delete(onReturn);
      },
    });
    const me = { deviceId: 'dev-me', name: 'This browser' };
    const eventId = await inCall(device);
    expect(device.relay.leases).toEqual([]);

    // Frozen past the lease: the relay gave the call back (its frame came in as the page thawed).
    device.relay.stream().onStatus({ eventId, status: 'pending', handledBy: null, unfinishedBy: me });
    await settle();
    expect(device.relay.leases).toEqual([]);
    // Shown again: renewed at once, which takes it back; the relay's `answered` frame follows.
    pageBack();
    await vi.waitFor(() => expect(device.relay.leases).toEqual([eventId]));
    device.relay.stream().onStatus({ eventId, status: 'answered', handledBy: me });
    await settle();
    expect(selectCall(device.session.queue.getSnapshot(), eventId)?.state).toBe('inCall');
    expect(device.session.view.get().takenFromHere).toEqual({});

    // Stopped (signed out, another tab): the page coming back renews nothing.
    device.session.stop();
    pageBack();
    await settle();
    expect(device.relay.leases).toEqual([eventId]);
    expect(listeners.size).toBe(0);
  });
});
