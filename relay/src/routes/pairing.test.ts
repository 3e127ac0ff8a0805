import type { DeviceCredentials } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AttemptLimiter } from '../auth/attempt-limiter';
import { CLAIM_GUESS_BUDGET, PAIRING_GUESS_BUDGET } from '../auth/code-ceilings';
import { buildRelay } from '../build-relay';
import type { TrustProxy } from '../http/trust-proxy';
import { DaemonLinks } from '../link/daemon-links';
import { createSilentRelayLogger } from '../relay-logger';
import { openSqliteRelayStore } from '../storage/sqlite-relay-store';
import { StreamHub } from '../stream/stream-hub';
import { MAX_APP_DEVICES_PER_ACCOUNT, MAX_LIVE_CODES_PER_ACCOUNT } from './pairing';
import { auth, injectRelay } from './relay-fixture';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

const CLAIM = 'ABCD-EFGH-JKLM-NPQR';

async function relay(
  options: { trustProxy?: TrustProxy; open?: boolean; maxAppDevicesPerAccount?: number } = {},
) {
  let now = Date.parse('2026-11-23T10:00:00.000Z');
  const clock = () => now;
  const app = await buildRelay({
    store: await openSqliteRelayStore(':memory:'),
    hub: new StreamHub(),
    links: new DaemonLinks(),
    logger: createSilentRelayLogger(),
    signup: { open: options.open ?? true, claimCode: () => CLAIM },
    attempts: new AttemptLimiter({ limit: 5, windowMs: 10 * 60_000, now: clock }),
    now: clock,
    heartbeatMs: 1000,
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
    ...(options.maxAppDevicesPerAccount === undefined
      ? {}
      : { maxAppDevicesPerAccount: options.maxAppDevicesPerAccount }),
  });
  apps.push(app);
  return {
    app,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

async function owner(app: FastifyInstance): Promise<DeviceCredentials> {
  return (
    await app.inject({ method: 'POST', url: '/v1/accounts', payload: { kind: 'daemon', name: 'Laptop' } })
  ).json();
}

async function newCode(app: FastifyInstance, by: DeviceCredentials): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/v1/pairing-codes',
    headers: { authorization: `Bearer ${by.deviceToken}` },
  });
  expect(response.statusCode).toBe(201);
  return response.json().code;
}

/** A code other than `code`, the n-th of them. */
const wrong = (code: string, n: number) => String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');

function redeem(
  app: FastifyInstance,
  code: string,
  from: { remoteAddress?: string; forwardedFor?: string } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/v1/pairing-codes/redeem',
    payload: { code, kind: 'app', name: 'Phone' },
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
}

describe('pairing attempts are counted against the address the trusted proxy saw', () => {
  for (const trustProxy of [1, ['10.0.0.1'], ['10.0.0.0/8']] as TrustProxy[]) {
    it(`with RINGBACK_TRUST_PROXY ${JSON.stringify(trustProxy)}, a client rotating X-Forwarded-For gets 5 tries`, async () => {
      const { app } = await relay({ trustProxy });
      const code = await newCode(app, await owner(app));
      // The proxy (10.0.0.1) appends the address it saw (203.0.113.7) to what the client wrote.
      const through = (i: number) => ({
        remoteAddress: '10.0.0.1',
        forwardedFor: `198.51.100.${i}, 192.0.2.${i}, 203.0.113.7`,
      });
      for (let i = 0; i < 5; i++)
        expect((await redeem(app, wrong(code, i), through(i))).statusCode).toBe(422);
      const refused = await redeem(app, code, through(99));
      expect([refused.statusCode, refused.json().error]).toEqual([429, 'too_many_attempts']);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client behind the same proxy still may.
      const other = await redeem(app, code, { remoteAddress: '10.0.0.1', forwardedFor: '203.0.113.8' });
      expect(other.statusCode).toBe(201);
    });
  }

  it('without a trusted proxy, X-Forwarded-For is ignored: the socket address counts', async () => {
    const { app } = await relay();
    const code = await newCode(app, await owner(app));
    for (let i = 0; i < 5; i++)
      await redeem(app, wrong(code, i), { remoteAddress: '203.0.113.7', forwardedFor: `198.51.100.${i}` });
    const refused = await redeem(app, code, { remoteAddress: '203.0.113.7', forwardedFor: '198.51.100.99' });
    expect(refused.json().error).toBe('too_many_attempts');
  });

  it('a client that is not a listed proxy cannot speak for others', async () => {
    const { app } = await relay({ trustProxy: ['10.0.0.1'] });
    const code = await newCode(app, await owner(app));
    for (let i = 0; i < 5; i++)
      await redeem(app, wrong(code, i), { remoteAddress: '203.0.113.7', forwardedFor: `198.51.100.${i}` });
    expect((await redeem(app, code, { remoteAddress: '203.0.113.7' })).json().error).toBe(
      'too_many_attempts',
    );
  });

  it('counts a whole IPv6 /64 as one address, and an IPv4-mapped address as its IPv4 one', async () => {
    const { app } = await relay({ trustProxy: 1 });
    const code = await newCode(app, await owner(app));
    for (let i = 0; i < 5; i++)
      await redeem(app, wrong(code, i), { remoteAddress: '::1', forwardedFor: `2001:db8:7:7::${i + 1}` });
    const sameSlash64 = await redeem(app, code, {
      remoteAddress: '::1',
      forwardedFor: '2001:db8:7:7:abcd::9',
    });
    expect(sameSlash64.json().error).toBe('too_many_attempts');
    for (let i = 0; i < 5; i++)
      await redeem(app, wrong(code, 10 + i), { remoteAddress: '::1', forwardedFor: '::ffff:203.0.113.9' });
    expect(
      (await redeem(app, code, { remoteAddress: '::1', forwardedFor: '203.0.113.9' })).json().error,
    ).toBe('too_many_attempts');
    expect(
      (await redeem(app, code, { remoteAddress: '::1', forwardedFor: '2001:db8:7:8::1' })).statusCode,
    ).toBe(201);
  });
});

