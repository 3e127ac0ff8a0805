import {
  Aad,
  open,
  type SealingKey,
  type SettingsRequestPlaintext,
  seal,
  sealingKeyFromText,
} from '@ringback/protocol';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRelayClient, redeemPairingCode } from './relay-client';
import { RelayError, RelayUnauthorizedError } from './relay-error';
import { KEY, relayedEvent, SERVER, TOKEN } from './test-support';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
let sealingKey: SealingKey;
beforeAll(async () => {
  sealingKey = await sealingKeyFromText(KEY);
});

const client = () => createRelayClient({ server: `${SERVER}/`, token: TOKEN });
const error = (status: number, code: string, extra: object = {}) =>
  HttpResponse.json({ error: code, message: `says ${code}`, ...extra }, { status });

async function rejection(promise: Promise<unknown>): Promise<RelayError> {
  try {
    await promise;
  } catch (thrown) {
    expect(thrown).toBeInstanceOf(RelayError);
    return thrown as RelayError;
  }
  throw new Error('did not fail');
}

const DEVICE = {
  deviceId: 'd1',
  kind: 'app',
  name: 'Phone',
  createdAt: '2026-11-23T10:00:00.000Z',
  lastSeenAt: null,
  current: true,
};

describe('redeemPairingCode', () => {
  it('joins without a token and returns the credentials', async () => {
    let seen: { auth: string | null; body: unknown } | null = null;
    server.use(
      http.post(`${SERVER}/v1/pairing-codes/redeem`, async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() };
        return HttpResponse.json({ accountId: 'a', deviceId: 'd', deviceToken: TOKEN }, { status: 201 });
      }),
    );
    const credentials = await redeemPairingCode(SERVER, { code: '123456', kind: 'app', name: 'Phone' });
    expect(credentials).toEqual({ accountId: 'a', deviceId: 'd', deviceToken: TOKEN });
    expect(seen).toEqual({ auth: null, body: { code: '123456', kind: 'app', name: 'Phone' } });
  });

  it("carries the relay's error code and message", async () => {
    server.use(http.post(`${SERVER}/v1/pairing-codes/redeem`, () => error(429, 'pairing_paused')));
    const failure = await rejection(redeemPairingCode(SERVER, { code: '123456', kind: 'app', name: 'P' }));
    expect([failure.status, failure.code, failure.message]).toEqual([
      429,
      'pairing_paused',
      'says pairing_paused',
    ]);
  });
});

describe('the device calls', () => {
  it('send the bearer token and parse the answers', async () => {
    const auth: (string | null)[] = [];
    server.use(
      http.get(`${SERVER}/v1/devices`, ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return HttpResponse.json({ devices: [DEVICE] });
      }),
      http.patch(`${SERVER}/v1/devices/d1`, async ({ request }) =>
        HttpResponse.json({ ...DEVICE, ...((await request.json()) as object) }),
      ),
      http.delete(`${SERVER}/v1/devices/d1`, () => new HttpResponse(null, { status: 204 })),
    );
    expect(await client().listDevices()).toEqual([DEVICE]);
    expect(auth).toEqual([`Bearer ${TOKEN}`]);
    expect((await client().renameDevice('d1', 'Kitchen')).name).toBe('Kitchen');
    expect(await client().removeDevice('d1')).toBeUndefined();
  });

  it('turns 401 into RelayUnauthorizedError', async () => {
    server.use(http.get(`${SERVER}/v1/devices`, () => error(401, 'unauthorized')));
    const failure = await rejection(client().listDevices());
    expect(failure).toBeInstanceOf(RelayUnauthorizedError);
    expect(failure.status).toBe(401);
  });

  it('reports an unreachable relay and a malformed answer', async () => {
    server.use(http.get(`${SERVER}/v1/devices`, () => HttpResponse.error()));
    expect((await rejection(client().listDevices())).code).toBe('network_error');
    server.use(http.get(`${SERVER}/v1/devices`, () => HttpResponse.json({ devices: [{ deviceId: 1 }] })));
    expect((await rejection(client().listDevices())).code).toBe('invalid_response');
    server.use(
      http.get(`${SERVER}/v1/devices`, () => new HttpResponse('<html>bad gateway', { status: 502 })),
    );
    const failure = await rejection(client().listDevices());
    expect([failure.status, failure.code]).toEqual([502, 'http_error']);
  });
});

describe('pendingEvents', () => {
  it('reads every page and keeps the latestId of the first', async () => {
    const afters: (string | null)[] = [];
    server.use(
      http.get(`${SERVER}/v1/events/pending`, ({ request }) => {
        const after = new URL(request.url).searchParams.get('after');
        afters.push(after);
        if (after === null)
          return HttpResponse.json({ events: [relayedEvent('e1')], latestId: 7, next: '1.7' });
        if (after === '1.7')
          return HttpResponse.json({ events: [relayedEvent('e2')], latestId: 7, next: '2.7' });
        return HttpResponse.json({ events: [relayedEvent('e3')], latestId: 9 });
      }),
    );
    const pending = await client().pendingEvents();
    expect(pending.events.map((event) => event.eventId)).toEqual(['e1', 'e2', 'e3']);
    expect(pending.latestId).toBe(7);
    expect(afters).toEqual([null, '1.7', '2.7']);
  });
});

