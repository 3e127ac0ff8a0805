import type { DeviceCredentials, RelayToDaemon } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { AttemptLimiter } from '../auth/attempt-limiter';
import { buildRelay } from '../build-relay';
import type { ComputerRequestLimits } from '../link/computer-request-limits';
import { DaemonLinks } from '../link/daemon-links';
import { createSilentRelayLogger } from '../relay-logger';
import { openSqliteRelayStore } from '../storage/sqlite-relay-store';
import { StreamHub } from '../stream/stream-hub';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function liveRelay(limits: Partial<ComputerRequestLimits> = {}) {
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
    computerRequests: limits,
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
    return (await response.json()) as Record<string, string>;
  };
  const daemon = (await post('/v1/accounts', {
    kind: 'daemon',
    name: 'Laptop',
  })) as unknown as DeviceCredentials;
  const pair = async (kind: 'app' | 'daemon', name: string) => {
    const { code } = await post('/v1/pairing-codes', {}, daemon.deviceToken);
    return (await post('/v1/pairing-codes/redeem', { code, kind, name })) as unknown as DeviceCredentials;
  };
  const phone = await pair('app', 'Phone');
  const ask = (
    requestId: string,
    options: { token?: string; deviceId?: string; signal?: AbortSignal } = {},
  ) =>
    fetch(`${url}/v1/devices/${options.deviceId ?? daemon.deviceId}/requests`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${options.token ?? phone.deviceToken}`,
      },
      body: JSON.stringify({ requestId, sealed: `e1.abcdefghijkl.${requestId}.c2VhbGVk` }),
      ...(options.signal ? { signal: options.signal } : {}),
    });
  return { app, url, daemon, phone, pair, post, ask, links };
}

/** A daemon's link driven by the test: it records what comes down and sends what it is told. */
async function fakeDaemon(url: string, token: string, links: DaemonLinks, deviceId: string) {
  const socket = new WebSocket(`${url.replace('http', 'ws')}/v1/daemon/link`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const received: RelayToDaemon[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (data) => {
    received.push(JSON.parse(String(data)) as RelayToDaemon);
    for (const wake of waiters.splice(0)) wake();
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  cleanups.push(() => socket.terminate());
  await waitUntil(() => links.get(deviceId) !== undefined);
  const next = async (type: RelayToDaemon['type'], requestId?: string) => {
    for (;;) {
      const found = received.find(
        (message) =>
          message.type === type &&
          (!requestId || ('requestId' in message && message.requestId === requestId)),
      );
      if (found) {
        received.splice(received.indexOf(found), 1);
        return found as Extract<RelayToDaemon, { requestId: string }>;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const frame = (requestId: string, seq: number, last = false, sealed = `e1.k.${requestId}-${seq}.eA`) =>
    socket.send(JSON.stringify({ type: 'computer-frame', requestId, seq, sealed, last }));
  return { socket, received, next, frame };
}

async function waitUntil(check: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Reads an NDJSON body line by line. */
function lines(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = '';
  return async (): Promise<Record<string, unknown> | null> => {
    for (;;) {
      const at = buffered.indexOf('\n');
      if (at >= 0) {
        const line = buffered.slice(0, at);
        buffered = buffered.slice(at + 1);
        return JSON.parse(line) as Record<string, unknown>;
      }
      const { value, done } = await reader.read();
      if (done) return null;
      buffered += decoder.decode(value, { stream: true });
    }
  };
}

describe('POST /v1/devices/:deviceId/requests', () => {
  it('passes the sealed request down the link and streams the frames back in order, as they come', async () => {
    const relay = await liveRelay();
    const computer = await fakeDaemon(
      relay.url,
      relay.daemon.deviceToken,
      relay.links,
      relay.daemon.deviceId,
    );
    const answering = relay.ask('q1');
    const request = await computer.next('computer-request', 'q1');
    expect(request).toEqual({
      type: 'computer-request',
      requestId: 'q1',
      sealed: 'e1.abcdefghijkl.q1.c2VhbGVk',
    });
    computer.frame('q1', 0);
    const response = await answering;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const read = lines(response);
    // The first frame arrives before the daemon has sent the next: nothing is held back.
    expect(await read()).toEqual({ seq: 0, sealed: 'e1.k.q1-0.eA' });
    expect(await computer.next('computer-ack', 'q1')).toEqual({
      type: 'computer-ack',
      requestId: 'q1',
      seq: 0,
    });
    computer.frame('q1', 1);
    computer.frame('q1', 2, true);
    expect(await read()).toEqual({ seq: 1, sealed: 'e1.k.q1-1.eA' });
    expect(await read()).toEqual({ seq: 2, sealed: 'e1.k.q1-2.eA' });
    expect(await read()).toBeNull();
    // The same id may be used again once its answer ended (the daemon refuses replays itself).
    const again = relay.ask('q1');
    await computer.next('computer-request', 'q1');
    computer.frame('q1', 0, true);
    expect((await again).status).toBe(200);
  });

  it('ends the answer with an error line when frames arrive out of order', async () => {
    const relay = await liveRelay();
    const computer = await fakeDaemon(
      relay.url,
      relay.daemon.deviceToken,
      relay.links,
      relay.daemon.deviceId,
    );
    const answering = relay.ask('q1');
    await computer.next('computer-request');
    computer.frame('q1', 0);
    const read = lines(await answering);
    expect(await read()).toMatchObject({ seq: 0 });
    computer.frame('q1', 2);
    expect(await read()).toMatchObject({ error: 'internal_error' });
    expect(await read()).toBeNull();
    expect(await computer.next('computer-cancel', 'q1')).toEqual({
      type: 'computer-cancel',
      requestId: 'q1',
    });
  });

  it('stops acknowledging frames while the device does not read, and goes on once it does', async () => {
    const relay = await liveRelay();
    const computer = await fakeDaemon(
      relay.url,
      relay.daemon.deviceToken,
      relay.links,
      relay.daemon.deviceId,
    );
    const answering = relay.ask('q1');
    await computer.next('computer-request');
    const big = `e1.k.${'a'.repeat(120 * 1024)}`;
    computer.frame('q1', 0, false, big);
    const response = await answering;
    // The device reads nothing: the socket's buffers fill and the relay holds back its acks.
    for (let seq = 1; seq < 60; seq += 1) computer.frame('q1', seq, false, big);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const acked = () => computer.received.filter((message) => message.type === 'computer-ack').length;
    const whileStalled = acked();
    expect(whileStalled).toBeLessThan(60);
    const read = lines(response);
    let count = 0;
    const reading = (async () => {
      while (await read()) count += 1;
    })();
    // Once the device reads, the taken frames are acknowledged and the daemon may send more.
    await waitUntil(() => acked() > whileStalled);
    computer.frame('q1', 60, true);
    await reading;
    expect(count).toBe(61);
  });

  it('cancels the request at the daemon when the device goes away mid-answer', async () => {
    const relay = await liveRelay();
    const computer = await fakeDaemon(
      relay.url,
      relay.daemon.deviceToken,
      relay.links,
      relay.daemon.deviceId,
    );
    const abort = new AbortController();
    const answering = relay.ask('q1', { signal: abort.signal });
    await computer.next('computer-request');
    computer.frame('q1', 0);
    const read = lines(await answering);
    expect(await read()).toMatchObject({ seq: 0 });
    abort.abort();
    expect(await computer.next('computer-cancel', 'q1')).toEqual({
      type: 'computer-cancel',
      requestId: 'q1',
    });
    // The account's slot is free again.
    const next = relay.ask('q2');
    await computer.next('computer-request', 'q2');
    computer.frame('q2', 0, true);
    expect((await next).status).toBe(200);
  });

  it('cancels a request still waiting for its first frame when the device goes away', async () => {
    const relay = await liveRelay();
    const computer = await fakeDaemon(
      relay.url,
      relay.daemon.deviceToken,
      relay.links,
      relay.daemon.deviceId,
    );
    const abort = new AbortController();
    const answering = relay.ask('q1', { signal: abort.signal }).catch(() => null);
    await computer.next('computer-request');
    abort.abort();
    await answering;
    expect(await computer.next('computer-cancel', 'q1')).toEqual({
      type: 'computer-cancel',
      requestId: 'q1',
    });
  });

  it('ends the answer with device_offline when the daemon goes offline mid-answer', async () => {
    const relay = await liveRelay();
    const computer = await fakeDaemon(
      relay.url,
      relay.daemon.deviceToken,
      relay.links,
      relay.daemon.deviceId,
    );
    const answering = relay.ask('q1');
    await computer.next('computer-request');
    computer.frame('q1', 0);
    const read = lines(await answering);
    expect(await read()).toMatchObject({ seq: 0 });
    computer.socket.terminate();
    expect(await read()).toMatchObject({ error: 'device_offline' });
    expect(await read()).toBeNull();
  });

  it('answers plain errors before the first frame: offline, undecryptable, busy, timeout', async () => {
    const relay = await liveRelay({ firstFrameMs: 300 });
    const offline = await relay.ask('q0');
    expect([offline.status, ((await offline.json()) as { error: string }).error]).toEqual([
      503,
      'device_offline',
    ]);

    const computer = await fakeDaemon(
      relay.url,
      relay.daemon.deviceToken,
      relay.links,
      relay.daemon.deviceId,
    );
    const refused = relay.ask('q1');
    await computer.next('computer-request');
    computer.socket.send(
      JSON.stringify({ type: 'computer-refused', requestId: 'q1', error: 'undecryptable_request' }),
    );
    const undecryptable = await refused;
    expect([undecryptable.status, ((await undecryptable.json()) as { error: string }).error]).toEqual([
      400,
      'undecryptable_request',
    ]);

    const busy = relay.ask('q2');
    await computer.next('computer-request');
    computer.socket.send(
      JSON.stringify({ type: 'computer-refused', requestId: 'q2', error: 'computer_busy' }),
    );
    expect((await busy).status).toBe(503);

    const silent = await relay.ask('q3');
    expect([silent.status, ((await silent.json()) as { error: string }).error]).toEqual([
      504,
      'daemon_timeout',
    ]);
    expect(await computer.next('computer-cancel', 'q3')).toEqual({
      type: 'computer-cancel',
      requestId: 'q3',
    });
  });

  it('ends an answer that stalls between frames or runs past its deadline', async () => {
    const relay = await liveRelay({ idleMs: 300 });
    const computer = await fakeDaemon(
      relay.url,
      relay.daemon.deviceToken,
      relay.links,
      relay.daemon.deviceId,
    );
    const answering = relay.ask('q1');
    await computer.next('computer-request');
    computer.frame('q1', 0);
    const read = lines(await answering);
    expect(await read()).toMatchObject({ seq: 0 });
    expect(await read()).toMatchObject({ error: 'daemon_timeout' });
    expect(await computer.next('computer-cancel', 'q1')).toBeDefined();
  });

  it('holds each account to its limits: requests at once, frames and bytes per answer', async () => {
    const relay = await liveRelay({ perAccount: 1, maxFrames: 3, maxBytes: 1000 });
    const computer = await fakeDaemon(
      relay.url,
      relay.daemon.deviceToken,
      relay.links,
      relay.daemon.deviceId,
    );
    const first = relay.ask('q1');
    await computer.next('computer-request');
    const second = await relay.ask('q2');
    expect([second.status, ((await second.json()) as { error: string }).error]).toEqual([
      429,
      'too_many_computer_requests',
    ]);
    for (const seq of [0, 1, 2, 3]) computer.frame('q1', seq);
    const read = lines(await first);
    for (const seq of [0, 1, 2]) expect(await read()).toMatchObject({ seq });
    expect(await read()).toMatchObject({ error: 'answer_too_large' });
    expect(await computer.next('computer-cancel', 'q1')).toBeDefined();

    const big = relay.ask('q3');
    await computer.next('computer-request', 'q3');
    computer.frame('q3', 0, false, `e1.k.${'a'.repeat(1200)}`);
    // Too large from its first frame: a plain status, nothing streamed.
    const tooBig = await big;
    expect([tooBig.status, ((await tooBig.json()) as { error: string }).error]).toEqual([
      502,
      'answer_too_large',
    ]);

    const huge = await fetch(`${relay.url}/v1/devices/${relay.daemon.deviceId}/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${relay.phone.deviceToken}` },
      body: JSON.stringify({ requestId: 'q4', sealed: `e1.${'a'.repeat(9 * 1024 * 1024)}` }),
    });
    expect(huge.status).toBe(413);
  });

  it('serves only app devices, and only for a daemon of their own account', async () => {
    const relay = await liveRelay();
    await fakeDaemon(relay.url, relay.daemon.deviceToken, relay.links, relay.daemon.deviceId);
    const stranger = (await relay.post('/v1/accounts', {
      kind: 'app',
      name: 'Stranger',
    })) as unknown as DeviceCredentials;
    const foreign = await relay.ask('q1', { token: stranger.deviceToken });
    expect([foreign.status, ((await foreign.json()) as { error: string }).error]).toEqual([
      404,
      'device_not_found',
    ]);
    const toPhone = await relay.ask('q2', { deviceId: relay.phone.deviceId });
    expect(toPhone.status).toBe(404);
    const fromDaemon = await relay.ask('q3', { token: relay.daemon.deviceToken });
    expect([fromDaemon.status, ((await fromDaemon.json()) as { error: string }).error]).toEqual([
      403,
      'app_only',
    ]);
  });
});
