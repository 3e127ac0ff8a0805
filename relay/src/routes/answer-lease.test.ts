import type { DeviceCredentials, RelayedEvent } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import type { RelayStore } from '../storage/relay-store';
import type { StreamClient } from '../stream/stream-hub';
import { auth, injectRelay } from './relay-fixture';

type Relay = Awaited<ReturnType<typeof injectRelay>>;

/** Generous for a loaded 2-core machine: conditions are polled, never waited out in full. */
const DEADLINE_MS = 15_000;

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + DEADLINE_MS;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const post = (relay: Relay, device: DeviceCredentials, url: string, payload?: object) =>
  relay.app.inject({ method: 'POST', url, headers: auth(device), ...(payload ? { payload } : {}) });

const status = (relay: Relay, device: DeviceCredentials, eventId: string, to: string) =>
  post(relay, device, `/v1/events/${eventId}/status`, { status: to });

const callAs = async (relay: Relay, device: DeviceCredentials, eventId: string) =>
  (
    await relay.app.inject({ method: 'GET', url: `/v1/events/${eventId}`, headers: auth(device) })
  ).json() as RelayedEvent;

/** An account with a daemon, two phones and one call, `evt-1`, answered by the first phone. */
async function answeredCall(options: Parameters<typeof injectRelay>[1] = {}) {
  const relay = await injectRelay({}, options);
  const phone = await relay.pair('app', 'Phone');
  const tablet = await relay.pair('app', 'Tablet');
  expect((await relay.postEvent('evt-1')).statusCode).toBe(201);
  expect((await status(relay, phone, 'evt-1', 'answered')).statusCode).toBe(200);
  return { relay, phone, tablet };
}

/** A stream of the device as the hub sees it, without an HTTP connection. */
function fakeStream(relay: Relay, device: DeviceCredentials) {
  const client: StreamClient = { deviceId: device.deviceId, send: () => true, close: () => leave() };
  const leave = relay.hub.add(device.accountId, client);
  return leave;
}

describe('POST /v1/events/:eventId/lease', () => {
  it('renews the call for the device that answered it, names the holder to others, and knows no other call', async () => {
    const { relay, phone, tablet } = await answeredCall();
    expect((await post(relay, phone, '/v1/events/evt-1/lease')).statusCode).toBe(204);

    const taken = await post(relay, tablet, '/v1/events/evt-1/lease');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: 'call_taken',
      handledBy: { deviceId: phone.deviceId, name: 'Phone' },
    });
    const missing = await post(relay, phone, '/v1/events/no-such-call/lease');
    expect([missing.statusCode, missing.json().error]).toEqual([404, 'event_not_found']);
    // A daemon holds no call.
    expect((await post(relay, relay.daemon, '/v1/events/evt-1/lease')).statusCode).toBe(403);
  });
});

describe('an answered call whose device went away', () => {
  it('goes back to pending with a status frame naming who left it, and another device answers and replies', async () => {
    const { relay, phone, tablet } = await answeredCall({ answerLeaseMs: 200 });

    const released = await eventually(
      () => callAs(relay, tablet, 'evt-1'),
      (call) => call.status === 'pending',
    );
    expect(released).toMatchObject({
      status: 'pending',
      handledBy: null,
      unfinishedBy: { deviceId: phone.deviceId, name: 'Phone' },
    });
    const pending = (
      await relay.app.inject({ method: 'GET', url: '/v1/events/pending', headers: auth(tablet) })
    ).json();
    expect(pending.events[0]).toMatchObject({ eventId: 'evt-1', unfinishedBy: { name: 'Phone' } });
    // Its status frame: the log's last entry, for evt-1 (event, answered, released).
    const log = await relay.store.logSince(phone.accountId, 0, 10);
    expect(log.map((entry) => [entry.kind, entry.eventId])).toEqual([
      ['event', 'evt-1'],
      ['status', 'evt-1'],
      ['status', 'evt-1'],
    ]);

    // The phone no longer holds it; the tablet answers and replies.
    expect((await post(relay, phone, '/v1/events/evt-1/lease')).statusCode).toBe(409);
    expect((await status(relay, tablet, 'evt-1', 'answered')).statusCode).toBe(200);
    const reply = await post(relay, tablet, '/v1/events/evt-1/replies', {
      replyId: 'reply-1',
      sealed: 'e1.abcdefghijkl.aXY.c2VhbGVk',
    });
    expect(reply.statusCode).toBe(201);
  });

  it('stays with the device while a stream of it is open, and lapses a lease after the stream closed', async () => {
    // Ticks every 375 ms: an open stream renews the lease four times within it.
    const { relay, phone, tablet } = await answeredCall({ answerLeaseMs: 1500 });
    const leave = fakeStream(relay, phone);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect((await callAs(relay, tablet, 'evt-1')).status).toBe('answered');

    leave();
    const released = await eventually(
      () => callAs(relay, tablet, 'evt-1'),
      (call) => call.status === 'pending',
    );
    expect(released.unfinishedBy).toEqual({ deviceId: phone.deviceId, name: 'Phone' });
  });
});

describe('DELETE /v1/devices/:deviceId of a device holding a call', () => {
  it('releases its calls in the removal itself: a crash after it leaves nothing held, and its late writes are refused', async () => {
    // A store on which a second write after the removal would crash the relay.
    const crashAfterRemoval = (store: RelayStore): RelayStore =>
      Object.assign(Object.create(store) as RelayStore, {
        releaseCallsOf: async () => {
          throw new Error('the relay died between the two writes');
        },
      });
    const { relay, phone, tablet } = await answeredCall({ wrapStore: crashAfterRemoval });

    const removed = await relay.app.inject({
      method: 'DELETE',
      url: `/v1/devices/${phone.deviceId}`,
      headers: auth(tablet),
    });
    expect(removed.statusCode).toBe(204);
    expect(await callAs(relay, tablet, 'evt-1')).toMatchObject({
      status: 'pending',
      handledBy: null,
      unfinishedBy: { deviceId: phone.deviceId, name: 'Phone' },
    });

    // An `answered` write of the removed device that lands after: refused, the call not its.
    const late = await status(relay, phone, 'evt-1', 'answered');
    expect([late.statusCode, late.json().error]).toEqual([401, 'unauthorized']);
    expect((await callAs(relay, tablet, 'evt-1')).handledBy).toBeNull();
    expect((await status(relay, tablet, 'evt-1', 'answered')).statusCode).toBe(200);
  });
});
