import { createECDH, randomBytes } from 'node:crypto';
import type { DeviceCredentials, PushSubscriptionBody } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import type { PushSettings } from '../push/push-settings';
import type { PushTransport } from '../push/push-transport';
import { auth, injectRelay } from './relay-fixture';

type Relay = Awaited<ReturnType<typeof injectRelay>>;

/** A subscription as a browser's `PushSubscription.toJSON()` gives it. */
function browserSubscription(
  endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
) {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: keys.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  } satisfies PushSubscriptionBody;
}

/** A push service that takes every push and never answers, so nothing can wait for it. */
function silentPushService() {
  const endpoints: string[] = [];
  const transport: PushTransport = {
    deliver: (push, signal) =>
      new Promise((_, reject) => {
        endpoints.push(push.endpoint);
        signal.addEventListener('abort', () => reject(new Error('aborted')));
      }),
    close: async () => {},
  };
  return { transport, endpoints };
}

const ON: PushSettings = { subject: 'mailto:ops@example.com' };

const subscribe = (relay: Relay, device: DeviceCredentials, payload: object) =>
  relay.app.inject({ method: 'POST', url: '/v1/push/subscription', headers: auth(device), payload });
const held = (relay: Relay, device: DeviceCredentials) =>
  relay.app.inject({ method: 'GET', url: '/v1/push/subscription', headers: auth(device) });

describe('GET /v1/push/key', () => {
  it('gives any paired device the relay’s VAPID public key, the same every time', async () => {
    const relay = await injectRelay({}, { push: ON });
    const phone = await relay.pair('app', 'Phone');
    const first = await relay.app.inject({ method: 'GET', url: '/v1/push/key', headers: auth(phone) });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) });
    const again = await relay.app.inject({ method: 'GET', url: '/v1/push/key', headers: auth(relay.daemon) });
    expect(again.json()).toEqual(first.json());
    const anonymous = await relay.app.inject({ method: 'GET', url: '/v1/push/key' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 503 push_unavailable saying why when the relay does not push', async () => {
    const off = await injectRelay(
      {},
      { push: { off: 'Web Push is off: no https public URL; set --push-subject' } },
    );
    const response = await off.app.inject({ method: 'GET', url: '/v1/push/key', headers: auth(off.daemon) });
    expect([response.statusCode, response.json()]).toEqual([
      503,
      { error: 'push_unavailable', message: 'Web Push is off: no https public URL; set --push-subject' },
    ]);
    const unset = await injectRelay();
    const plain = await unset.app.inject({ method: 'GET', url: '/v1/push/key', headers: auth(unset.daemon) });
    expect([plain.statusCode, plain.json().error]).toEqual([503, 'push_unavailable']);
  });
});

