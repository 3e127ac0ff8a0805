import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerContext } from './answer-messages';
import { chatRoute, FAKE_BASE } from './fake-llm';
import { LlmCallError, listModels, streamAnswer, testConnection } from './index';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

const llm = { baseUrl: FAKE_BASE, apiKey: 'sk-test-secret', model: 'fake-model' };
const context: AnswerContext = {
  report: { text: 'Done.', cwd: '/srv/app', source: 'claude-code' },
  brief: null,
  progress: { heardSentences: [], remainingSentences: [] },
  history: [],
  question: 'What changed?',
  language: 'en-US',
  formOfAddress: 'boss',
};
const never = () => new Promise<never>(() => {});

/** An answer the test streams a chunk at a time, as a slow endpoint would. */
function liveAnswer() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  const send = (delta: object, finish: string | null = null) =>
    controller.enqueue(
      encoder.encode(
        `data: ${JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          created: 1,
          model: 'fake-model',
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`,
      ),
    );
  return {
    response: () => new HttpResponse(body, { headers: { 'content-type': 'text/event-stream' } }),
    say: (content: string) => send({ content }),
    end() {
      send({}, 'stop');
      controller.enqueue(encoder.encode('data: [DONE]\n\n'));
      controller.close();
    },
  };
}

/** Reads the whole answer in the background: what came so far, and how it ended. */
function listen(signal?: AbortSignal) {
  const parts: string[] = [];
  const ended = (async () => {
    for await (const part of streamAnswer({ ...context, llm, ...(signal ? { signal } : {}) }))
      parts.push(part);
  })().then(
    () => ({ ok: true as const }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  let outcome: Awaited<typeof ended> | undefined;
  void ended.then((value) => {
    outcome = value;
  });
  return { parts, outcome: () => outcome };
}

describe('a streamed answer', () => {
  it('fails with the endpoint named when it does not start answering in time', async () => {
    server.use(chatRoute(never));
    const answer = listen();
    await vi.advanceTimersByTimeAsync(29_999);
    expect(answer.outcome()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    const outcome = answer.outcome();
    expect(outcome?.ok).toBe(false);
    const error = (outcome as { error: unknown }).error;
    expect(error).toBeInstanceOf(LlmCallError);
    expect((error as LlmCallError).reason).toBe('the model endpoint at llm.test did not answer within 30 s');
  });

  it('fails when headers came but no chunk follows', async () => {
    const live = liveAnswer();
    server.use(chatRoute(() => live.response()));
    const answer = listen();
    await vi.advanceTimersByTimeAsync(30_000);
    expect((answer.outcome() as { error: LlmCallError }).error.reason).toBe(
      'the model endpoint at llm.test did not answer within 30 s',
    );
  });

  it('is not cut while it keeps coming, however long it takes in all', async () => {
    const live = liveAnswer();
    server.use(chatRoute(() => live.response()));
    const answer = listen();
    // First words after 25 s, then one every 15 s: 10 minutes in all.
    await vi.advanceTimersByTimeAsync(25_000);
    for (let i = 0; i < 40; i++) {
      live.say(`part ${i}. `);
      await vi.advanceTimersByTimeAsync(15_000);
    }
    expect(answer.outcome()).toBeUndefined();
    live.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(answer.outcome()).toEqual({ ok: true });
    expect(answer.parts).toHaveLength(40);
    expect(answer.parts.at(-1)).toBe('part 39. ');
  });

  it('fails when it stops half-way, keeping what was said', async () => {
    const live = liveAnswer();
    server.use(chatRoute(() => live.response()));
    const answer = listen();
    live.say('The parser ');
    await vi.advanceTimersByTimeAsync(5000);
    live.say('changed.');
    await vi.advanceTimersByTimeAsync(19_999);
    expect(answer.outcome()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(answer.parts).toEqual(['The parser ', 'changed.']);
    expect((answer.outcome() as { error: LlmCallError }).error.reason).toBe(
      'the model endpoint at llm.test stopped answering for 20 s',
    );
  });

  it("still ends on the caller's own abort, as a cancellation and not a timeout", async () => {
    server.use(chatRoute(never));
    const caller = new AbortController();
    const answer = listen(caller.signal);
    await vi.advanceTimersByTimeAsync(1000);
    caller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect((answer.outcome() as { error: LlmCallError }).error.reason).toBe('the request was cancelled');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the settings calls', () => {
  it('give up on a model list that never comes, naming the endpoint', async () => {
    server.use(http.get(`${FAKE_BASE}/models`, never));
    const listing = listModels(llm);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await listing).toEqual({
      ok: false,
      reason: 'the model endpoint at llm.test did not answer within 30 s',
    });
  });

  it('give up on a connection test whose answer stops after the headers', async () => {
    const live = liveAnswer();
    server.use(chatRoute(() => live.response()));
    const testing = testConnection(llm);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await testing).toEqual({
      ok: false,
      reason: 'the model endpoint at llm.test did not answer within 30 s',
    });
  });

  it("end at once on the caller's abort", async () => {
    server.use(http.get(`${FAKE_BASE}/models`, never));
    const caller = new AbortController();
    const listing = listModels(llm, { signal: caller.signal });
    caller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(await listing).toEqual({ ok: false, reason: 'the request was cancelled' });
  });
});
