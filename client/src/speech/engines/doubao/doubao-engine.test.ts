import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveVoice, VoiceHttpError } from '../../tts-engine';
import { doubaoEngine } from './doubao-engine';
import { doubaoResourceId, doubaoSpeechRate } from './doubao-voices';

const ENDPOINT = 'https://openspeech.bytedance.com/api/v3/tts/unidirectional/sse';
const PART_1 = new Uint8Array([0x49, 0x44, 0x33, 4, 0]);
const PART_2 = new Uint8Array([0, 0, 0, 0, 0x7f]);
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const sse = (...frames: unknown[]) =>
  new HttpResponse(frames.map((f) => `event: 352\ndata: ${JSON.stringify(f)}\n\n`).join(''), {
    headers: { 'content-type': 'text/event-stream' },
  });

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ctx = { fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) };
const input = {
  text: '你好',
  voice: 'zh_female_vv_uranus_bigtts',
  model: 'seed-tts-1.0',
  rate: 1.5,
  language: 'zh-CN',
};
const newConsole = { values: { apiKey: 'api-key' }, model: 'seed-tts-1.0', voice: '' };

describe('doubaoEngine.synthesize', () => {
  it('sends X-Api-Key, the resource id of the voice family and joins the SSE audio', async () => {
    let seen: Record<string, unknown> = {};
    server.use(
      http.post(ENDPOINT, async ({ request }) => {
        const h = request.headers;
        seen = {
          key: h.get('x-api-key'),
          appId: h.get('x-api-app-id'),
          resource: h.get('x-api-resource-id'),
          requestId: h.get('x-api-request-id'),
          body: await request.json(),
        };
        return sse(
          { code: 0, message: '', data: b64(PART_1) },
          { code: 0, message: '', data: b64(PART_2) },
          { code: 20000000, message: 'OK', data: null },
        );
      }),
    );
    const blob = await doubaoEngine.synthesize(input, newConsole, ctx);
    expect(blob.type).toBe('audio/mpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([...PART_1, ...PART_2]));
    expect(seen).toMatchObject({ key: 'api-key', appId: null, resource: 'seed-tts-2.0' });
    expect(seen.requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(seen.body).toEqual({
      user: { uid: 'ringback' },
      req_params: {
        text: '你好',
        speaker: 'zh_female_vv_uranus_bigtts',
        audio_params: { format: 'mp3', sample_rate: 24000, speech_rate: 50 },
      },
    });
  });

  it('uses App ID + access token for old-console apps and the model for cloned voices', async () => {
    let seen: Record<string, unknown> = {};
    server.use(
      http.post(ENDPOINT, async ({ request }) => {
        const h = request.headers;
        seen = {
          key: h.get('x-api-key'),
          appId: h.get('x-api-app-id'),
          access: h.get('x-api-access-key'),
          resource: h.get('x-api-resource-id'),
          uid: ((await request.json()) as { user: { uid: string } }).user.uid,
        };
        return sse({ code: 0, data: b64(PART_1) }, { code: 20000000, message: 'OK' });
      }),
    );
    const clone = { ...input, voice: 'S_abc123', model: 'seed-icl-2.0' };
    await doubaoEngine.synthesize(
      clone,
      { values: { apiKey: 'token', appId: '12345' }, model: '', voice: '' },
      ctx,
    );
    expect(seen).toEqual({
      key: null,
      appId: '12345',
      access: 'token',
      resource: 'seed-icl-2.0',
      uid: '12345',
    });
  });

  it('fails on a non-zero frame code; quota exceeded is a 429', async () => {
    server.use(
      http.post(ENDPOINT, () => sse({ code: 45000000, message: 'quota exceeded for types: concurrency' })),
    );
    const error = (await doubaoEngine.synthesize(input, newConsole, ctx).catch((e) => e)) as VoiceHttpError;
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(429);
    expect(error.message).toBe('Doubao error 45000000: quota exceeded for types: concurrency');
    server.use(
      http.post(ENDPOINT, () => sse({ code: 0, data: b64(PART_1) }, { code: 55000000, message: 'internal' })),
    );
    await expect(doubaoEngine.synthesize(input, newConsole, ctx)).rejects.toMatchObject({
      status: 400,
      message: 'Doubao error 55000000: internal',
    });
  });

  it('reports HTTP errors with their message and empty streams', async () => {
    server.use(
      http.post(ENDPOINT, () =>
        HttpResponse.json({ header: { code: 45000010, message: 'invalid X-Api-Key' } }, { status: 401 }),
      ),
    );
    await expect(doubaoEngine.synthesize(input, newConsole, ctx)).rejects.toMatchObject({
      status: 401,
      message: 'Doubao answered 401: invalid X-Api-Key',
    });
    server.use(http.post(ENDPOINT, () => sse({ code: 20000000, message: 'OK' })));
    await expect(doubaoEngine.synthesize(input, newConsole, ctx)).rejects.toThrow(
      'Doubao: the stream held no audio',
    );
  });
});

describe('doubaoEngine voices and mapping', () => {
  it('maps rate to speech_rate and voice families to resource ids', () => {
    expect([0.5, 0.8, 1, 1.234, 2, 3].map(doubaoSpeechRate)).toEqual([-50, -20, 0, 23, 100, 100]);
    expect(doubaoResourceId('zh_male_qingcang_mars_bigtts', 'seed-tts-2.0')).toBe('seed-tts-1.0');
    expect(doubaoResourceId('zh_male_dongfanghaoran_moon_bigtts', 'seed-icl-2.0')).toBe('seed-tts-1.0');
    expect(doubaoResourceId('S_x', '')).toBe('seed-tts-2.0');
  });

  it('offers one list for every language, female first, Vivi by default', () => {
    const voices = doubaoEngine.voices('en-US');
    expect(voices).toBe(doubaoEngine.voices('ja-JP'));
    expect(voices[0]?.id).toBe('zh_female_vv_uranus_bigtts');
    const firstMale = voices.findIndex((v) => v.gender === 'male');
    expect(voices.slice(firstMale).every((v) => v.gender === 'male')).toBe(true);
    expect(doubaoEngine.defaultVoice('fr-FR')).toBe('zh_female_vv_uranus_bigtts');
    expect(resolveVoice(doubaoEngine, 'S_myclone', 'en-US')).toBe('S_myclone');
    expect(doubaoEngine.rate).toEqual({ min: 0.5, max: 2 });
  });
});
