import { createSseParser, type DeviceCredentials, type RelayedEvent } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import type { PushSettings } from '../push/push-settings';
import type { PushTransport } from '../push/push-transport';
import type { RelayStore } from '../storage/relay-store';
import { manualClock } from '../storage/suite/store-fixtures';
import { auth, injectRelay } from './relay-fixture';

type Relay = Awaited<ReturnType<typeof injectRelay>>;

/** Generous for a loaded 2-core machine: conditions are polled, never waited out in full. */
const DEADLINE_MS = 15_000;
/** The lease of the tests on the store's manual clock: the relay sweeps every quarter of it (real time). */
const LEASE_MS = 1000;

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + DEADLINE_MS;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const post = (relay: Relay, device: DeviceCredentials, url: string, payload?: object) =>
  relay.app.inject({ method: 'POST', url, headers: auth(device), ...(payload ? { payload } : {}) });

const status = (relay: Relay, device: DeviceCredentials, eventId: string, to: string) =>
  post(relay, device, `/v1/events/${eventId}/status`, { status: to });

const renew = (relay: Relay, device: DeviceCredentials, eventId: string) =>
  post(relay, device, `/v1/events/${eventId}/lease`);

const replyTo = (relay: Relay, device: DeviceCredentials, eventId: string, replyId: string) =>
  post(relay, device, `/v1/events/${eventId}/replies`, { replyId, sealed: 'e1.abcdefghijkl.aXY.c2VhbGVk' });

const callAs = async (relay: Relay, device: DeviceCredentials, eventId: string) =>
  (
    await relay.app.inject({ method: 'GET', url: `/v1/events/${eventId}`, headers: auth(device) })
  ).json() as RelayedEvent;

/**
 * The relay's lease sweeps, counted as they finish: `next()` waits for a whole sweep that began
 * after it was called, so a test knows the relay has looked at its store's clock as it stands now.
 */
function countedSweeps() {
  let started = 0;
  let finished = 0;
  /** The calls whose last push was marked `ended` (an answer, or any end), in order. */
  const endedPushes: string[] = [];
  const wrap = (store: RelayStore): RelayStore =>
    Object.assign(Object.create(store) as RelayStore, {
      markPushEnding: async (...args: Parameters<RelayStore['markPushEnding']>) => {
        if (args[2].kind === 'ended') endedPushes.push(args[1]);
        return store.markPushEnding(...args);
      },
      releaseLapsedCalls: async (options: Parameters<RelayStore['releaseLapsedCalls']>[0]) => {
        started += 1;
        try {
          return await store.releaseLapsedCalls(options);
        } finally {
          finished += 1;
        }
      },
    });
  const next = () => {
    const target = started + 1;
    return until(() => finished >= target, 'a lease sweep');
  };
  return { wrap, next, endedPushes };
}

/**
 * An account with a daemon, two phones and one call, `evt-1`, answered by the first phone; the
 * store runs on a manual clock, and the test waits for the relay's sweeps (`sweeps.next()`).
 */
async function answeredCall(options: { push?: PushSettings } = {}) {
  const clock = manualClock(Date.now());
  const sweeps = countedSweeps();
  const relay = await injectRelay(
    { now: clock.now },
    { answerLeaseMs: LEASE_MS, wrapStore: sweeps.wrap, ...(options.push ? { push: options.push } : {}) },
  );
  const phone = await relay.pair('app', 'Phone');
  const tablet = await relay.pair('app', 'Tablet');
  expect((await relay.postEvent('evt-1')).statusCode).toBe(201);
  expect((await status(relay, phone, 'evt-1', 'answered')).statusCode).toBe(200);
  return { relay, clock, sweeps, phone, tablet };
}

interface Frame {
  event: string;
  data: Record<string, unknown>;
}

