import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { withDeadlines } from './deadline-fetch';
import { RequestTimeoutError } from './request-deadline';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

const never = () => new Promise<never>(() => {});

/** Settles `promise` while the fake clock moves `ms` ahead. */
async function after<T>(ms: number, promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  const settled = Promise.allSettled([promise]).then(([result]) => result as PromiseSettledResult<T>);
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

describe('withDeadlines', () => {
  it('fails a request that never answers with a timeout naming the host', async () => {
    server.use(http.post('https://tts.example.com/v1/speech', never));
    const requests = withDeadlines(globalThis.fetch, 20_000, 'the voice platform');
    const hung = requests.fetch('https://tts.example.com/v1/speech', { method: 'POST', body: 'hi' });
    const early = await after(19_000, Promise.race([hung, Promise.resolve('still waiting')]));
    expect(early).toEqual({ status: 'fulfilled', value: 'still waiting' });
    const result = await after(1000, hung);
    expect(result.status).toBe('rejected');
    const reason = (result as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(RequestTimeoutError);
    expect(reason.message).toBe('the voice platform at tts.example.com did not answer within 20 s');
    expect(requests.expired()).toBe(reason);
  });

  it('cuts a body that stops half-way, until cleared', async () => {
    const encoder = new TextEncoder();
    server.use(
      http.get('https://tts.example.com/audio', () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('ID3 first bytes'));
          },
        });
        return new HttpResponse(body);
      }),
    );
    const requests = withDeadlines(globalThis.fetch, 20_000, 'the voice platform');
    const response = await requests.fetch('https://tts.example.com/audio');
    const result = await after(20_000, response.arrayBuffer());
    expect(result).toEqual({ status: 'rejected', reason: requests.expired() });
    expect(requests.expired()?.message).toBe(
      'the voice platform at tts.example.com did not answer within 20 s',
    );
  });

  it("passes the caller's own abort through, with its reason", async () => {
    server.use(http.get('https://tts.example.com/voices', never));
    const requests = withDeadlines(globalThis.fetch, 20_000, 'the voice platform');
    const caller = new AbortController();
    const pending = requests.fetch('https://tts.example.com/voices', { signal: caller.signal });
    const reason = new DOMException('the call was hung up', 'AbortError');
    caller.abort(reason);
    const result = await after(0, pending);
    expect(result).toEqual({ status: 'rejected', reason });
    expect(requests.expired()).toBeNull();
  });

  it('leaves nothing counting once cleared', async () => {
    server.use(http.get('https://tts.example.com/ok', () => HttpResponse.text('fine')));
    const requests = withDeadlines(globalThis.fetch, 20_000, 'the voice platform');
    const response = await requests.fetch(new URL('https://tts.example.com/ok'));
    expect(await response.text()).toBe('fine');
    requests.clear();
    expect(vi.getTimerCount()).toBe(0);
  });
});
