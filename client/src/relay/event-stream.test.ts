import type { RelayedEvent } from '@ringback/protocol';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type EventStream, openEventStream, type StreamFrame, type StreamState } from './event-stream';
import { createRelayClient } from './relay-client';
import { liveBody, relayedEvent, SERVER, sseFrame, TOKEN, until } from './test-support';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
  server.resetHandlers();
});
afterAll(() => server.close());

const streams: EventStream[] = [];
const FAST = { initialBackoffMs: 10, maxBackoffMs: 40, jitter: 0.2, silenceMs: 2000, random: () => 0.5 };

/** A fake relay: every stream connection the client opens, and the pending listings it reads. */
function fakeRelay(options: { pending?: () => Response; stream?: () => Response | null } = {}) {
  const connections: {
    lastEventId: string | null;
    auth: string | null;
    body: ReturnType<typeof liveBody>;
  }[] = [];
  let pendingReads = 0;
  server.use(
    http.get(`${SERVER}/v1/events/pending`, ({ request }) => {
      pendingReads++;
      if (options.pending) return options.pending();
      const after = new URL(request.url).searchParams.get('after');
      return after === null
        ? HttpResponse.json({ events: [relayedEvent('e1')], latestId: 5, next: '1.5' })
        : HttpResponse.json({ events: [relayedEvent('e2')], latestId: 5 });
    }),
    http.get(`${SERVER}/v1/stream`, ({ request }) => {
      const refused = options.stream?.();
      if (refused) return refused;
      const body = liveBody();
      connections.push({
        lastEventId: request.headers.get('last-event-id'),
        auth: request.headers.get('authorization'),
        body,
      });
      return new HttpResponse(body.stream, { headers: { 'content-type': 'text/event-stream' } });
    }),
  );
  return {
    connections,
    pendingReads: () => pendingReads,
    latest: () => {
      const connection = connections.at(-1);
      if (!connection) throw new Error('no connection yet');
      return connection;
    },
  };
}