/** A real SSE stream of the device (the relay listens on an ephemeral port): its frames as they come. */
async function openStream(relay: Relay, device: DeviceCredentials) {
  if (!relay.app.server.listening) await relay.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = relay.app.server.address() as { port: number };
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/v1/stream`, {
    headers: auth(device),
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  let connected = false;
  let ended = false;
  const parser = createSseParser({
    onMessage: (message) => frames.push({ event: message.event ?? '', data: JSON.parse(message.data) }),
    onComment: (comment) => {
      if (comment === 'connected') connected = true;
    },
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read())
        parser.push(decoder.decode(chunk.value, { stream: true }));
    } catch {
      // Aborted.
    }
    ended = true;
  })();
  await until(() => connected || ended, 'the stream to open');
  const statuses = () => frames.filter((frame) => frame.event === 'status').map((frame) => frame.data);
  return { statuses, open: () => !ended, close: () => controller.abort() };
}

describe('POST /v1/events/:eventId/lease', () => {
  it('renews the call for the device that answered it, names the holder to others, and knows no other call', async () => {
    const { relay, phone, tablet } = await answeredCall();
    expect((await renew(relay, phone, 'evt-1')).statusCode).toBe(204);

    const taken = await renew(relay, tablet, 'evt-1');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      error: 'call_taken',
      handledBy: { deviceId: phone.deviceId, name: 'Phone' },
    });
    const missing = await renew(relay, phone, 'no-such-call');
    expect([missing.statusCode, missing.json().error]).toEqual([404, 'event_not_found']);
    // A daemon holds no call.
    expect((await renew(relay, relay.daemon, 'evt-1')).statusCode).toBe(403);
  });
});

describe('an answered call whose device went away', () => {
  it('goes back to pending with a status frame naming who left it, and another device answers and replies', async () => {
    const { relay, clock, sweeps, phone, tablet } = await answeredCall();
    clock.advance(LEASE_MS);
    await sweeps.next();

    const released = await callAs(relay, tablet, 'evt-1');
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

    // The tablet answers and replies; the phone, back too late, holds nothing any more.
    expect((await status(relay, tablet, 'evt-1', 'answered')).statusCode).toBe(200);
    expect((await replyTo(relay, tablet, 'evt-1', 'reply-1')).statusCode).toBe(201);
    const lost = await renew(relay, phone, 'evt-1');
    expect([lost.statusCode, lost.json().handledBy]).toEqual([
      409,
      { deviceId: tablet.deviceId, name: 'Tablet' },
    ]);
  });

  it('stays with the device that answered it once it went back: the device it was taken from gets 409 and 403', async () => {
    const { relay, clock, sweeps, phone, tablet } = await answeredCall();
    expect((await relay.postEvent('evt-2')).statusCode).toBe(201);
    expect((await status(relay, phone, 'evt-2', 'answered')).statusCode).toBe(200);
    clock.advance(LEASE_MS);
    await sweeps.next();
    expect((await callAs(relay, tablet, 'evt-1')).status).toBe('pending');

    // The tablet answers one and declines the other; the phone comes back.
    expect((await status(relay, tablet, 'evt-1', 'answered')).statusCode).toBe(200);
    expect((await status(relay, tablet, 'evt-2', 'rejected')).statusCode).toBe(200);
    const tablets = { deviceId: tablet.deviceId, name: 'Tablet' };
    const renewed = await renew(relay, phone, 'evt-1');
    expect([renewed.statusCode, renewed.json().error, renewed.json().handledBy]).toEqual([
      409,
      'call_taken',
      tablets,
    ]);
    const replied = await replyTo(relay, phone, 'evt-1', 'phone-late');
    expect([replied.statusCode, replied.json().error, replied.json().handledBy]).toEqual([
      403,
      'not_call_answerer',
      tablets,
    ]);
    expect((await status(relay, phone, 'evt-1', 'completed')).statusCode).toBe(409);
    expect((await renew(relay, phone, 'evt-2')).statusCode).toBe(409);
    expect((await replyTo(relay, phone, 'evt-2', 'phone-late-2')).statusCode).toBe(403);
    expect(await callAs(relay, tablet, 'evt-1')).toMatchObject({ status: 'answered', handledBy: tablets });
    expect(await callAs(relay, tablet, 'evt-2')).toMatchObject({ status: 'rejected', handledBy: tablets });
  });

  it('goes back a lease after its last renewal though a stream of the device stays open: a stream is no sign of life', async () => {
    const { relay, clock, sweeps, phone, tablet } = await answeredCall();
    // The phone's stream is open, as a half-open socket of a lost phone stays on the relay.
    const phoneStream = await openStream(relay, phone);

    clock.advance(LEASE_MS);
    await sweeps.next();
    expect(await callAs(relay, tablet, 'evt-1')).toMatchObject({
      status: 'pending',
      unfinishedBy: { deviceId: phone.deviceId, name: 'Phone' },
    });
    // The stream was open all along: it carried the call's release to the phone.
    await until(
      () => phoneStream.statuses().some((frame) => frame.status === 'pending'),
      'the release frame',
    );
    expect(phoneStream.open()).toBe(true);
    phoneStream.close();
  });

  it('stays with the device while it renews as the client does, and goes back a lease after its last renewal', async () => {
    const { relay, clock, sweeps, phone, tablet } = await answeredCall();
    // Three renewals, each before the lease ran out: more than two leases since the answer.
    for (let renewal = 0; renewal < 3; renewal++) {
      clock.advance(LEASE_MS - 1);
      await sweeps.next();
      expect((await callAs(relay, tablet, 'evt-1')).status).toBe('answered');
      expect((await renew(relay, phone, 'evt-1')).statusCode).toBe(204);
    }
    clock.advance(LEASE_MS - 1);
    await sweeps.next();
    expect((await callAs(relay, tablet, 'evt-1')).status).toBe('answered');

    // No renewal since: the lease runs out a lease after the last one.
    clock.advance(1);
    await sweeps.next();
    expect(await callAs(relay, tablet, 'evt-1')).toMatchObject({
      status: 'pending',
      unfinishedBy: { deviceId: phone.deviceId, name: 'Phone' },
    });
  });
});

/** A push service that takes every push and never answers. */
const silentPushes: PushTransport = {
  deliver: (_push, signal) =>
    new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))),
  close: async () => {},
};

describe('a device back after its lease lapsed, while nobody took its call', () => {
  it('takes it back by renewing its lease: answered by it as an answer is, every device told, the lease restarted', async () => {
    const { relay, clock, sweeps, phone, tablet } = await answeredCall({
      push: { subject: 'mailto:ops@example.com', transport: silentPushes },
    });
    const tabletStream = await openStream(relay, tablet);
    clock.advance(LEASE_MS);
    await sweeps.next();
    expect((await callAs(relay, tablet, 'evt-1')).status).toBe('pending');
    const endedBefore = sweeps.endedPushes.length;

    expect((await renew(relay, phone, 'evt-1')).statusCode).toBe(204);
    const call = await callAs(relay, tablet, 'evt-1');
    const phones = { deviceId: phone.deviceId, name: 'Phone' };
    expect(call).toMatchObject({ status: 'answered', handledBy: phones });
    expect(call.unfinishedBy).toBeUndefined();
    // The tablet stops ringing: its stream says the phone has the call, as after an answer.
    await until(() => tabletStream.statuses().length === 2, 'the status frame of the call taken back');
    expect(tabletStream.statuses()).toEqual([
      { eventId: 'evt-1', status: 'pending', handledBy: null, unfinishedBy: phones },
      { eventId: 'evt-1', status: 'answered', handledBy: phones },
    ]);
    // Its pushes end as an answer ends them. (The relay's push loop runs on real time beside the
    // store's manual clock, so on a loaded machine it may mark the ring's end once more: counted
    // from just before the renewal, not from the start.)
    expect(endedBefore).toBeGreaterThanOrEqual(1);
    expect(sweeps.endedPushes.slice(endedBefore)).toContain('evt-1');

    // The lease runs from the renewal that took it back.
    clock.advance(LEASE_MS - 1);
    await sweeps.next();
    expect((await callAs(relay, tablet, 'evt-1')).status).toBe('answered');
    expect((await renew(relay, phone, 'evt-1')).statusCode).toBe(204);
    expect((await status(relay, phone, 'evt-1', 'completed')).statusCode).toBe(200);
    expect((await replyTo(relay, phone, 'evt-1', 'reply-1')).statusCode).toBe(201);
  });

  it('takes it back by sending its reply, or by writing the hang-up it made while away', async () => {
    const { relay, clock, sweeps, phone, tablet } = await answeredCall();
    expect((await relay.postEvent('evt-2')).statusCode).toBe(201);
    expect((await status(relay, phone, 'evt-2', 'answered')).statusCode).toBe(200);
    clock.advance(LEASE_MS);
    await sweeps.next();
    expect((await callAs(relay, tablet, 'evt-1')).status).toBe('pending');
    expect((await callAs(relay, tablet, 'evt-2')).status).toBe('pending');
    const phones = { deviceId: phone.deviceId, name: 'Phone' };

    // Its reply first: the call is its own again, the reply taken, then its hang-up.
    expect((await replyTo(relay, phone, 'evt-1', 'reply-1')).statusCode).toBe(201);
    expect(await callAs(relay, tablet, 'evt-1')).toMatchObject({ status: 'answered', handledBy: phones });
    expect((await status(relay, phone, 'evt-1', 'completed')).json()).toMatchObject({ status: 'completed' });
    // A repeat of the reply is the same reply.
    expect((await replyTo(relay, phone, 'evt-1', 'reply-1')).statusCode).toBe(200);

    // Its hang-up first: answered by it, then completed; its reply follows.
    const hungUp = await status(relay, phone, 'evt-2', 'completed');
    expect([hungUp.statusCode, hungUp.json()]).toEqual([
      200,
      { eventId: 'evt-2', status: 'completed', handledBy: phones },
    ]);
    expect((await replyTo(relay, phone, 'evt-2', 'reply-2')).statusCode).toBe(201);
    // Every device heard each step: event, answered, released, answered again, completed.
    const log = await relay.store.logSince(phone.accountId, 0, 20);
    expect(log.filter((entry) => entry.eventId === 'evt-2').map((entry) => entry.kind)).toEqual([
      'event',
      'status',
      'status',
      'status',
      'status',
      'reply',
    ]);
  });
});

describe('a call given back twice (the phone lapsed, then the tablet that answered it next)', () => {
  /** `eventIds`, each answered by the phone, then by the tablet, each lease lapsing: pending, naming the tablet. */
  async function givenBackTwice(eventIds: string[]) {
    const call = await answeredCall();
    const { relay, clock, sweeps, phone, tablet } = call;
    for (const eventId of eventIds.slice(1)) {
      expect((await relay.postEvent(eventId)).statusCode).toBe(201);
      expect((await status(relay, phone, eventId, 'answered')).statusCode).toBe(200);
    }
    clock.advance(LEASE_MS);
    await sweeps.next();
    for (const eventId of eventIds)
      expect((await status(relay, tablet, eventId, 'answered')).statusCode).toBe(200);
    clock.advance(LEASE_MS);
    await sweeps.next();
    for (const eventId of eventIds)
      expect(await callAs(relay, phone, eventId)).toMatchObject({
        status: 'pending',
        handledBy: null,
        unfinishedBy: { deviceId: tablet.deviceId, name: 'Tablet' },
      });
    return call;
  }

  it('is taken by the phone, back first, by renewing, replying or hanging up; the tablet, back later, finds it taken', async () => {
    const { relay, phone, tablet } = await givenBackTwice(['evt-1', 'evt-2', 'evt-3']);
    const phones = { deviceId: phone.deviceId, name: 'Phone' };

    // Its renewal: the call is its own again, not lost to nobody.
    expect((await renew(relay, phone, 'evt-1')).statusCode).toBe(204);
    expect(await callAs(relay, tablet, 'evt-1')).toMatchObject({ status: 'answered', handledBy: phones });
    // Its reply, written while away.
    expect((await replyTo(relay, phone, 'evt-2', 'reply-2')).statusCode).toBe(201);
    expect(await callAs(relay, tablet, 'evt-2')).toMatchObject({ status: 'answered', handledBy: phones });
    // Its hang-up, made while away.
    expect((await status(relay, phone, 'evt-3', 'completed')).json()).toEqual({
      eventId: 'evt-3',
      status: 'completed',
      handledBy: phones,
    });

    // The first wins: the tablet back now is told the phone has them.
    const renewed = await renew(relay, tablet, 'evt-1');
    expect([renewed.statusCode, renewed.json().error, renewed.json().handledBy]).toEqual([
      409,
      'call_taken',
      phones,
    ]);
    const replied = await replyTo(relay, tablet, 'evt-2', 'tablet-late');
    expect([replied.statusCode, replied.json().handledBy]).toEqual([403, phones]);
    expect((await status(relay, tablet, 'evt-3', 'completed')).statusCode).toBe(409);
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
    const relay = await injectRelay({}, { wrapStore: crashAfterRemoval });
    const phone = await relay.pair('app', 'Phone');
    const tablet = await relay.pair('app', 'Tablet');
    expect((await relay.postEvent('evt-1')).statusCode).toBe(201);
    expect((await status(relay, phone, 'evt-1', 'answered')).statusCode).toBe(200);

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
    // Nor does it take the call back by renewing or replying, as a device merely away would.
    expect((await renew(relay, phone, 'evt-1')).statusCode).toBe(401);
    expect((await replyTo(relay, phone, 'evt-1', 'late-reply')).statusCode).toBe(401);
    expect((await callAs(relay, tablet, 'evt-1')).handledBy).toBeNull();
    expect((await status(relay, tablet, 'evt-1', 'answered')).statusCode).toBe(200);
  });
});
