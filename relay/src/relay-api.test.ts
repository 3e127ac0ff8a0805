import type { DeviceCredentials } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AttemptLimiter } from './auth/attempt-limiter';
import { buildRelay } from './build-relay';
import { DaemonLinks } from './link/daemon-links';
import { createSilentRelayLogger } from './relay-logger';
import { openSqliteRelayStore } from './storage/sqlite-relay-store';
import { StreamHub } from './stream/stream-hub';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const CLAIM = 'ABCD-EFGH-JKLM-NPQR';

async function relay(options: { open?: boolean; now?: () => number } = {}) {
  const app = await buildRelay({
    store: await openSqliteRelayStore(':memory:'),
    hub: new StreamHub(),
    links: new DaemonLinks(),
    logger: createSilentRelayLogger(),
    signup: { open: options.open ?? false, claimCode: () => CLAIM },
    attempts: new AttemptLimiter({ limit: 5, windowMs: 60_000 }),
    now: options.now ?? Date.now,
    heartbeatMs: 50,
  });
  apps.push(app);
  return app;
}

const auth = (device: DeviceCredentials) => ({ authorization: `Bearer ${device.deviceToken}` });

async function createAccount(app: FastifyInstance, kind: 'daemon' | 'app' = 'daemon', name = 'Laptop') {
  const response = await app.inject({ method: 'POST', url: '/v1/accounts', payload: { kind, name } });
  expect(response.statusCode).toBe(201);
  return response.json() as DeviceCredentials;
}

async function pair(app: FastifyInstance, by: DeviceCredentials, kind: 'daemon' | 'app', name: string) {
  const code = (await app.inject({ method: 'POST', url: '/v1/pairing-codes', headers: auth(by) })).json()
    .code;
  const joined = await app.inject({
    method: 'POST',
    url: '/v1/pairing-codes/redeem',
    payload: { code, kind, name },
  });
  expect(joined.statusCode).toBe(201);
  return joined.json() as DeviceCredentials;
}

const event = (eventId: string, extra: object = {}) => ({
  eventId,
  source: 'claude-code',
  occurredAt: '2026-11-23T10:00:00.000Z',
  sealed: `e1.abcdefghijkl.${eventId}.c2VhbGVk`,
  ...extra,
});

describe('accounts on a private relay', () => {
  it('takes its first account only with the claim code, then no more', async () => {
    const app = await relay();
    const post = (payload: object) => app.inject({ method: 'POST', url: '/v1/accounts', payload });
    expect((await post({ kind: 'daemon', name: 'Laptop' })).json()).toMatchObject({
      error: 'claim_code_required',
    });
    const wrong = await post({ kind: 'daemon', name: 'Laptop', claimCode: 'WRONG-CODE' });
    expect([wrong.statusCode, wrong.json().error]).toEqual([403, 'invalid_claim_code']);

    const owner = await post({ kind: 'daemon', name: 'Laptop', claimCode: CLAIM.toLowerCase() });
    expect(owner.statusCode).toBe(201);
    expect(owner.json().deviceToken).toMatch(/^dev_[A-Za-z0-9_-]{43}$/);

    const second = await post({ kind: 'daemon', name: 'Other', claimCode: CLAIM });
    expect([second.statusCode, second.json().error]).toEqual([403, 'signup_closed']);
  });

  it('stops guessing of the claim code', async () => {
    const app = await relay();
    for (let i = 0; i < 5; i++)
      await app.inject({
        method: 'POST',
        url: '/v1/accounts',
        payload: { kind: 'app', name: 'x', claimCode: `NOPE${i}` },
      });
    const right = await app.inject({
      method: 'POST',
      url: '/v1/accounts',
      payload: { kind: 'app', name: 'x', claimCode: CLAIM },
    });
    expect([right.statusCode, right.json().error]).toEqual([429, 'too_many_attempts']);
  });

  it('lets anyone create an account with open signup', async () => {
    const app = await relay({ open: true });
    const first = await createAccount(app);
    const second = await createAccount(app);
    expect(second.accountId).not.toBe(first.accountId);
  });
});