describe('the relay-wide ceiling on wrong pairing codes', () => {
  it('pauses joining by code for everyone once the wrong guesses of many addresses use up the budget', async () => {
    const { app, advance } = await relay({ trustProxy: 1 });
    const laptop = await owner(app);
    const code = await newCode(app, laptop);
    const from = (i: number) => ({
      remoteAddress: '10.0.0.1',
      forwardedFor: `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
    });
    // One live code: each wrong guess costs 1.
    for (let i = 0; i < PAIRING_GUESS_BUDGET; i++) {
      const response = await redeem(app, wrong(code, i), from(i));
      expect(response.statusCode, `guess ${i}`).toBe(422);
    }
    // The right code from a fresh address is refused too: nothing is checked while paused.
    const paused = await redeem(app, code, from(100_000));
    expect([paused.statusCode, paused.json().error]).toEqual([429, 'pairing_paused']);
    expect(paused.json().message).toMatch(/paused for everyone; try again in 10 min/);
    expect(Number(paused.headers['retry-after'])).toBe(600);

    advance(5 * 60_000);
    expect((await redeem(app, code, from(100_001))).headers['retry-after']).toBe('300');
    // Ten minutes on, the wrong guesses have left the window: joining by code works again.
    advance(5 * 60_000);
    expect((await redeem(app, await newCode(app, laptop), from(100_002))).statusCode).toBe(201);
  });

  it('still counts the codes made before a restart, so guesses cost as much after it', async () => {
    const store = await openSqliteRelayStore(':memory:');
    const clock = () => Date.parse('2026-11-23T10:00:00.000Z');
    const build = () =>
      buildRelay({
        store,
        hub: new StreamHub(),
        links: new DaemonLinks(),
        logger: createSilentRelayLogger(),
        signup: { open: true, claimCode: () => CLAIM },
        attempts: new AttemptLimiter({ limit: 5, windowMs: 10 * 60_000, now: clock }),
        now: clock,
        heartbeatMs: 1000,
        trustProxy: 1,
      });
    const before = await build();
    const laptop = await owner(before);
    const codes: string[] = [];
    for (let i = 0; i < MAX_LIVE_CODES_PER_ACCOUNT; i++) codes.push(await newCode(before, laptop));
    await before.close();

    const after = await build();
    apps.push(after);
    // Ten live codes: each wrong guess costs 10, so the budget allows a tenth as many.
    const guesses = PAIRING_GUESS_BUDGET / MAX_LIVE_CODES_PER_ACCOUNT;
    const taken = new Set(codes);
    let n = 0;
    const nextWrong = () => {
      let guess = wrong(codes[0] ?? '000000', n++);
      while (taken.has(guess)) guess = wrong(codes[0] ?? '000000', n++);
      return guess;
    };
    const from = (i: number) => ({ remoteAddress: '10.0.0.1', forwardedFor: `10.8.${i >> 8}.${i & 255}` });
    for (let i = 0; i < guesses; i++)
      expect((await redeem(after, nextWrong(), from(i))).statusCode).toBe(422);
    const paused = await redeem(after, codes[1] ?? '', from(9999));
    expect([paused.statusCode, paused.json().error]).toEqual([429, 'pairing_paused']);
  });

  it('lets the right code through without spending the budget', async () => {
    // More devices than an account may have by default: the budget is what is tested here.
    const { app } = await relay({ trustProxy: 1, maxAppDevicesPerAccount: PAIRING_GUESS_BUDGET + 5 });
    const laptop = await owner(app);
    for (let i = 0; i < PAIRING_GUESS_BUDGET + 5; i++) {
      const response = await redeem(app, await newCode(app, laptop), {
        remoteAddress: '10.0.0.1',
        forwardedFor: `10.9.${i >> 8}.${i & 255}`,
      });
      expect(response.statusCode).toBe(201);
    }
  });

  it('makes each wrong guess cost as many codes as are live', async () => {
    const { app } = await relay({ trustProxy: 1 });
    const laptops = [await owner(app), await owner(app), await owner(app)];
    const codes = [];
    for (const laptop of laptops) codes.push(await newCode(app, laptop));
    const budget = Math.floor(PAIRING_GUESS_BUDGET / codes.length);
    let checked = 0;
    for (let i = 0; i < PAIRING_GUESS_BUDGET; i++) {
      const guess = String(900_000 + i);
      if (codes.includes(guess)) continue;
      const response = await redeem(app, guess, {
        remoteAddress: '10.0.0.1',
        forwardedFor: `10.8.${i >> 8}.${i & 255}`,
      });
      if (response.statusCode === 429) break;
      checked++;
    }
    // Each of them cost 3: a third of the budget's guesses got checked.
    expect(checked).toBe(budget);
  });

  it('lets one account hold only a few live codes, so it cannot make guesses dear for everyone', async () => {
    const { app, advance } = await relay();
    const laptop = await owner(app);
    for (let i = 0; i < MAX_LIVE_CODES_PER_ACCOUNT; i++) await newCode(app, laptop);
    const more = await app.inject({
      method: 'POST',
      url: '/v1/pairing-codes',
      headers: { authorization: `Bearer ${laptop.deviceToken}` },
      payload: {},
    });
    expect([more.statusCode, more.json().error]).toEqual([429, 'too_many_attempts']);
    expect(more.headers['retry-after']).toBe('600');
    advance(10 * 60_000);
    await newCode(app, laptop);
  });
});

describe('the relay-wide ceiling on wrong claim codes', () => {
  it('pauses claiming once wrong claim codes from many addresses use up its budget', async () => {
    const { app } = await relay({ trustProxy: 1, open: false });
    const claim = (claimCode: string, i: number) =>
      app.inject({
        method: 'POST',
        url: '/v1/accounts',
        payload: { kind: 'daemon', name: 'Laptop', claimCode },
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}` },
      });
    for (let i = 0; i < CLAIM_GUESS_BUDGET; i++) expect((await claim(`WRONG-${i}`, i)).statusCode).toBe(403);
    const paused = await claim(CLAIM, CLAIM_GUESS_BUDGET);
    expect([paused.statusCode, paused.json().error]).toEqual([429, 'pairing_paused']);
    expect(paused.headers['retry-after']).toBe('600');
  });
});

