import type { DeviceCredentials } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { startForwardingProxy } from './support/forwarding-proxy';
import { type RelayProcess, startRelayProcess } from './support/relay-process';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Codes tried, the victim's last: a flood that is not stopped in time joins the account. */
const FLOOD = 3000;
const CONCURRENCY = 16;

interface FloodResult {
  statuses: number[];
  errors: string[];
  retryAfters: number[];
  /** Wrong codes answered (422) before the first refusal arrived: for the rate only. */
  triedBeforeStopped: number;
  attemptsPerSecond: number;
}

/** Tries every code from `victimCode - FLOOD + 1` up to it, each with a new X-Forwarded-For. */
async function flood(url: string, victimCode: string): Promise<FloodResult> {
  const codes = Array.from({ length: FLOOD }, (_, i) =>
    String((Number(victimCode) - FLOOD + 1 + i + 1_000_000) % 1_000_000).padStart(6, '0'),
  );
  const result: FloodResult = {
    statuses: [],
    errors: [],
    retryAfters: [],
    triedBeforeStopped: 0,
    attemptsPerSecond: 0,
  };
  const started = performance.now();
  let stoppedAt: number | null = null;
  let next = 0;
  const worker = async () => {
    while (next < codes.length) {
      const i = next++;
      const response = await fetch(`${url}/v1/pairing-codes/redeem`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // Every attempt claims to come from somewhere else.
          'x-forwarded-for': `${(i >> 16) + 1}.${(i >> 8) & 255}.${i & 255}.7`,
        },
        body: JSON.stringify({ code: codes[i], kind: 'app', name: 'Attacker' }),
      });
      const body = (await response.json()) as { error?: string };
      result.statuses.push(response.status);
      result.errors.push(body.error ?? '');
      if (response.status === 422 && stoppedAt === null) result.triedBeforeStopped++;
      if (response.status === 429) {
        stoppedAt ??= performance.now();
        result.retryAfters.push(Number(response.headers.get('retry-after')));
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = ((stoppedAt ?? performance.now()) - started) / 1000;
  result.attemptsPerSecond = Math.round(result.triedBeforeStopped / seconds);
  return result;
}

async function victim(relay: RelayProcess): Promise<{ laptop: DeviceCredentials; code: string }> {
  const laptop = await relay.createAccount('daemon', 'Laptop');
  const response = await fetch(`${relay.url}/v1/pairing-codes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${laptop.deviceToken}` },
    body: '{}',
  });
  return { laptop, code: ((await response.json()) as { code: string }).code };
}

async function devicesOf(relay: RelayProcess, device: DeviceCredentials): Promise<string[]> {
  const response = await fetch(`${relay.url}/v1/devices`, {
    headers: { authorization: `Bearer ${device.deviceToken}` },
  });
  return ((await response.json()) as { devices: { name: string }[] }).devices.map((d) => d.name);
}

describe('a pairing-code flood that rotates X-Forwarded-For', () => {
  it('through the proxy, is counted against the address the proxy saw and cannot join', async () => {
    // `true` is what README advised behind a proxy; it now means one proxy in front.
    const relay = await startRelayProcess({ RINGBACK_TRUST_PROXY: 'true' });
    cleanups.push(() => relay.kill());
    const proxy = await startForwardingProxy(relay.url);
    cleanups.push(proxy.close);
    const { laptop, code } = await victim(relay);

    const result = await flood(proxy.url, code);
    console.info(
      `flood through a proxy: ${result.triedBeforeStopped} codes checked at ${result.attemptsPerSecond}/s before the first 429`,
    );
    expect(result.statuses).not.toContain(201);
    // Five wrong codes from the one address the proxy saw, then nothing is checked.
    expect(result.statuses.filter((status) => status === 422)).toHaveLength(5);
    expect(result.statuses.filter((status) => status === 429)).toHaveLength(FLOOD - 5);
    expect(new Set(result.errors.filter((error) => error !== 'invalid_pairing_code'))).toEqual(
      new Set(['too_many_attempts']),
    );
    expect(Math.min(...result.retryAfters)).toBeGreaterThan(0);
    expect(await devicesOf(relay, laptop)).toEqual(['Laptop']);
  });

  it('from as many addresses as attempts, is stopped by the relay-wide ceiling and cannot join', async () => {
    // The relay trusts one proxy but is reached directly: every attempt's address is the
    // attacker's to write, as if it had thousands of addresses.
    const relay = await startRelayProcess({ RINGBACK_TRUST_PROXY: 'true' });
    cleanups.push(() => relay.kill());
    const { laptop, code } = await victim(relay);

    const result = await flood(relay.url, code);
    console.info(
      `flood from rotating addresses: ${result.triedBeforeStopped} codes checked at ${result.attemptsPerSecond}/s before the relay paused pairing`,
    );
    expect(result.statuses).not.toContain(201);
    // One live code: the ceiling lets 450 wrong codes through in 10 minutes, relay-wide.
    expect(result.statuses.filter((status) => status === 422).length).toBeLessThanOrEqual(450);
    expect(new Set(result.errors.filter((error) => error !== 'invalid_pairing_code'))).toEqual(
      new Set(['pairing_paused']),
    );

    // The real owner, with the live code, from an address never seen: refused until the window passes.
    const legit = await fetch(`${relay.url}/v1/pairing-codes/redeem`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.200' },
      body: JSON.stringify({ code, kind: 'app', name: 'Phone' }),
    });
    expect(legit.status).toBe(429);
    expect(((await legit.json()) as { error: string }).error).toBe('pairing_paused');
    expect(Number(legit.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(legit.headers.get('retry-after'))).toBeLessThanOrEqual(600);
    expect(await devicesOf(relay, laptop)).toEqual(['Laptop']);
    // Everything else still answers.
    expect(
      (await fetch(`${relay.url}/v1/devices`, { headers: { authorization: `Bearer ${laptop.deviceToken}` } }))
        .status,
    ).toBe(200);
  });
});
