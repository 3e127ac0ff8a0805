import { createHash, randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { AttemptLimiter } from '../auth/attempt-limiter';
import type { ClusterFactory, RelayCluster } from '../cluster/relay-cluster';
import { singleRelay } from '../cluster/single-relay';
import { afterThisTest, waitUntil } from './cleanup-fixture';
import { liveRelay } from './live-relay-fixture';

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
  afterThisTest(() => {
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

describe('GET /v1/daemon/link', () => {
  it('drops a daemon link that stops reading once replies pile up past its bound, and sends them all on reconnect', async () => {
    const relay = await liveRelay();
    const stuck = await nonReadingLink(relay.port, relay.daemon.deviceToken);
    expect(stuck.status).toBe(101);
    await waitUntil(() => relay.links.size === 1, 'the link');
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
    await waitUntil(() => relay.links.size === 0, 'the stuck link to be dropped');
    stuck.resume();
    await waitUntil(() => stuck.closed(), 'the stuck socket to close');

    // The daemon comes back reading: every reply arrives, each once.
    const received: string[] = [];
    const daemon = daemonSocket(relay.port, relay.daemon.deviceToken);
    daemon.on('message', (data) => {
      const message = JSON.parse(String(data)) as { type: string; replyId: string };
      if (message.type === 'reply') received.push(message.replyId);
    });
    await waitUntil(() => received.length >= replyIds.length, 'every reply');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received.sort()).toEqual([...replyIds].sort());
  }, 30_000);

  it('answers a relayed settings request with 503 at once when the link is gone, not after a timeout', async () => {
    const relay = await liveRelay();
    const daemon = daemonSocket(relay.port, relay.daemon.deviceToken);
    await new Promise((resolve) => daemon.once('open', resolve));
    await waitUntil(() => relay.links.size === 1, 'the link');
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
    const relay = await liveRelay({ instances: aloneBut({ acceptsStreams: () => hearing }) });
    const refused = await openLink(relay.port, relay.daemon.deviceToken);
    expect(refused).toMatchObject({ status: 503, retryAfter: '5' });
    expect(relay.links.size).toBe(0);

    hearing = true;
    const opened = await openLink(relay.port, relay.daemon.deviceToken);
    expect(opened.status).toBe(101);
    await waitUntil(() => relay.links.size === 1, 'the link');
  });

  it('leaves no connection open behind an upgrade it refused (401, 503)', async () => {
    let hearing = true;
    const relay = await liveRelay({ instances: aloneBut({ acceptsStreams: () => hearing }) });
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
    const relay = await liveRelay({
      instances: aloneBut({
        linkOpened: () => Promise.reject(new Error('not listening to PostgreSQL notifications')),
      }),
    });
    const daemon = daemonSocket(relay.port, relay.daemon.deviceToken);
    const code = await new Promise<number>((resolve) => daemon.once('close', resolve));
    expect(code).toBe(1013);
    await waitUntil(() => relay.links.size === 0, 'the link to be forgotten');
  });
});

/** A relay running alone, but for the parts of its cluster a test changes. */
function aloneBut(changed: Partial<RelayCluster>): ClusterFactory {
  return async (local) => ({
    ...(await singleRelay(new AttemptLimiter({ limit: 5, windowMs: 60_000 }))(local)),
    ...changed,
  });
}

/** The daemon's link with `ws`, closed after the test. */
function daemonSocket(port: number, token: string): WebSocket {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/v1/daemon/link`, {
    headers: { authorization: `Bearer ${token}` },
  });
  afterThisTest(() => socket.terminate());
  return socket;
}

/** Opens the daemon's link with `ws`; the status of the answer (101 when opened) and its Retry-After. */
async function openLink(port: number, token: string): Promise<{ status: number; retryAfter?: string }> {
  const socket = daemonSocket(port, token);
  socket.on('error', () => {});
  return new Promise((resolve) => {
    socket.once('open', () => resolve({ status: 101 }));
    socket.once('unexpected-response', (request, response) => {
      response.resume();
      request.destroy();
      resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] });
    });
  });
}
