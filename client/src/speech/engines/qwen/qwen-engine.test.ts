import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveVoice, VoiceHttpError } from '../../tts-engine';
import { qwenEngine } from './qwen-engine';
import { qwenLanguageType } from './qwen-voices';

const PATH = '/api/v1/services/aigc/multimodal-generation/generation';
const WAV = new Uint8Array(
  [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [36, 0, 0, 0],
      [...'WAVE'].map((c) => c.charCodeAt(0)),
    ),
);
const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ctx = { fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) };
const config = { values: { site: 'singapore', apiKey: 'sk-qwen' }, model: '', voice: '' };
const input = {
  text: 'Bonjour.',
  voice: 'Serena',
  model: 'qwen3-tts-instruct-flash',
  rate: 1,
  language: 'fr-CA',
};

describe('qwenEngine.synthesize', () => {
  it('POSTs the generation endpoint with Bearer, model, voice and language_type; downloads the url', async () => {
    let seen: { auth: string | null; body: unknown } | null = null;
    server.use(
      http.post(`https://dashscope-intl.aliyuncs.com${PATH}`, async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() };
        return HttpResponse.json({
          output: {
            finish_reason: 'stop',
            audio: { data: '', url: 'https://oss.example/tts/a.wav', id: 'x' },
          },
          request_id: 'r1',
        });
      }),
      http.get(
        'https://oss.example/tts/a.wav',
        () => new HttpResponse(WAV, { headers: { 'content-type': 'audio/wav' } }),
      ),
    );
    const blob = await qwenEngine.synthesize(input, config, ctx);
    expect(blob.type).toBe('audio/wav');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(WAV);
    expect(seen).toEqual({
      auth: 'Bearer sk-qwen',
      body: {
        model: 'qwen3-tts-instruct-flash',
        input: { text: 'Bonjour.', voice: 'Serena', language_type: 'French' },
      },
    });
  });

  it('decodes base64 output.audio.data when present (Beijing by default)', async () => {
    server.use(
      http.post(`https://dashscope.aliyuncs.com${PATH}`, () =>
        HttpResponse.json({ output: { audio: { data: b64(WAV), url: 'https://oss.example/unused.wav' } } }),
      ),
    );
    const blob = await qwenEngine.synthesize(input, { values: { apiKey: 'k' }, model: '', voice: '' }, ctx);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(WAV);
  });

  it('reports HTTP errors with DashScope code messages', async () => {
    server.use(
      http.post(`https://dashscope-intl.aliyuncs.com${PATH}`, () =>
        HttpResponse.json(
          { code: 'InvalidApiKey', message: 'Invalid API-key provided.', request_id: 'r' },
          { status: 401 },
        ),
      ),
    );
    const error = (await qwenEngine.synthesize(input, config, ctx).catch((e) => e)) as VoiceHttpError;
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Qwen answered 401: Invalid API-key provided.');
  });

  it('treats a code field in a 200 answer as an error; throttling is a 429', async () => {
    server.use(
      http.post(`https://dashscope-intl.aliyuncs.com${PATH}`, () =>
        HttpResponse.json({ code: 'Throttling.RateQuota', message: 'Requests rate limit exceeded' }),
      ),
    );
    await expect(qwenEngine.synthesize(input, config, ctx)).rejects.toMatchObject({
      status: 429,
      message: 'Qwen error Throttling.RateQuota: Requests rate limit exceeded',
    });
    server.use(
      http.post(`https://dashscope-intl.aliyuncs.com${PATH}`, () =>
        HttpResponse.json({ code: 'InvalidParameter', message: 'voice is invalid' }),
      ),
    );
    await expect(qwenEngine.synthesize(input, config, ctx)).rejects.toMatchObject({ status: 400 });
  });

  it('reports a missing audio and a failed download, naming Qwen', async () => {
    server.use(
      http.post(`https://dashscope-intl.aliyuncs.com${PATH}`, () => HttpResponse.json({ output: {} })),
    );
    await expect(qwenEngine.synthesize(input, config, ctx)).rejects.toThrow('Qwen: the answer has no audio');
    server.use(
      http.post(`https://dashscope-intl.aliyuncs.com${PATH}`, () =>
        HttpResponse.json({ output: { audio: { url: 'https://oss.example/gone.wav' } } }),
      ),
      http.get('https://oss.example/gone.wav', () => new HttpResponse('AccessDenied', { status: 403 })),
    );
    await expect(qwenEngine.synthesize(input, config, ctx)).rejects.toThrow(
      'Qwen audio download answered 403: AccessDenied',
    );
  });
});

describe('qwenEngine voices and language', () => {
  it('maps the language subtag to language_type, Auto otherwise', () => {
    expect(
      ['zh-TW', 'en-GB', 'de-CH', 'it-IT', 'pt-BR', 'es-MX', 'ja-JP', 'ko-KR', 'fr-FR', 'ru-RU'].map(
        qwenLanguageType,
      ),
    ).toEqual([
      'Chinese',
      'English',
      'German',
      'Italian',
      'Portuguese',
      'Spanish',
      'Japanese',
      'Korean',
      'French',
      'Russian',
    ]);
    expect(qwenLanguageType('th-TH')).toBe('Auto');
  });

  it('offers one list female first with Cherry by default, and has no rate', () => {
    const voices = qwenEngine.voices('en-US');
    expect(voices[0]?.id).toBe('Cherry');
    const firstMale = voices.findIndex((v) => v.gender === 'male');
    expect(voices.slice(0, firstMale).every((v) => v.gender === 'female')).toBe(true);
    expect(voices.slice(firstMale).every((v) => v.gender === 'male')).toBe(true);
    expect(qwenEngine.defaultVoice('de-DE')).toBe('Cherry');
    expect(resolveVoice(qwenEngine, 'Ethan', 'ja-JP')).toBe('Ethan');
    expect(resolveVoice(qwenEngine, 'nobody', 'ja-JP')).toBe('Cherry');
    expect(qwenEngine.rate).toBeNull();
    expect(qwenEngine.models.map((m) => m.id)).toEqual(['qwen3-tts-flash', 'qwen3-tts-instruct-flash']);
  });
});