describe('devices and pairing', () => {
  it('joins a device by a 6-digit code once, and lists, renames and removes devices', async () => {
    const app = await relay({ open: true });
    const laptop = await createAccount(app);
    const codeResponse = await app.inject({
      method: 'POST',
      url: '/v1/pairing-codes',
      headers: auth(laptop),
    });
    expect(codeResponse.statusCode).toBe(201);
    const { code, expiresAt } = codeResponse.json();
    expect(code).toMatch(/^\d{6}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);

    const redeem = () =>
      app.inject({
        method: 'POST',
        url: '/v1/pairing-codes/redeem',
        payload: { code, kind: 'app', name: 'Phone' },
      });
    const phone = (await redeem()).json() as DeviceCredentials;
    expect(phone.accountId).toBe(laptop.accountId);
    expect((await redeem()).json()).toMatchObject({ error: 'invalid_pairing_code' });

    const list = (await app.inject({ method: 'GET', url: '/v1/devices', headers: auth(phone) })).json();
    expect(list.devices.map((d: { name: string; current: boolean }) => [d.name, d.current])).toEqual([
      ['Laptop', false],
      ['Phone', true],
    ]);
    const renamed = await app.inject({
      method: 'PATCH',
      url: `/v1/devices/${phone.deviceId}`,
      headers: auth(laptop),
      payload: { name: "Anna's phone" },
    });
    expect(renamed.json()).toMatchObject({ name: "Anna's phone" });

    const removed = await app.inject({
      method: 'DELETE',
      url: `/v1/devices/${phone.deviceId}`,
      headers: auth(laptop),
    });
    expect(removed.statusCode).toBe(204);
    const after = await app.inject({ method: 'GET', url: '/v1/devices', headers: auth(phone) });
    expect([after.statusCode, after.json().error]).toEqual([401, 'unauthorized']);
  });

  it('refuses an expired code', async () => {
    let now = Date.now();
    const app = await relay({ open: true, now: () => now });
    const laptop = await createAccount(app);
    const { code } = (
      await app.inject({ method: 'POST', url: '/v1/pairing-codes', headers: auth(laptop) })
    ).json();
    now += 10 * 60_000 + 1;
    const late = await app.inject({
      method: 'POST',
      url: '/v1/pairing-codes/redeem',
      payload: { code, kind: 'app', name: 'P' },
    });
    expect([late.statusCode, late.json().error]).toEqual([422, 'invalid_pairing_code']);
  });

  it('cannot be brute-forced: after 5 wrong codes even the right one is refused for a while', async () => {
    const app = await relay({ open: true });
    const laptop = await createAccount(app);
    const { code } = (
      await app.inject({ method: 'POST', url: '/v1/pairing-codes', headers: auth(laptop) })
    ).json();
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const guess = await app.inject({
        method: 'POST',
        url: '/v1/pairing-codes/redeem',
        payload: { code: wrong, kind: 'app', name: 'x' },
      });
      expect(guess.statusCode).toBe(422);
    }
    const right = await app.inject({
      method: 'POST',
      url: '/v1/pairing-codes/redeem',
      payload: { code, kind: 'app', name: 'x' },
    });
    expect([right.statusCode, right.json().error]).toEqual([429, 'too_many_attempts']);
  });
});

describe('every authenticated endpoint', () => {
  const endpoints = [
    ['GET', '/v1/devices'],
    ['PATCH', '/v1/devices/x'],
    ['DELETE', '/v1/devices/x'],
    ['POST', '/v1/pairing-codes'],
    ['POST', '/v1/daemon/events'],
    ['POST', '/v1/daemon/tracker-reports'],
    ['GET', '/v1/events/pending'],
    ['POST', '/v1/events/x/status'],
    ['GET', '/v1/stream'],
    ['POST', '/v1/events/x/replies'],
    ['POST', '/v1/devices/x/settings'],
    ['GET', '/v1/daemon/link'],
  ] as const;

  it('answers 401 to a missing, malformed or unknown token', async () => {
    const app = await relay({ open: true });
    for (const [method, url] of endpoints) {
      for (const authorization of [undefined, 'Bearer', 'Basic abc', 'Bearer dev_unknown-token-0123456789']) {
        const response = await app.inject({ method, url, headers: authorization ? { authorization } : {} });
        expect([method, url, authorization, response.statusCode]).toEqual([method, url, authorization, 401]);
      }
    }
  });

  it('answers 413 to a body over its limit and 400 naming the field to one off its schema', async () => {
    const app = await relay({ open: true });
    const daemon = await createAccount(app);
    const big = await app.inject({
      method: 'PATCH',
      url: `/v1/devices/${daemon.deviceId}`,
      headers: { ...auth(daemon), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(70 * 1024) }),
    });
    expect([big.statusCode, big.json().error]).toEqual([413, 'payload_too_large']);
    const tooBigEvent = await app.inject({
      method: 'POST',
      url: '/v1/daemon/events',
      headers: auth(daemon),
      payload: event('e-big', { sealed: `e1.${'A'.repeat(5 * 1024 * 1024)}` }),
    });
    expect(tooBigEvent.statusCode).toBe(413);
    const bad = await app.inject({
      method: 'POST',
      url: '/v1/daemon/events',
      headers: auth(daemon),
      payload: { eventId: 'e1' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'invalid_request' });
    const malformed = await app.inject({
      method: 'POST',
      url: '/v1/pairing-codes/redeem',
      headers: { 'content-type': 'application/json' },
      payload: '{"code": ',
    });
    expect([malformed.statusCode, malformed.json().error]).toEqual([400, 'invalid_request']);
  });
});

