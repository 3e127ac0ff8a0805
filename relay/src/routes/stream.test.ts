import { createSseParser, type DeviceCredentials } from '@ringback/protocol';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AttemptLimiter } from '../auth/attempt-limiter';
import { buildRelay } from '../build-relay';
import type { ClusterFactory } from '../cluster/relay-cluster';
import { singleRelay } from '../cluster/single-relay';
import { DaemonLinks } from '../link/daemon-links';
import { createSilentRelayLogger } from '../relay-logger';
import { openSqliteRelayStore } from '../storage/sqlite-relay-store';
import { StreamHub } from '../stream/stream-hub';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

interface Frame {
  id?: string;
  event?: string;
  data?: unknown;
  comment?: string;
}

/** A fetch-based SSE reader, as the client uses (EventSource cannot send a bearer token). */
async function openStream(url: string, token: string, lastEventId?: number) {
  const controller = new AbortController();
  const response = await fetch(`${url}/v1/stream`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
    signal: controller.signal,
  });
  const frames: Frame[] = [];
  let ended = false;
  const parser = createSseParser({
    onMessage: (message) =>
      frames.push({ id: message.lastEventId, event: message.event, data: JSON.parse(message.data) }),
    onComment: (comment) => frames.push({ comment }),
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read())
        parser.push(decoder.decode(chunk.value, { stream: true }));
    } catch {
      // Aborted by close().
    }
    ended = true;
  })();
  const stream = {
    status: response.status,
    connection: response.headers.get('connection'),
    frames,
    ended: () => ended,
    data: () => frames.filter((frame) => frame.event),
    close: () => controller.abort(),
  };
  cleanups.push(async () => stream.close());
  return stream;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function liveRelay(options: { instances?: ClusterFactory } = {}) {
  const store = await openSqliteRelayStore(':memory:');
  const app: FastifyInstance = await buildRelay({
    store,
    hub: new StreamHub(),
    links: new DaemonLinks(),
    logger: createSilentRelayLogger(),
    signup: { open: true, claimCode: () => null },
    attempts: new AttemptLimiter({ limit: 5, windowMs: 60_000 }),
    now: Date.now,
    heartbeatMs: 100,
    ...(options.instances ? { instances: options.instances } : {}),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  cleanups.push(() => app.close());
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const call = async (method: string, path: string, token?: string, payload?: object) => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload ? { 'content-type': 'application/json' } : {}),
      },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    // Shapes are asserted by the tests; here only what the helpers below read.
    const body = (response.status === 204 ? {} : await response.json()) as Record<string, unknown> & {
      code: string;
      latestId: number;
      events: { eventId: string }[];
    };
    return { status: response.status, body };
  };
  const daemon = (await call('POST', '/v1/accounts', undefined, { kind: 'daemon', name: 'Laptop' }))
    .body as unknown as DeviceCredentials;
  const code = (await call('POST', '/v1/pairing-codes', daemon.deviceToken)).body.code;
  const phone = (
    await call('POST', '/v1/pairing-codes/redeem', undefined, { code, kind: 'app', name: 'Phone' })
  ).body as unknown as DeviceCredentials;
  const postEvent = (eventId: string) =>
    call('POST', '/v1/daemon/events', daemon.deviceToken, {
      eventId,
      source: 'codex',
      occurredAt: new Date().toISOString(),
      sealed: `e1.abcdefghijkl.iv.${eventId}`,
    });
  return { url, call, daemon, phone, postEvent, store };
}