function open(options: { lastEventId?: string | null; timing?: object } = {}) {
  const frames: StreamFrame[] = [];
  const reconciled: { ids: string[]; latestId: number }[] = [];
  const states: { state: StreamState; retryInMs?: number }[] = [];
  const errors: unknown[] = [];
  let unauthorized = 0;
  const stream = openEventStream({
    client: createRelayClient({ server: SERVER, token: TOKEN }),
    ...(options.lastEventId === undefined ? {} : { lastEventId: options.lastEventId }),
    onFrame: (frame) => frames.push(frame),
    onReconciled: (events: RelayedEvent[], latestId) =>
      reconciled.push({ ids: events.map((event) => event.eventId), latestId }),
    onUnauthorized: () => unauthorized++,
    onState: (state, detail) => states.push({ state, ...detail }),
    onError: (error) => errors.push(error),
    timing: { ...FAST, ...options.timing },
  });
  streams.push(stream);
  return { stream, frames, reconciled, states, errors, unauthorized: () => unauthorized };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const STATUS = { eventId: 'e1', status: 'answered', handledBy: { deviceId: 'd2', name: 'Laptop' } };
const REPLY = { replyId: 'r1', eventId: 'e1', status: 'delivered', failure: null, error: null };

describe('openEventStream', () => {
  it('reads every pending page first, then connects from its latestId and types the frames', async () => {
    const relay = fakeRelay();
    const client = open();
    await until(() => relay.connections.length === 1, 3000, 'the stream');
    expect(client.reconciled).toEqual([{ ids: ['e1', 'e2'], latestId: 5 }]);
    expect(relay.latest().lastEventId).toBe('5');
    expect(relay.latest().auth).toBe(`Bearer ${TOKEN}`);

    const frames = sseFrame(6, 'event', relayedEvent('e3')) + sseFrame(7, 'status', STATUS);
    // Split mid-frame: only whole frames are delivered.
    relay.latest().body.write(frames.slice(0, 40));
    relay.latest().body.write(`${frames.slice(40)}: ping\n\n${sseFrame(8, 'reply', REPLY)}`);
    await until(() => client.frames.length === 3, 3000, 'three frames');
    expect(client.frames).toEqual([
      { type: 'event', id: '6', event: relayedEvent('e3') },
      { type: 'status', id: '7', change: STATUS },
      { type: 'reply', id: '8', reply: REPLY },
    ]);
    expect(client.stream.lastEventId()).toBe('8');
    expect(client.states.map((entry) => entry.state)).toEqual(['connecting', 'connected']);
  });

  it('resumes from a given id without reading the pending list', async () => {
    const relay = fakeRelay();
    const client = open({ lastEventId: '41' });
    await until(() => relay.connections.length === 1);
    expect(relay.latest().lastEventId).toBe('41');
    expect(relay.pendingReads()).toBe(0);
    expect(client.reconciled).toEqual([]);
  });

  it('reconnects after a drop with the id of the last whole frame', async () => {
    const relay = fakeRelay();
    const client = open({ lastEventId: '5' });
    await until(() => relay.connections.length === 1);
    relay
      .latest()
      .body.write(`${sseFrame(6, 'event', relayedEvent('e3'))}id: 7\nevent: status\ndata: {"half`);
    await until(() => client.frames.length === 1);
    relay.latest().body.end();
    await until(() => relay.connections.length === 2, 3000, 'the reconnect');
    expect(relay.latest().lastEventId).toBe('6');
    expect(relay.pendingReads()).toBe(0);
    expect(client.states.map((entry) => entry.state)).toEqual([
      'connecting',
      'connected',
      'offline',
      'connecting',
      'connected',
    ]);
  });

  it('reconciles on resync and connects from the new latestId', async () => {
    let latestId = 5;
    const relay = fakeRelay({
      pending: () => HttpResponse.json({ events: [relayedEvent(`p${latestId}`)], latestId }),
    });
    const client = open();
    await until(() => relay.connections.length === 1);
    latestId = 30;
    // Whatever follows the resync on that connection is left to the next one.
    relay
      .latest()
      .body.write(sseFrame(29, 'resync', { latestId: 29 }) + sseFrame(30, 'event', relayedEvent('x')));
    await until(() => relay.connections.length === 2, 3000, 'the reconnect');
    expect(client.reconciled).toEqual([
      { ids: ['p5'], latestId: 5 },
      { ids: ['p30'], latestId: 30 },
    ]);
    expect(client.frames).toEqual([{ type: 'resync', id: '29', latestId: 29 }]);
    expect(relay.latest().lastEventId).toBe('30');
    // A resync is no failure: no backoff wait.
    expect(client.states.some((entry) => entry.state === 'offline')).toBe(false);
  });

  it('stops for good on 401 from the stream', async () => {
    let streamAsks = 0;
    fakeRelay({
      stream: () => {
        streamAsks++;
        return HttpResponse.json({ error: 'unauthorized' }, { status: 401 });
      },
    });
    const client = open({ lastEventId: '3' });
    await until(() => client.unauthorized() === 1);
    await pause(100);
    expect(streamAsks).toBe(1);
    expect(client.unauthorized()).toBe(1);
    expect(client.states.at(-1)?.state).toBe('unauthorized');
  });

  it('stops for good on 401 from the pending list', async () => {
    const relay = fakeRelay({ pending: () => HttpResponse.json({ error: 'unauthorized' }, { status: 401 }) });
    const client = open();
    await until(() => client.unauthorized() === 1);
    await pause(100);
    expect(relay.pendingReads()).toBe(1);
    expect(relay.connections).toHaveLength(0);
  });

  it('backs off 1 s doubling to 30 s, jittered ±20 %, and starts over once connected', async () => {
    let refuse = true;
    const relay = fakeRelay({
      stream: () => (refuse ? HttpResponse.json({ error: 'internal_error' }, { status: 503 }) : null),
    });
    const client = open({ lastEventId: '1' });
    const delays = () =>
      client.states.flatMap((entry) => (entry.retryInMs === undefined ? [] : [entry.retryInMs]));
    await until(() => delays().length >= 4, 3000, 'four retries');
    expect(delays().slice(0, 4)).toEqual([10, 20, 40, 40]);
    refuse = false;
    await until(() => relay.connections.length === 1, 3000, 'a connection');
    const before = delays().length;
    relay.latest().body.end();
    await until(() => delays().length === before + 1);
    expect(delays().at(-1)).toBe(10);
  });

  it('spreads the delays by the jitter', async () => {
    for (const [random, expected] of [
      [0, 800],
      [0.999_999, 1200],
    ] as const) {
      fakeRelay({ stream: () => HttpResponse.json({ error: 'x' }, { status: 502 }) });
      const client = open({
        lastEventId: '1',
        timing: { initialBackoffMs: 1000, maxBackoffMs: 30_000, random: () => random },
      });
      await until(() => client.states.some((entry) => entry.retryInMs !== undefined));
      expect(client.states.find((entry) => entry.retryInMs !== undefined)?.retryInMs).toBe(expected);
      client.stream.close();
    }
  });

  it('reconnects when the stream goes silent, and pings keep it open', async () => {
    const relay = fakeRelay();
    open({ lastEventId: '1', timing: { silenceMs: 150 } });
    await until(() => relay.connections.length === 1);
    for (let i = 0; i < 6; i++) {
      relay.latest().body.write(': ping\n\n');
      await pause(50);
    }
    expect(relay.connections).toHaveLength(1);
    await until(() => relay.connections.length === 2, 3000, 'the reconnect after silence');
  });

  it('skips a malformed frame, says so, and goes on', async () => {
    const relay = fakeRelay();
    const client = open({ lastEventId: '1' });
    await until(() => relay.connections.length === 1);
    relay
      .latest()
      .body.write(
        `id: 2\nevent: event\ndata: {"eventId":1}\n\nid: 3\nevent: nonsense\ndata: {}\n\n${sseFrame(4, 'status', STATUS)}`,
      );
    await until(() => client.frames.length === 1);
    expect(client.frames[0]?.id).toBe('4');
    expect(client.errors).toHaveLength(2);
    expect(client.stream.lastEventId()).toBe('4');
  });

  it('starts over from the pending list when the relay refuses the resume id', async () => {
    let refuse = true;
    const relay = fakeRelay({
      stream: () => (refuse ? HttpResponse.json({ error: 'invalid_request' }, { status: 400 }) : null),
    });
    const client = open({ lastEventId: 'bogus' });
    await until(() => client.states.some((entry) => entry.state === 'offline'));
    refuse = false;
    await until(() => relay.connections.length === 1, 3000, 'a connection');
    expect(relay.pendingReads()).toBe(2);
    expect(relay.latest().lastEventId).toBe('5');
  });

  it('closes: nothing more delivered, no reconnect', async () => {
    const relay = fakeRelay();
    const client = open({ lastEventId: '1' });
    await until(() => relay.connections.length === 1);
    client.stream.close();
    relay.latest().body.write(sseFrame(2, 'status', STATUS));
    relay.latest().body.end();
    await pause(100);
    expect(client.frames).toEqual([]);
    expect(relay.connections).toHaveLength(1);
    expect(client.states.at(-1)?.state).toBe('closed');
  });

  it('reconnects at once when asked, skipping the wait', async () => {
    const relay = fakeRelay();
    const client = open({ lastEventId: '1', timing: { initialBackoffMs: 60_000, maxBackoffMs: 60_000 } });
    await until(() => relay.connections.length === 1);
    relay.latest().body.end();
    await until(() => client.states.at(-1)?.state === 'offline');
    client.stream.reconnect();
    await until(() => relay.connections.length === 2, 1000, 'the reconnect');
  });
});
