import { createHash, randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import type { DeviceCredentials } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { AttemptLimiter } from '../auth/attempt-limiter';
import { buildRelay } from '../build-relay';
import type { ClusterFactory, RelayCluster } from '../cluster/relay-cluster';
import { singleRelay } from '../cluster/single-relay';
import { DaemonLinks } from '../link/daemon-links';
import { createSilentRelayLogger } from '../relay-logger';
import { openSqliteRelayStore } from '../storage/sqlite-relay-store';
import { StreamHub } from '../stream/stream-hub';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function liveRelay(options: { instances?: ClusterFactory } = {}) {
  const links = new DaemonLinks();
  const app: FastifyInstance = await buildRelay({
    store: await openSqliteRelayStore(':memory:'),
    hub: new StreamHub(),
    links,
    logger: createSilentRelayLogger(),
    signup: { open: true, claimCode: () => null },
    attempts: new AttemptLimiter({ limit: 5, windowMs: 60_000 }),
    now: Date.now,
    heartbeatMs: 1000,
    ...(options.instances ? { instances: options.instances } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(() => app.close());
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const post = async (path: string, body: object, token?: string) => {
    const response = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, string> };
  };
  const daemon = (await post('/v1/accounts', { kind: 'daemon', name: 'Laptop' }))
    .body as unknown as DeviceCredentials;
  const { code } = (await post('/v1/pairing-codes', {}, daemon.deviceToken)).body;
  const phone = (await post('/v1/pairing-codes/redeem', { code, kind: 'app', name: 'Phone' }))
    .body as unknown as DeviceCredentials;
  return { app, url, port, post, daemon, phone, links };
}

/** Opens the daemon's link over a bare socket, reads the 101, and then never reads again. */
async function nonReadingLink(port: number, token: string) {
  const socket = connect({ host: '127.0.0.1', port });
  socket.on('error', () => {});
  let closed = false;
  socket.on('close', () => {
    closed = true;
  });
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    [
      'GET /v1/daemon/link HTTP/1.1',
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      `Authorization: Bearer ${token}`,
      '',
      '',
    ].join('\r\n'),
  );
  const head = await new Promise<string>((resolve) =>
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve(chunk.toString('latin1'));
    }),
  );
  cleanups.push(() => {
    socket.destroy();
  });
  return {
    status: Number(head.slice(9, 12)),
    closed: () => closed,
    /** Reads (and drops) what comes, so the end of the connection is seen. */
    resume: () => {
      socket.resume();
    },
  };
}

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 1000 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!check()) throw new Error(`timed out waiting for ${what}`);
};