describe('POST and DELETE /v1/push/subscription', () => {
  it('keeps one subscription per app device, a new one replacing the old, and deletes it', async () => {
    const relay = await injectRelay({}, { push: ON });
    const phone = await relay.pair('app', 'Phone');
    const first = browserSubscription();
    expect((await subscribe(relay, phone, first)).statusCode).toBe(204);
    const second = browserSubscription();
    expect((await subscribe(relay, phone, second)).statusCode).toBe(204);
    expect(await relay.store.pushSubscriptionsOf(relay.daemon.accountId)).toEqual([
      {
        accountId: relay.daemon.accountId,
        deviceId: phone.deviceId,
        endpoint: second.endpoint,
        p256dh: second.keys.p256dh,
        auth: second.keys.auth,
      },
    ]);

    for (let i = 0; i < 2; i++) {
      const deleted = await relay.app.inject({
        method: 'DELETE',
        url: '/v1/push/subscription',
        headers: auth(phone),
      });
      expect(deleted.statusCode).toBe(204);
    }
    expect(await relay.store.pushSubscriptionsOf(relay.daemon.accountId)).toEqual([]);
  });

  it('is for app devices only: a daemon gets 403 app_only', async () => {
    const relay = await injectRelay({}, { push: ON });
    const post = await subscribe(relay, relay.daemon, browserSubscription());
    expect([post.statusCode, post.json().error]).toEqual([403, 'app_only']);
    const del = await relay.app.inject({
      method: 'DELETE',
      url: '/v1/push/subscription',
      headers: auth(relay.daemon),
    });
    expect([del.statusCode, del.json().error]).toEqual([403, 'app_only']);
  });

  it('refuses an endpoint that is not https at a known push service (422 push_endpoint_refused), unless the operator allows its origin', async () => {
    const relay = await injectRelay({}, { push: ON });
    const phone = await relay.pair('app', 'Phone');
    for (const endpoint of [
      'http://push.example.com/send/1',
      'https://push.example.com/send/1',
      'https://fcm.googleapis.com:8443/fcm/send/1',
      'https://localhost:8090/notify/1',
      'https://localhost/notify/1',
      'https://127.0.0.1/notify/1',
      'https://[::ffff:127.0.0.1]/notify/1',
      'https://[::1]/notify/1',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.1/notify/1',
      'https://192.168.1.1/notify/1',
      'https://100.64.0.1/notify/1',
      'https://[fd00::1]/notify/1',
      'https://[fe80::1]/notify/1',
      'https://0.0.0.0/notify/1',
      'https://fcm.googleapis.com.evil.example/fcm/send/1',
    ]) {
      const refused = await subscribe(relay, phone, browserSubscription(endpoint));
      expect([refused.statusCode, refused.json().error], endpoint).toEqual([422, 'push_endpoint_refused']);
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAA',
      'https://web.push.apple.com/QGx1',
      'https://wns2-by3p.notify.windows.com/w/?token=BQYAAA',
    ])
      expect((await subscribe(relay, phone, browserSubscription(endpoint))).statusCode, endpoint).toBe(204);
    const operator = await injectRelay(
      {},
      { push: { ...ON, allowedPushOrigins: ['http://127.0.0.1:9000'] } },
    );
    const laptop = await operator.pair('app', 'Laptop');
    expect(
      (await subscribe(operator, laptop, browserSubscription('http://127.0.0.1:9000/notify/1'))).statusCode,
    ).toBe(204);
    expect(
      (await subscribe(operator, laptop, browserSubscription('http://127.0.0.1:9001/notify/1'))).json().error,
    ).toBe('push_endpoint_refused');
  });

  it('refuses an endpoint a device of another account holds (409 push_endpoint_taken)', async () => {
    const relay = await injectRelay({}, { push: ON });
    const phone = await relay.pair('app', 'Phone');
    const subscription = browserSubscription();
    expect((await subscribe(relay, phone, subscription)).statusCode).toBe(204);
    const created = await relay.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      payload: { kind: 'app', name: 'Stranger' },
    });
    const stranger = created.json() as DeviceCredentials;
    const taken = await subscribe(relay, stranger, subscription);
    expect([taken.statusCode, taken.json().error]).toEqual([409, 'push_endpoint_taken']);
    expect((await relay.store.pushSubscriptionsOf(relay.daemon.accountId)).map((s) => s.deviceId)).toEqual([
      phone.deviceId,
    ]);
    expect(await relay.store.pushSubscriptionsOf(stranger.accountId)).toEqual([]);
  });

  it('moves an endpoint to the device of the same account that subscribes with it', async () => {
    const relay = await injectRelay({}, { push: ON });
    const before = await relay.pair('app', 'Phone (before reinstall)');
    const after = await relay.pair('app', 'Phone');
    const subscription = browserSubscription();
    await subscribe(relay, before, subscription);
    expect((await subscribe(relay, after, subscription)).statusCode).toBe(204);
    expect((await relay.store.pushSubscriptionsOf(relay.daemon.accountId)).map((s) => s.deviceId)).toEqual([
      after.deviceId,
    ]);
    expect((await held(relay, before)).json()).toEqual({ endpoint: null });
    expect((await held(relay, after)).json()).toEqual({ endpoint: subscription.endpoint });
  });

  it('tells an app device the endpoint the relay holds for it, or null (GET)', async () => {
    const relay = await injectRelay({}, { push: ON });
    const phone = await relay.pair('app', 'Phone');
    const none = await held(relay, phone);
    expect([none.statusCode, none.json()]).toEqual([200, { endpoint: null }]);
    const subscription = browserSubscription();
    await subscribe(relay, phone, subscription);
    expect((await held(relay, phone)).json()).toEqual({ endpoint: subscription.endpoint });
    await relay.app.inject({ method: 'DELETE', url: '/v1/push/subscription', headers: auth(phone) });
    expect((await held(relay, phone)).json()).toEqual({ endpoint: null });
    const daemon = await held(relay, relay.daemon);
    expect([daemon.statusCode, daemon.json().error]).toEqual([403, 'app_only']);
    const anonymous = await relay.app.inject({ method: 'GET', url: '/v1/push/subscription' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses keys it could not encrypt for, and bodies that are not subscriptions (400)', async () => {
    const relay = await injectRelay({}, { push: ON });
    const phone = await relay.pair('app', 'Phone');
    const good = browserSubscription();
    const offCurve = {
      ...good,
      keys: {
        ...good.keys,
        p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
      },
    };
    const bodies = [
      offCurve,
      { endpoint: good.endpoint },
      { ...good, extra: 1 },
      { ...good, endpoint: 'push' },
      // Real endpoints are ASCII; one in other characters could outgrow PostgreSQL's index row.
      { ...good, endpoint: `https://fcm.googleapis.com/fcm/send/${'é'.repeat(1000)}` },
      { ...good, endpoint: 'https://fcm.googleapis.com/fcm/send/a b' },
    ];
    for (const body of bodies) {
      const response = await subscribe(relay, phone, body);
      expect([response.statusCode, response.json().error], JSON.stringify(body)).toEqual([
        400,
        'invalid_request',
      ]);
    }
  });

  it('answers 503 push_unavailable to a subscription when the relay does not push', async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    const response = await subscribe(relay, phone, browserSubscription());
    expect([response.statusCode, response.json().error]).toEqual([503, 'push_unavailable']);
  });

  it('removes a device’s subscription with the device', async () => {
    const relay = await injectRelay({}, { push: ON });
    const phone = await relay.pair('app', 'Phone');
    await subscribe(relay, phone, browserSubscription());
    const removed = await relay.app.inject({
      method: 'DELETE',
      url: `/v1/devices/${phone.deviceId}`,
      headers: auth(relay.daemon),
    });
    expect(removed.statusCode).toBe(204);
    expect(await relay.store.pushSubscriptionsOf(relay.daemon.accountId)).toEqual([]);
  });
});