describe('writeStatus', () => {
  it('returns the change when this device wins', async () => {
    server.use(
      http.post(`${SERVER}/v1/events/e1/status`, async ({ request }) =>
        HttpResponse.json({
          eventId: 'e1',
          ...((await request.json()) as object),
          handledBy: { deviceId: 'd1', name: 'Phone' },
        }),
      ),
    );
    expect(await client().writeStatus('e1', 'answered')).toEqual({
      ok: true,
      change: { eventId: 'e1', status: 'answered', handledBy: { deviceId: 'd1', name: 'Phone' } },
    });
  });

  it('says who has the call on 409 call_taken, and throws other errors', async () => {
    server.use(
      http.post(`${SERVER}/v1/events/e1/status`, () =>
        error(409, 'call_taken', { handledBy: { deviceId: 'd2', name: 'Laptop' } }),
      ),
      http.post(`${SERVER}/v1/events/e2/status`, () => error(409, 'call_taken')),
      http.post(`${SERVER}/v1/events/e3/status`, () => error(404, 'event_not_found')),
    );
    expect(await client().writeStatus('e1', 'answered')).toEqual({
      ok: false,
      reason: 'call_taken',
      handledBy: { deviceId: 'd2', name: 'Laptop' },
      message: 'says call_taken',
    });
    expect(await client().writeStatus('e2', 'acknowledged')).toMatchObject({ ok: false, handledBy: null });
    const failure = await rejection(client().writeStatus('e3', 'rejected'));
    expect([failure.status, failure.code]).toEqual([404, 'event_not_found']);
  });
});

describe('getEvent', () => {
  it('reads one call as the relay has it now', async () => {
    const event = relayedEvent('e1', { status: 'rejected', handledBy: { deviceId: 'd2', name: 'Laptop' } });
    server.use(http.get(`${SERVER}/v1/events/e1`, () => HttpResponse.json(event)));
    expect(await client().getEvent('e1')).toEqual(event);
  });
});

describe('renewLease', () => {
  it('says whether this device still holds the answered call, and throws other errors', async () => {
    let auth: string | null = null;
    server.use(
      http.post(`${SERVER}/v1/events/e1/lease`, ({ request }) => {
        auth = request.headers.get('authorization');
        return new HttpResponse(null, { status: 204 });
      }),
      http.post(`${SERVER}/v1/events/e2/lease`, () =>
        error(409, 'call_taken', { handledBy: { deviceId: 'd2', name: 'Laptop' } }),
      ),
      http.post(`${SERVER}/v1/events/e3/lease`, () => error(404, 'event_not_found')),
    );
    expect(await client().renewLease('e1')).toEqual({ held: true });
    expect(auth).toBe(`Bearer ${TOKEN}`);
    expect(await client().renewLease('e2')).toEqual({
      held: false,
      handledBy: { deviceId: 'd2', name: 'Laptop' },
    });
    const failure = await rejection(client().renewLease('e3'));
    expect([failure.status, failure.code]).toEqual([404, 'event_not_found']);
  });
});

describe('sendReply', () => {
  it('posts the sealed reply and returns its state', async () => {
    const state = { replyId: 'r1', eventId: 'e1', status: 'queued', failure: null, error: null };
    let body: unknown;
    server.use(
      http.post(`${SERVER}/v1/events/e1/replies`, async ({ request }) => {
        body = await request.json();
        return HttpResponse.json(state, { status: 201 });
      }),
    );
    expect(await client().sendReply('e1', { replyId: 'r1', sealed: 'e1.x' })).toEqual(state);
    expect(body).toEqual({ replyId: 'r1', sealed: 'e1.x' });
  });
});

describe('relaySettingsRequest', () => {
  it('seals the request for the daemon and opens its answer', async () => {
    const seen: { request?: SettingsRequestPlaintext } = {};
    server.use(
      http.post(`${SERVER}/v1/devices/daemon-1/settings`, async ({ request: http }) => {
        const { requestId, sealed } = (await http.json()) as { requestId: string; sealed: string };
        expect(requestId).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
        // Sealed for the computer it is sent to: no other computer of the account opens it.
        seen.request = JSON.parse(await open(KEY, sealed, Aad.settingsRequest('daemon-1', requestId)));
        const answer = await seal(
          KEY,
          JSON.stringify({ status: 200, body: { model: 'm' } }),
          Aad.settingsResult(requestId),
        );
        return HttpResponse.json({ requestId, sealed: answer });
      }),
    );
    const before = Date.now();
    const result = await client().relaySettingsRequest('daemon-1', sealingKey, {
      method: 'PUT',
      path: '/llm/settings',
      body: { model: 'm' },
    });
    expect(result).toEqual({ status: 200, body: { model: 'm' } });
    expect(seen.request).toMatchObject({ method: 'PUT', path: '/llm/settings', body: { model: 'm' } });
    expect(seen.request?.issuedAt).toBeGreaterThanOrEqual(before);
  });

  it('refuses an answer sealed for another request, and passes relay errors on', async () => {
    server.use(
      http.post(`${SERVER}/v1/devices/daemon-1/settings`, async ({ request }) => {
        const { requestId } = (await request.json()) as { requestId: string };
        // Sealed under the AAD of another request: a relay swapping answers.
        const answer = await seal(
          KEY,
          JSON.stringify({ status: 200, body: {} }),
          Aad.settingsResult('other'),
        );
        return HttpResponse.json({ requestId, sealed: answer });
      }),
      http.post(`${SERVER}/v1/devices/daemon-2/settings`, () => error(503, 'device_offline')),
    );
    const swapped = await rejection(
      client().relaySettingsRequest('daemon-1', sealingKey, { method: 'GET', path: '/status' }),
    );
    expect(swapped.code).toBe('undecryptable_response');
    const offline = await rejection(
      client().relaySettingsRequest('daemon-2', sealingKey, { method: 'GET', path: '/status' }),
    );
    expect([offline.status, offline.code]).toEqual([503, 'device_offline']);
  });
});

