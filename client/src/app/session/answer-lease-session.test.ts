import { selectCall } from '@ringback/machines';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RingbackSession } from './ringback-session';
import { sealedCall, settle, startSession } from './session-harness';

const sessions: RingbackSession[] = [];
afterEach(() => {
  for (const session of sessions.splice(0)) session.stop();
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
});
