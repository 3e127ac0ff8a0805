import { type SealingKey, sealingKeyFromText } from '@ringback/protocol';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openEventStream, type StreamState } from './event-stream';
import { createRelayClient } from './relay-client';
import { RelayError, RelayTimeoutError } from './relay-error';
import { KEY, SERVER, TOKEN } from './test-support';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());
let sealingKey: SealingKey;
beforeAll(async () => {
  sealingKey = await sealingKeyFromText(KEY);
});

const client = () => createRelayClient({ server: SERVER, token: TOKEN });
const never = () => new Promise<never>(() => {});

/**
 * A relay route that takes a request and never answers; resolves once a request has reached it.
 * Waiting for that before moving the clock keeps real work before the request (sealing a
 * settings body) from being mistaken for time the relay took.
 */
function hungRoute(method: 'get' | 'post', path: string): Promise<void> {
  return new Promise((reached) => {
    server.use(
      http[method](`${SERVER}${path}`, () => {
        reached();
        return never();
      }),
    );
  });
}
const REPLY = { replyId: 'r1', sealed: 'e1.abcdefghijkl.aXY.c2VhbGVk' };
const TIMEOUT = 'the relay at relay.test:8791 did not answer within 15 s';

/** How `promise` ended once the fake clock has moved `ms` ahead (undefined: not yet). */
async function after<T>(ms: number, promise: Promise<T>) {
  let outcome: PromiseSettledResult<T> | undefined;
  void Promise.allSettled([promise]).then(([result]) => {
    outcome = result;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return outcome;
}

describe('relay calls have a deadline', () => {
  it('a reply the relay never answers fails with a timeout naming the relay, so it can be retried', async () => {
    const reached = hungRoute('post', '/v1/events/e1/replies');
    const sending = client().sendReply('e1', REPLY);
    await reached;
    expect(await after(14_999, sending)).toBeUndefined();
    const outcome = await after(1, sending);
    const reason = (outcome as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(RelayTimeoutError);
    expect(reason).toBeInstanceOf(RelayError);
    expect([reason.status, reason.code, reason.message]).toEqual([0, 'network_error', TIMEOUT]);
    expect(reason.cause).toMatchObject({ endpoint: 'the relay at relay.test:8791', ms: 15_000 });
  });

  it("a reply send still ends at once on the caller's abort, with its reason", async () => {
    const reached = hungRoute('post', '/v1/events/e1/replies');
    const caller = new AbortController();
    const sending = client().sendReply('e1', REPLY, caller.signal);
    await reached;
    const skipped = new DOMException('skipped', 'AbortError');
    caller.abort(skipped);
    expect(await after(0, sending)).toEqual({ status: 'rejected', reason: skipped });
  });

  it('an answer whose body stops after the headers fails the same way', async () => {
    server.use(
      http.get(`${SERVER}/v1/events/pending`, () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"events":['));
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'application/json' } });
      }),
    );
    const reading = client().pendingEvents();
    const outcome = await after(15_000, reading);
    expect((outcome as PromiseRejectedResult).reason.message).toBe(TIMEOUT);
  });

  it("a settings request waits out the relay's own 30 s wait for the computer, and hears its answer", async () => {
    let reached = () => {};
    const arrived = new Promise<void>((resolve) => {
      reached = resolve;
    });
    server.use(
      http.post(`${SERVER}/v1/devices/daemon-1/settings`, async () => {
        reached();
        await new Promise((resolve) => setTimeout(resolve, 30_000));
        return HttpResponse.json({ error: 'daemon_timeout', message: 'no answer' }, { status: 504 });
      }),
    );
    const writing = client().relaySettingsRequest('daemon-1', sealingKey, {
      method: 'GET',
      path: '/llm/settings',
    });
    await arrived;
    const reason = ((await after(30_000, writing)) as PromiseRejectedResult).reason;
    expect([reason.code, reason.status]).toEqual(['daemon_timeout', 504]);
  });

  it('a settings request the relay never answers is given up after its own deadline', async () => {
    const reached = hungRoute('post', '/v1/devices/daemon-1/settings');
    const writing = client().relaySettingsRequest('daemon-1', sealingKey, {
      method: 'GET',
      path: '/llm/settings',
    });
    await reached;
    expect(await after(44_999, writing)).toBeUndefined();
    const reason = ((await after(1000, writing)) as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(RelayTimeoutError);
    expect(reason.message).toBe('the relay at relay.test:8791 did not answer within 45 s');
  });

  it('a large settings body gets time to upload on a slow link', async () => {
    const reached = hungRoute('post', '/v1/devices/daemon-1/settings');
    const image = 'x'.repeat(3 * 1024 * 1024);
    const writing = client().relaySettingsRequest('daemon-1', sealingKey, {
      method: 'POST',
      path: '/tracker/uploads',
      body: { image },
    });
    await reached;
    // 4 MB sealed at 32 KiB/s: about two more minutes than a small request.
    expect(await after(120_000, writing)).toBeUndefined();
    const reason = ((await after(120_000, writing)) as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(RelayTimeoutError);
  });

  it('a stream connect that never answers fails, and the reader goes offline to reconnect', async () => {
    let attempts = 0;
    server.use(
      http.get(`${SERVER}/v1/stream`, () => {
        attempts++;
        return never();
      }),
    );
    const states: StreamState[] = [];
    const errors: unknown[] = [];
    const stream = openEventStream({
      client: client(),
      lastEventId: '5',
      onFrame: () => {},
      onState: (state) => states.push(state),
      onError: (error) => errors.push(error),
      timing: { initialBackoffMs: 1000, maxBackoffMs: 1000, jitter: 0, random: () => 0.5 },
    });
    await vi.advanceTimersByTimeAsync(14_999);
    expect(states).toEqual(['connecting']);
    await vi.advanceTimersByTimeAsync(1);
    expect(states).toEqual(['connecting', 'offline']);
    expect((errors[0] as Error).message).toBe(TIMEOUT);
    await vi.advanceTimersByTimeAsync(1000);
    expect(attempts).toBe(2);
    stream.close();
  });

  it('a connected stream is not cut by the connect deadline', async () => {
    let write = (_text: string) => {};
    server.use(
      http.get(`${SERVER}/v1/stream`, () => {
        const encoder = new TextEncoder();
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            write = (text) => controller.enqueue(encoder.encode(text));
          },
        });
        return new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } });
      }),
    );
    const states: StreamState[] = [];
    const stream = openEventStream({
      client: client(),
      lastEventId: '5',
      onFrame: () => {},
      onState: (state) => states.push(state),
    });
    for (let i = 0; i < 8; i++) {
      await vi.advanceTimersByTimeAsync(10_000);
      write(': ping\n\n');
    }
    expect(states).toEqual(['connecting', 'connected']);
    stream.close();
  });
});
