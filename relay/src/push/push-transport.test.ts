import { lookup as dnsLookup } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, LookupFunction } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { isRefusedAddress } from './guarded-connect';
import { parseRetryAfter, undiciPushTransport } from './push-transport';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');

  it('reads delay-seconds and HTTP dates as ms from now', () => {
    expect(parseRetryAfter('30', now)).toBe(30_000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Thu, 26 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Thu, 26 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });

  it('is null when absent or unreadable', () => {
    expect(parseRetryAfter(undefined, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter('-5', now)).toBeNull();
  });
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A push service on 127.0.0.1 that counts the connections made to it. */
async function localPushService() {
  let connections = 0;
  const server: Server = createServer((_, response) => response.writeHead(201).end());
  server.on('connection', () => {
    connections += 1;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  return { port, connections: () => connections };
}

/** Names the test owns: each resolves to the addresses given; anything else through DNS. */
function namesResolvingTo(names: Record<string, { address: string; family: number }[]>): LookupFunction {
  return (hostname, options, callback) => {
    const found = names[hostname];
    if (!found) return dnsLookup(hostname, options, callback);
    if (options.all) (callback as unknown as (e: null, a: typeof found) => void)(null, found);
    else callback(null, found[0]?.address ?? '', found[0]?.family ?? 4);
  };
}

const LOOKUP = namesResolvingTo({
  'push.loopback.test': [{ address: '127.0.0.1', family: 4 }],
  'push.mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'push.metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'push.private.test': [
    { address: '10.0.0.7', family: 4 },
    { address: 'fd00::7', family: 6 },
  ],
});

const push = (endpoint: string) => ({ endpoint, headers: { ttl: '60' }, body: Buffer.from('sealed') });
const never = new AbortController().signal;

describe('undiciPushTransport', () => {
  it('refuses at connect time every address that is not public, whatever the name, and never connects', async () => {
    const service = await localPushService();
    const transport = undiciPushTransport({ lookup: LOOKUP, timeoutMs: 5000 });
    cleanups.push(() => transport.close());
    const refused: [string, RegExp][] = [
      [
        `http://push.loopback.test:${service.port}/x`,
        /push\.loopback\.test: it resolves to 127\.0\.0\.1, a loopback/,
      ],
      [`http://push.mapped.test:${service.port}/x`, /loopback address \(127\.0\.0\.1 inside IPv6\)/],
      [`http://push.metadata.test:${service.port}/x`, /link-local/],
      [`http://push.private.test:${service.port}/x`, /private/],
      [`http://localhost:${service.port}/x`, /loopback/],
      [`http://127.0.0.1:${service.port}/x`, /refused to connect to 127\.0\.0\.1: a loopback/],
      [`http://[::ffff:127.0.0.1]:${service.port}/x`, /loopback/],
      [`http://[::1]:${service.port}/x`, /loopback/],
      [`http://0.0.0.0:${service.port}/x`, /unspecified/],
    ];
    for (const [endpoint, why] of refused) {
      const error = await transport.deliver(push(endpoint), never).catch((thrown: unknown) => thrown);
      expect(error, endpoint).toBeInstanceOf(Error);
      expect((error as Error).message, endpoint).toMatch(why);
      // Known as a refusal, not a network failure: no retry.
      expect(isRefusedAddress(error), endpoint).toBe(true);
    }
    expect(service.connections()).toBe(0);
  });

  it('connects to the origins the operator allowed, by address or by a name leading inside', async () => {
    const service = await localPushService();
    const byAddress = `http://127.0.0.1:${service.port}`;
    const byName = `http://push.loopback.test:${service.port}`;
    const transport = undiciPushTransport({ lookup: LOOKUP, allowedOrigins: [byAddress, byName] });
    cleanups.push(() => transport.close());
    expect((await transport.deliver(push(`${byAddress}/x`), never)).status).toBe(201);
    expect((await transport.deliver(push(`${byName}/x`), never)).status).toBe(201);
    // Another port on the same address is not the allowed origin.
    await expect(transport.deliver(push(`http://127.0.0.1:${service.port + 1}/x`), never)).rejects.toThrow(
      /loopback/,
    );
  });
});