describe('GET /v1/daemon/link', () => {
  it('drops a daemon link that stops reading once replies pile up past its bound, and sends them all on reconnect', async () => {
    const relay = await liveRelay();
    const stuck = await nonReadingLink(relay.port, relay.daemon.deviceToken);
    expect(stuck.status).toBe(101);
    await until(() => relay.links.size === 1, 'the link');
    expect(
      (
        await relay.post(
          '/v1/daemon/events',
          {
            eventId: 'evt-1',
            source: 'codex',
            occurredAt: new Date().toISOString(),
            sealed: 'e1.abcdefghijkl.x.y',
          },
          relay.daemon.deviceToken,
        )
      ).status,
    ).toBe(201);

    await relay.post('/v1/events/evt-1/status', { status: 'answered' }, relay.phone.deviceToken);
    // 100 replies of 250 KB: 25 MB, past the socket buffers and the link's 16 MB bound.
    const sealed = `e1.${'r'.repeat(250 * 1024)}`;
    const replyIds = Array.from({ length: 100 }, (_, i) => `reply-${i}`);
    for (const replyId of replyIds) {
      const answer = await relay.post(
        '/v1/events/evt-1/replies',
        { replyId, sealed },
        relay.phone.deviceToken,
      );
      expect(answer.status).toBe(201);
    }
    await until(() => relay.links.size === 0, 'the stuck link to be dropped');
    stuck.resume();
    await until(() => stuck.closed(), 'the stuck socket to close');

    // The daemon comes back reading: every reply arrives, each once.
    const received: string[] = [];
    const daemon = new WebSocket(`ws://127.0.0.1:${relay.port}/v1/daemon/link`, {
      headers: { authorization: `Bearer ${relay.daemon.deviceToken}` },
    });
    cleanups.push(() => daemon.terminate());
    daemon.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; replyId: string };
      if (message.type === 'reply') received.push(message.replyId);
    });
    await until(() => received.length >= replyIds.length, 'every reply');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.sort()).toEqual([...replyIds].sort());
  }, 30_000);

  it('answers a relayed settings request with 503 at once when the link is gone, not after a timeout', async () => {
    const relay = await liveRelay();
    const daemon = new WebSocket(`ws://127.0.0.1:${relay.port}/v1/daemon/link`, {
      headers: { authorization: `Bearer ${relay.daemon.deviceToken}` },
    });
    await new Promise((resolve) => daemon.once('open', resolve));
    await until(() => relay.links.size === 1, 'the link');
    // The link is closing: the relay still holds it, but nothing can go down it any more.
    const link = relay.links.get(relay.daemon.deviceId);
    link?.close(1000, 'test');
    const answer = await relay.post(
      `/v1/devices/${relay.daemon.deviceId}/settings`,
      {
        requestId: createHash('sha256').update('r').digest('hex').slice(0, 16),
        sealed: 'e1.abcdefghijkl.x.y',
      },
      relay.phone.deviceToken,
    );
    expect([answer.status, answer.body.error]).toEqual([503, 'device_offline']);
    daemon.terminate();
  });

  it('is refused with 503 while the instance cannot hear the database, and registered once it can', async () => {
    let hearing = false;
    const instances: ClusterFactory = async (local) => ({
      ...(await singleRelay(new AttemptLimiter({ limit: 5, windowMs: 60_000 }))(local)),
      acceptsStreams: () => hearing,
    });
    const relay = await liveRelay({ instances });
    const refused = await openLink(relay.port, relay.daemon.deviceToken);
    expect(refused).toMatchObject({ status: 503, retryAfter: '5' });
    expect(relay.links.size).toBe(0);

    hearing = true;
    const opened = await openLink(relay.port, relay.daemon.deviceToken);
    expect(opened.status).toBe(101);
    await until(() => relay.links.size === 1, 'the link');
  });

  it('leaves no connection open behind an upgrade it refused (401, 503)', async () => {
    let hearing = true;
    const instances: ClusterFactory = async (local) => ({
      ...(await singleRelay(new AttemptLimiter({ limit: 5, windowMs: 60_000 }))(local)),
      acceptsStreams: () => hearing,
    });
    const relay = await liveRelay({ instances });
    const connections = () =>
      new Promise<number>((resolve, reject) =>
        relay.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
    // The setup's kept-alive HTTP connections.
    const before = await connections();
    expect(await openLink(relay.port, `dev_${'x'.repeat(43)}`)).toMatchObject({ status: 401 });
    hearing = false;
    expect(await openLink(relay.port, relay.daemon.deviceToken)).toMatchObject({ status: 503 });
    // Each client left at once (as the daemon does): the relay's side must close too, not stay half-open.
    for (let i = 0; i < 200 && (await connections()) > before; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await connections()).toBeLessThanOrEqual(before);
  });

  it('closes a link it could not register, so the daemon connects again', async () => {
    const instances: ClusterFactory = async (local) => {
      const alone: RelayCluster = await singleRelay(new AttemptLimiter({ limit: 5, windowMs: 60_000 }))(
        local,
      );
      return {
        ...alone,
        linkOpened: () => Promise.reject(new Error('not listening to PostgreSQL notifications')),
      };
    };
    const relay = await liveRelay({ instances });
    const daemon = new WebSocket(`ws://127.0.0.1:${relay.port}/v1/daemon/link`, {
      headers: { authorization: `Bearer ${relay.daemon.deviceToken}` },
    });
    cleanups.push(() => daemon.terminate());
    const code = await new Promise<number>((resolve) => daemon.once('close', resolve));
    expect(code).toBe(1013);
    await until(() => relay.links.size === 0, 'the link to be forgotten');
  });
});

/** Opens the daemon's link with `ws`; the status of the answer (101 when opened) and its Retry-After. */
async function openLink(port: number, token: string): Promise<{ status: number; retryAfter?: string }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/v1/daemon/link`, {
    headers: { authorization: `Bearer ${token}` },
  });
  socket.on('error', () => {});
  cleanups.push(() => socket.terminate());
  return new Promise((resolve) => {
    socket.once('open', () => resolve({ status: 101 }));
    socket.once('unexpected-response', (request, response) => {
      response.resume();
      request.destroy();
      resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] });
    });
  });
}