describe('push', () => {
  const SUBSCRIPTION = {
    endpoint: 'https://push.example/send/abc',
    expirationTime: null,
    keys: { p256dh: `B${'p'.repeat(86)}`, auth: 'YXV0aHNlY3JldDEyMzQ1Ng' },
  };

  it("reads the relay's VAPID key, posts this device's subscription and deletes it, with the token", async () => {
    const seen: { method: string; auth: string | null; body: unknown }[] = [];
    const record = async (request: Request) => {
      const text = await request.text();
      seen.push({
        method: request.method,
        auth: request.headers.get('authorization'),
        body: text ? JSON.parse(text) : null,
      });
    };
    server.use(
      http.get(`${SERVER}/v1/push/key`, async ({ request }) => {
        await record(request);
        return HttpResponse.json({ publicKey: 'BKey' });
      }),
      http.post(`${SERVER}/v1/push/subscription`, async ({ request }) => {
        await record(request);
        return new HttpResponse(null, { status: 204 });
      }),
      http.delete(`${SERVER}/v1/push/subscription`, async ({ request }) => {
        await record(request);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    expect(await client().pushKey()).toEqual({ publicKey: 'BKey' });
    expect(await client().subscribePush(SUBSCRIPTION)).toBeUndefined();
    expect(await client().unsubscribePush()).toBeUndefined();
    expect(seen).toEqual([
      { method: 'GET', auth: `Bearer ${TOKEN}`, body: null },
      { method: 'POST', auth: `Bearer ${TOKEN}`, body: SUBSCRIPTION },
      { method: 'DELETE', auth: `Bearer ${TOKEN}`, body: null },
    ]);
  });

  it("carries the relay's reason when it sends no pushes, and refuses a key of the wrong shape", async () => {
    server.use(
      http.get(`${SERVER}/v1/push/key`, () =>
        HttpResponse.json(
          { error: 'push_unavailable', message: 'set --public-url to an https address' },
          { status: 503 },
        ),
      ),
    );
    const unavailable = await rejection(client().pushKey());
    expect([unavailable.status, unavailable.code, unavailable.message]).toEqual([
      503,
      'push_unavailable',
      'set --public-url to an https address',
    ]);
    server.use(http.get(`${SERVER}/v1/push/key`, () => HttpResponse.json({ key: 'BKey' })));
    expect((await rejection(client().pushKey())).code).toBe('invalid_response');
  });

  it('reads back the endpoint the relay holds for this device, or none', async () => {
    let held: string | null = 'https://push.example/send/1';
    const auth: (string | null)[] = [];
    server.use(
      http.get(`${SERVER}/v1/push/subscription`, ({ request }) => {
        auth.push(request.headers.get('authorization'));
        return HttpResponse.json({ endpoint: held });
      }),
    );
    expect(await client().pushSubscription()).toEqual({ endpoint: 'https://push.example/send/1' });
    held = null;
    expect(await client().pushSubscription()).toEqual({ endpoint: null });
    expect(auth).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`]);
    server.use(http.get(`${SERVER}/v1/push/subscription`, () => HttpResponse.json({ endpoints: [] })));
    expect((await rejection(client().pushSubscription())).code).toBe('invalid_response');
  });

  it("carries the relay's refusal of an endpoint another account holds", async () => {
    server.use(http.post(`${SERVER}/v1/push/subscription`, () => error(409, 'push_endpoint_taken')));
    const taken = await rejection(client().subscribePush(SUBSCRIPTION));
    expect([taken.status, taken.code]).toEqual([409, 'push_endpoint_taken']);
  });

  it("carries the relay's refusal of a subscription endpoint", async () => {
    server.use(http.post(`${SERVER}/v1/push/subscription`, () => error(422, 'push_endpoint_refused')));
    const refused = await rejection(client().subscribePush(SUBSCRIPTION));
    expect([refused.status, refused.code]).toEqual([422, 'push_endpoint_refused']);
  });
});