describe('GET /v1/stream', () => {
  it('pushes new events and status changes with increasing ids, and pings when idle', async () => {
    const relay = await liveRelay();
    const stream = await openStream(relay.url, relay.phone.deviceToken);
    expect(stream.status).toBe(200);
    // Its socket ends with it: no client may send another request down it.
    expect(stream.connection).toBe('close');
    await until(() => stream.frames.some((frame) => frame.comment === 'connected'), 'the stream to open');

    await relay.postEvent('evt-1');
    await relay.call('POST', '/v1/events/evt-1/status', relay.phone.deviceToken, { status: 'answered' });
    await until(() => stream.data().length === 2, 'two frames');
    const [created, answered] = stream.data();
    expect(created).toMatchObject({
      event: 'event',
      data: { eventId: 'evt-1', source: 'codex', status: 'pending' },
    });
    expect(answered).toMatchObject({
      event: 'status',
      data: {
        eventId: 'evt-1',
        status: 'answered',
        handledBy: { deviceId: relay.phone.deviceId, name: 'Phone' },
      },
    });
    expect(Number(answered?.id)).toBeGreaterThan(Number(created?.id));
    await until(() => stream.frames.some((frame) => frame.comment === 'ping'), 'a heartbeat');
  });

  it('replays what was missed after Last-Event-ID exactly once, and an ended call without its ciphertext', async () => {
    const relay = await liveRelay();
    await relay.postEvent('evt-1');
    const first = await openStream(relay.url, relay.phone.deviceToken, 0);
    await until(() => first.data().length === 1, 'the replayed event');
    const seen = Number(first.data()[0]?.id);
    first.close();

    await relay.postEvent('evt-2');
    await relay.postEvent('evt-3');
    await relay.call('POST', '/v1/events/evt-3/status', relay.phone.deviceToken, { status: 'rejected' });
    const resumed = await openStream(relay.url, relay.phone.deviceToken, seen);
    await relay.postEvent('evt-4');
    await until(() => resumed.data().length === 3, 'the missed frames and the live one');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(resumed.data().map((frame) => [frame.event, (frame.data as { eventId: string }).eventId])).toEqual(
      [
        ['event', 'evt-2'],
        ['status', 'evt-3'],
        ['event', 'evt-4'],
      ],
    );
    const ids = resumed.data().map((frame) => Number(frame.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('starts from now without Last-Event-ID, in step with GET /v1/events/pending', async () => {
    const relay = await liveRelay();
    await relay.postEvent('evt-1');
    const pending = await relay.call('GET', '/v1/events/pending', relay.phone.deviceToken);
    expect(pending.body.events.map((event) => event.eventId)).toEqual(['evt-1']);
    const stream = await openStream(relay.url, relay.phone.deviceToken, pending.body.latestId);
    await relay.postEvent('evt-2');
    await until(() => stream.data().length === 1, 'the new event');
    expect(stream.data()[0]?.data).toMatchObject({ eventId: 'evt-2' });
  });

  it('closes the stream of a removed device, whose token then gets 401', async () => {
    const relay = await liveRelay();
    const stream = await openStream(relay.url, relay.phone.deviceToken);
    await until(() => stream.frames.length > 0, 'the stream to open');
    expect(
      (await relay.call('DELETE', `/v1/devices/${relay.phone.deviceId}`, relay.daemon.deviceToken)).status,
    ).toBe(204);
    await until(() => stream.ended(), 'the stream to close');
    const again = await openStream(relay.url, relay.phone.deviceToken);
    expect(again.status).toBe(401);
  });

  it('refuses a Last-Event-ID that is not a stream id, naming it, and resumes by ?lastEventId too', async () => {
    const relay = await liveRelay();
    for (const lastEventId of ['abc', '-1', '1.5', '9'.repeat(16)]) {
      const response = await fetch(`${relay.url}/v1/stream`, {
        headers: { authorization: `Bearer ${relay.phone.deviceToken}`, 'last-event-id': lastEventId },
      });
      expect(response.status, lastEventId).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid_request', message: /^last-event-id/ });
    }
    await relay.postEvent('evt-1');
    await relay.postEvent('evt-2');
    const controller = new AbortController();
    cleanups.push(async () => controller.abort());
    const response = await fetch(`${relay.url}/v1/stream?lastEventId=1`, {
      headers: { authorization: `Bearer ${relay.phone.deviceToken}` },
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    let text = '';
    while (!text.includes('evt-2')) text += new TextDecoder().decode((await reader?.read())?.value);
    expect(text).not.toContain('evt-1');
  });

  it('tells a client to reconcile when what it missed was purged', async () => {
    const relay = await liveRelay();
    await relay.postEvent('evt-1');
    await relay.store.purge(Date.now() + 1000);
    const stream = await openStream(relay.url, relay.phone.deviceToken, 0);
    await until(() => stream.data().length === 1, 'the resync frame');
    expect(stream.data()[0]).toMatchObject({ event: 'resync', data: { latestId: 1 } });
  });

  it('refuses a new stream with 503 relay_unavailable while the instance cannot hear the log, and serves again after', async () => {
    let hearing = true;
    // A lone relay whose log notifications can be switched off, as an instance on PostgreSQL
    // whose listening connection is down.
    const instances: ClusterFactory = async (local) => ({
      ...(await singleRelay(new AttemptLimiter({ limit: 5, windowMs: 60_000 }))(local)),
      acceptsStreams: () => hearing,
    });
    const { url, phone, postEvent } = await liveRelay({ instances });
    hearing = false;
    const refused = await fetch(`${url}/v1/stream`, {
      headers: { authorization: `Bearer ${phone.deviceToken}` },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toMatchObject({ error: 'relay_unavailable', message: expect.any(String) });

    hearing = true;
    const stream = await openStream(url, phone.deviceToken);
    expect(stream.status).toBe(200);
    await postEvent('evt-after');
    await until(() => stream.data().length === 1, 'the event on the stream');
  });
});

describe('GET /v1/stream while the instance cannot hear the log', () => {
  it('refuses a device whose token is not cached at once, before reading it from a database that does not answer', async () => {
    let hearing = true;
    const instances: ClusterFactory = async (local) => ({
      ...(await singleRelay(new AttemptLimiter({ limit: 5, windowMs: 60_000 }))(local)),
      acceptsStreams: () => hearing,
    });
    const relay = await liveRelay({ instances });
    // The phone's token has not been used yet, so device auth would read it from the store: a
    // store that never answers stands for a database behind a silent link.
    relay.store.deviceByTokenHash = () => new Promise(() => {});
    hearing = false;

    // Aborted, not answered, if the refusal waited for the token read.
    const refused = await fetch(`${relay.url}/v1/stream`, {
      headers: { authorization: `Bearer ${relay.phone.deviceToken}` },
      signal: AbortSignal.timeout(2000),
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toEqual({
      error: 'relay_unavailable',
      message: expect.stringContaining('lost its link to the database'),
    });
    // Only the routes that open a stream are refused this way; the others still authenticate.
    const other = await fetch(`${relay.url}/v1/events/pending`, { signal: AbortSignal.timeout(2000) });
    expect(other.status).toBe(401);
  });
});
