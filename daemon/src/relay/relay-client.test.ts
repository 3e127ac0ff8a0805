import { createServer } from 'node:net';
import { RingbackError } from '@ringback/protocol';
import { describe, expect, it } from 'vitest';
import { callRelay } from './relay-client';

/** A loopback port nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('callRelay', () => {
  it('a relay that cannot be reached is relay_unreachable (502), naming its address', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const failure = (await callRelay(url, '/v1/accounts', { body: { kind: 'daemon' } }).catch(
      (error: unknown) => error,
    )) as RingbackError;
    expect(failure).toBeInstanceOf(RingbackError);
    expect(failure.code).toBe('relay_unreachable');
    expect(failure.status).toBe(502);
    expect(failure.message).toContain(url);
  });
});