describe('pairing schemas', () => {
  it('refuses fields on code creation and malformed codes, naming the field', async () => {
    const { app } = await relay();
    const laptop = await owner(app);
    const extra = await app.inject({
      method: 'POST',
      url: '/v1/pairing-codes',
      headers: { authorization: `Bearer ${laptop.deviceToken}` },
      payload: { ttl: 99999 },
    });
    expect(extra.statusCode).toBe(400);
    const bad = await redeem(app, '12345');
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'invalid_request']);
    expect(bad.json().message).toMatch(/^code/);
  });
});

describe('app devices per account', () => {
  it(`lets an account have ${MAX_APP_DEVICES_PER_ACCOUNT} app devices, refusing the next with 409 too_many_devices`, async () => {
    const relay = await injectRelay();
    const paired: DeviceCredentials[] = [];
    for (let i = 0; i < MAX_APP_DEVICES_PER_ACCOUNT; i++) paired.push(await relay.pair('app', `Phone ${i}`));
    expect(paired.every((device) => typeof device.deviceToken === 'string')).toBe(true);

    const redeem = async (kind: 'app' | 'daemon') => {
      const code = (
        await relay.app.inject({ method: 'POST', url: '/v1/pairing-codes', headers: auth(relay.daemon) })
      ).json().code as string;
      return relay.app.inject({
        method: 'POST',
        url: '/v1/pairing-codes/redeem',
        payload: { code, kind, name: 'One more' },
      });
    };
    const refused = await redeem('app');
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'too_many_devices']);
    expect(refused.json().message).toMatch(/remove one/);
    const apps = (await relay.store.listDevices(relay.daemon.accountId)).filter((d) => d.kind === 'app');
    expect(apps).toHaveLength(MAX_APP_DEVICES_PER_ACCOUNT);
    // A computer is not an app device: it still joins.
    expect((await redeem('daemon')).statusCode).toBe(201);
    // Once one is removed, another may join.
    await relay.app.inject({
      method: 'DELETE',
      url: `/v1/devices/${paired[0]?.deviceId}`,
      headers: auth(relay.daemon),
    });
    expect((await redeem('app')).statusCode).toBe(201);
  });
});