describe('pushes from the routes', () => {
  it('stores and answers a call without waiting for its pushes, and pushes again when it ends', async () => {
    const service = silentPushService();
    const relay = await injectRelay({}, { push: { ...ON, transport: service.transport } });
    const phone = await relay.pair('app', 'Phone');
    const subscription = browserSubscription();
    await subscribe(relay, phone, subscription);

    // The push service never answers: the post is answered all the same.
    expect((await relay.postEvent('evt-1')).statusCode).toBe(201);
    await expect.poll(() => service.endpoints).toEqual([subscription.endpoint]);
    // A repeat of the post rings nobody again.
    expect((await relay.postEvent('evt-1')).statusCode).toBe(200);

    const declined = await relay.app.inject({
      method: 'POST',
      url: '/v1/events/evt-1/status',
      headers: auth(phone),
      payload: { status: 'rejected' },
    });
    expect(declined.statusCode).toBe(200);
    await expect.poll(() => service.endpoints).toHaveLength(2);
  });
});

describe('a subscription its push service refuses', () => {
  it('is dropped after one retry, and the device is told the relay holds none', async () => {
    let refusals = 0;
    const transport: PushTransport = {
      deliver: async () => {
        refusals += 1;
        return { status: 403, retryAfterMs: null };
      },
      close: async () => {},
    };
    const relay = await injectRelay({}, { push: { ...ON, transport } });
    const phone = await relay.pair('app', 'Phone');
    const subscription = browserSubscription();
    await subscribe(relay, phone, subscription);
    expect((await held(relay, phone)).json()).toEqual({ endpoint: subscription.endpoint });
    await relay.postEvent('evt-1');
    await expect
      .poll(async () => (await held(relay, phone)).json(), { timeout: 10_000 })
      .toEqual({
        endpoint: null,
      });
    expect(refusals).toBe(2);
  });
});

describe('GET /v1/events/:eventId', () => {
  it('answers the call as the stream and the pending list carry it', async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    await relay.postEvent('evt-1');
    const pending = await relay.app.inject({
      method: 'GET',
      url: '/v1/events/pending',
      headers: auth(phone),
    });
    const one = await relay.app.inject({ method: 'GET', url: '/v1/events/evt-1', headers: auth(phone) });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(pending.json().events[0]);
    expect(one.json()).toMatchObject({
      eventId: 'evt-1',
      status: 'pending',
      sealed: expect.stringMatching(/^e1\./),
    });
  });

  it('answers an ended call without its ciphertext, saying who ended it', async () => {
    const relay = await injectRelay();
    const phone = await relay.pair('app', 'Phone');
    await relay.postEvent('evt-1');
    await relay.app.inject({
      method: 'POST',
      url: '/v1/events/evt-1/status',
      headers: auth(phone),
      payload: { status: 'rejected' },
    });
    const ended = await relay.app.inject({ method: 'GET', url: '/v1/events/evt-1', headers: auth(phone) });
    expect(ended.json()).toMatchObject({
      eventId: 'evt-1',
      status: 'rejected',
      sealed: null,
      handledBy: { deviceId: phone.deviceId, name: 'Phone' },
    });
  });

  it('answers 404 event_not_found for an unknown call and for another account’s', async () => {
    const relay = await injectRelay();
    const other = await relay.app.inject({
      method: 'POST',
      url: '/v1/accounts',
      payload: { kind: 'daemon', name: 'Theirs' },
    });
    expect((await relay.postEvent('theirs', other.json() as DeviceCredentials)).statusCode).toBe(201);
    for (const eventId of ['nope', 'theirs']) {
      const response = await relay.app.inject({
        method: 'GET',
        url: `/v1/events/${eventId}`,
        headers: auth(relay.daemon),
      });
      expect([response.statusCode, response.json().error], eventId).toEqual([404, 'event_not_found']);
    }
  });
});
