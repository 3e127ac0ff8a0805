import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequestTimeoutError } from '../net';
import { findEngine } from './engine-registry';
import { withRequestDeadlines } from './request-deadlines';
import { createSpeechCache } from './speech-cache';
import { createSpeechService } from './speech-service';
import { type TtsConfig, type TtsEngine, VoiceHttpError, VoiceUnavailableError } from './tts-engine';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  server.resetHandlers();
});
afterAll(() => server.close());

const BASE = 'https://tts.example.com/v1';
const TIMEOUT = 'the voice platform at tts.example.com did not answer within 20 s';
const openAi: TtsConfig = { values: { baseUrl: BASE, apiKey: 'sk-voice' }, model: '', voice: '' };
const input = { text: 'The tests pass.', voice: 'marin', model: 'tts-1', rate: 1, language: 'en-US' };
const fetchNow: typeof fetch = (url, init) => globalThis.fetch(url, init);

/** Settles `promise` while the fake clock moves `ms` ahead. */
async function after<T>(ms: number, promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  const settled = Promise.allSettled([promise]).then(([result]) => result as PromiseSettledResult<T>);
  await vi.advanceTimersByTimeAsync(ms);
  return settled;
}

function registered(id: string): TtsEngine {
  const engine = findEngine(id);
  if (!engine) throw new Error(`no engine ${id}`);
  return engine;
}

describe('voice requests have a deadline', () => {
  it('fails a sentence whose platform never answers with a timeout naming its host', async () => {
    let requests = 0;
    server.use(
      http.post(`${BASE}/audio/speech`, () => {
        requests++;
        return new Promise<never>(() => {});
      }),
    );
    const speaking = registered('openai').synthesize(input, openAi, { fetch: fetchNow });
    expect(await after(19_999, Promise.race([speaking, Promise.resolve('waiting')]))).toEqual({
      status: 'fulfilled',
      value: 'waiting',
    });
    const result = await after(1, speaking);
    expect(result.status).toBe('rejected');
    const reason = (result as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(RequestTimeoutError);
    expect(reason.message).toBe(TIMEOUT);
    expect(requests).toBe(1);
  });

  it('through the speech service: not retried, and the failure says which platform timed out', async () => {
    let requests = 0;
    server.use(
      http.post(`${BASE}/audio/speech`, () => {
        requests++;
        return new Promise<never>(() => {});
      }),
    );
    const speech = createSpeechService({
      engines: [registered('openai')],
      cache: createSpeechCache({ store: null }),
      random: () => 0.5,
    });
    const options = { engineId: 'openai', config: openAi, language: 'en-US', rate: 1 };
    const result = await after(60_000, speech.synthesize('The tests pass.', options));
    const reason = (result as PromiseRejectedResult).reason;
    expect(reason).toBeInstanceOf(VoiceUnavailableError);
    expect(reason.message).toBe(`voice service unavailable: ${TIMEOUT}`);
    // A hung platform stays hung: another try would only make the call wait longer.
    expect(requests).toBe(1);
  });

  it("still ends at once on the caller's own abort, with its reason", async () => {
    server.use(http.post(`${BASE}/audio/speech`, () => new Promise<never>(() => {})));
    const caller = new AbortController();
    const speaking = registered('openai').synthesize(input, openAi, {
      fetch: fetchNow,
      signal: caller.signal,
    });
    const hungUp = new DOMException('the call was hung up', 'AbortError');
    caller.abort(hungUp);
    expect(await after(0, speaking)).toEqual({ status: 'rejected', reason: hungUp });
  });

  it('covers voice lists too', async () => {
    server.use(http.get('https://api.elevenlabs.io/v2/voices', () => new Promise<never>(() => {})));
    const engine = registered('elevenlabs');
    const listing = engine.listVoices?.(
      { values: { apiKey: 'xi' }, model: '', voice: '' },
      { fetch: fetchNow },
    );
    const result = await after(20_000, listing ?? Promise.reject(new Error('no voice list')));
    expect((result as PromiseRejectedResult).reason.message).toBe(
      'the voice platform at api.elevenlabs.io did not answer within 20 s',
    );
  });

  it('names the timeout even when the engine turned the cut-off read into its own error', async () => {
    server.use(
      http.get('https://tts.example.com/audio.mp3', () => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array([0x49, 0x44, 0x33]));
          },
        });
        return new HttpResponse(body);
      }),
    );
    const reading: TtsEngine = {
      ...registered('openai'),
      async synthesize(_input, _config, ctx) {
        const response = await ctx.fetch('https://tts.example.com/audio.mp3', { signal: ctx.signal });
        try {
          return new Blob([await response.arrayBuffer()]);
        } catch {
          throw new VoiceHttpError('the audio could not be read');
        }
      },
    };
    const result = await after(
      20_000,
      withRequestDeadlines(reading).synthesize(input, openAi, { fetch: fetchNow }),
    );
    expect((result as PromiseRejectedResult).reason.message).toBe(TIMEOUT);
  });

  it('leaves no timer behind once a sentence is spoken', async () => {
    server.use(
      http.post(`${BASE}/audio/speech`, () =>
        HttpResponse.arrayBuffer(new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0]).buffer, {
          headers: { 'content-type': 'audio/mpeg' },
        }),
      ),
    );
    const audio = await registered('openai').synthesize(input, openAi, { fetch: fetchNow });
    expect(audio.size).toBeGreaterThan(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