describe('events and calls', () => {
  it('stores a sealed event once, however often the daemon repeats it', async () => {
    const app = await relay({ open: true });
    const daemon = await createAccount(app);
    const post = () =>
      app.inject({
        method: 'POST',
        url: '/v1/daemon/events',
        headers: auth(daemon),
        payload: event('evt-1'),
      });
    expect((await post()).json()).toEqual({ eventId: 'evt-1', repeat: false });
    const again = await post();
    expect([again.statusCode, again.json()]).toEqual([200, { eventId: 'evt-1', repeat: true }]);
    const pending = (
      await app.inject({ method: 'GET', url: '/v1/events/pending', headers: auth(daemon) })
    ).json();
    expect(pending.events).toHaveLength(1);
    expect(pending.events[0]).toMatchObject({
      eventId: 'evt-1',
      status: 'pending',
      sealed: event('evt-1').sealed,
    });
  });

  it('lets only daemons post events', async () => {
    const app = await relay({ open: true });
    const phone = await createAccount(app, 'app', 'Phone');
    const response = await app.inject({
      method: 'POST',
      url: '/v1/daemon/events',
      headers: auth(phone),
      payload: event('evt-1'),
    });
    expect([response.statusCode, response.json().error]).toEqual([403, 'daemon_only']);
  });

  it('rings once per tracker task across the computers of an account', async () => {
    const app = await relay({ open: true });
    const laptop = await createAccount(app);
    const desktop = await pair(app, laptop, 'daemon', 'Desktop');
    const report = (id: string) => ({ ...event(id), source: 'tracker', taskId: 'task-42' });
    const first = await app.inject({
      method: 'POST',
      url: '/v1/daemon/tracker-reports',
      headers: auth(laptop),
      payload: report('t-1'),
    });
    expect(first.statusCode).toBe(201);
    const second = await app.inject({
      method: 'POST',
      url: '/v1/daemon/tracker-reports',
      headers: auth(desktop),
      payload: report('t-2'),
    });
    expect([second.statusCode, second.json().error]).toEqual([409, 'duplicate_task']);
    const elsewhere = await createAccount(app, 'daemon', 'Someone else');
    const other = await app.inject({
      method: 'POST',
      url: '/v1/daemon/tracker-reports',
      headers: auth(elsewhere),
      payload: report('t-1'),
    });
    expect(other.statusCode).toBe(201);
  });

  it('gives a call to the first device that answers, and erases it when it ends', async () => {
    const app = await relay({ open: true });
    const daemon = await createAccount(app);
    const phone = await pair(app, daemon, 'app', 'Phone');
    const desktop = await pair(app, daemon, 'app', 'Desktop');
    await app.inject({
      method: 'POST',
      url: '/v1/daemon/events',
      headers: auth(daemon),
      payload: event('evt-1'),
    });
    const status = (device: DeviceCredentials, value: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/events/evt-1/status',
        headers: auth(device),
        payload: { status: value },
      });

    expect((await status(phone, 'answered')).json()).toEqual({
      eventId: 'evt-1',
      status: 'answered',
      handledBy: { deviceId: phone.deviceId, name: 'Phone' },
    });
    const late = await status(desktop, 'answered');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({
      error: 'call_taken',
      handledBy: { deviceId: phone.deviceId, name: 'Phone' },
    });
    expect((await status(desktop, 'completed')).statusCode).toBe(409);

    expect((await status(phone, 'completed')).json()).toMatchObject({ status: 'completed' });
    const pending = (
      await app.inject({ method: 'GET', url: '/v1/events/pending', headers: auth(daemon) })
    ).json();
    expect(pending.events).toEqual([]);
  });

  it('takes a reply only from the device that answered the call, so the agent is resumed once', async () => {
    const app = await relay({ open: true });
    const daemon = await createAccount(app);
    const phone = await pair(app, daemon, 'app', 'Phone');
    const desktop = await pair(app, daemon, 'app', 'Desktop');
    await app.inject({
      method: 'POST',
      url: '/v1/daemon/events',
      headers: auth(daemon),
      payload: event('evt-1'),
    });
    const reply = (device: DeviceCredentials, replyId: string) =>
      app.inject({
        method: 'POST',
        url: '/v1/events/evt-1/replies',
        headers: auth(device),
        payload: { replyId, sealed: 'e1.abcdefghijkl.iv.c2VhbGVk' },
      });

    const unanswered = await reply(phone, 'r-0');
    expect([unanswered.statusCode, unanswered.json().error]).toEqual([403, 'not_call_answerer']);
    await app.inject({
      method: 'POST',
      url: '/v1/events/evt-1/status',
      headers: auth(phone),
      payload: { status: 'answered' },
    });
    const loser = await reply(desktop, 'r-1');
    expect(loser.statusCode).toBe(403);
    expect(loser.json()).toMatchObject({
      error: 'not_call_answerer',
      message: 'only Phone, which answered this call, may reply to it',
      handledBy: { deviceId: phone.deviceId, name: 'Phone' },
    });
    expect((await reply(phone, 'r-2')).statusCode).toBe(201);
  });

  it('gives a call back to the others when the device that answered it is removed', async () => {
    const app = await relay({ open: true });
    const daemon = await createAccount(app);
    const phone = await pair(app, daemon, 'app', 'Phone');
    const desktop = await pair(app, daemon, 'app', 'Desktop');
    await app.inject({
      method: 'POST',
      url: '/v1/daemon/events',
      headers: auth(daemon),
      payload: event('evt-1'),
    });
    const answer = (device: DeviceCredentials) =>
      app.inject({
        method: 'POST',
        url: '/v1/events/evt-1/status',
        headers: auth(device),
        payload: { status: 'answered' },
      });
    expect((await answer(phone)).statusCode).toBe(200);
    await app.inject({ method: 'DELETE', url: `/v1/devices/${phone.deviceId}`, headers: auth(desktop) });
    const pending = (
      await app.inject({ method: 'GET', url: '/v1/events/pending', headers: auth(desktop) })
    ).json();
    expect(pending.events[0]).toMatchObject({ eventId: 'evt-1', status: 'pending', handledBy: null });
    expect((await answer(desktop)).json()).toMatchObject({
      status: 'answered',
      handledBy: { name: 'Desktop' },
    });
  });

  it('never lets a device of another account see or answer an event', async () => {
    const app = await relay({ open: true });
    const daemon = await createAccount(app);
    await app.inject({
      method: 'POST',
      url: '/v1/daemon/events',
      headers: auth(daemon),
      payload: event('evt-1'),
    });
    const stranger = await createAccount(app, 'app', 'Stranger');
    const pending = (
      await app.inject({ method: 'GET', url: '/v1/events/pending', headers: auth(stranger) })
    ).json();
    expect(pending.events).toEqual([]);
    const answer = await app.inject({
      method: 'POST',
      url: '/v1/events/evt-1/status',
      headers: auth(stranger),
      payload: { status: 'answered' },
    });
    expect([answer.statusCode, answer.json().error]).toEqual([404, 'event_not_found']);
    const rename = await app.inject({
      method: 'PATCH',
      url: `/v1/devices/${daemon.deviceId}`,
      headers: auth(stranger),
      payload: { name: 'mine now' },
    });
    expect(rename.statusCode).toBe(404);
    const foreignReply = await app.inject({
      method: 'POST',
      url: '/v1/events/evt-1/replies',
      headers: auth(stranger),
      payload: { replyId: 'r-x', sealed: 'e1.abc' },
    });
    expect([foreignReply.statusCode, foreignReply.json().error]).toEqual([404, 'event_not_found']);
  });
});
