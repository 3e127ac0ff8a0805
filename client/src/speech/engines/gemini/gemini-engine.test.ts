import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveVoice, type TtsConfig, VoiceHttpError } from '../../tts-engine';
import { geminiEngine } from './gemini-engine';
import { geminiLanguageCode, geminiPaceStyle } from './gemini-voices';

const BASE = 'https://generativelanguage.googleapis.com/v1beta';
const FLASH = `${BASE}/models/gemini-3.8-flash-tts:generateContent`;
const WAV = new Uint8Array([...'RIFF\x24\0\0\0WAVEfmt '].map((c) => c.charCodeAt(0)));
const PCM = new Uint8Array([1, 0, 2, 0, 3, 0]);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const audioAnswer = (data: string, mimeType = 'audio/wav') => ({
  candidates: [
    { content: { role: 'model', parts: [{ inlineData: { mimeType, data } }] }, finishReason: 'STOP' },
  ],
});
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const config: TtsConfig = { values: { apiKey: 'AIza-test' }, model: '', voice: '' };
const input = {
  text: 'Build finished.',
  voice: 'Kore',
  model: 'gemini-3.8-flash-tts',
  rate: 1,
  language: 'en-US',
};
const ctx = () => ({ fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) });
const failure = (promise: Promise<unknown>) => promise.catch((e) => e) as Promise<VoiceHttpError>;

describe('geminiEngine.synthesize', () => {
  it('POSTs generateContent with the key header, voice, language and WAV format', async () => {
    let seen: { key: string | null; body: unknown } | null = null;
    server.use(
      http.post(FLASH, async ({ request }) => {
        seen = { key: request.headers.get('x-goog-api-key'), body: await request.json() };
        return HttpResponse.json(audioAnswer(base64(WAV)));
      }),
    );
    const blob = await geminiEngine.synthesize(input, config, ctx());
    expect(blob.type).toBe('audio/wav');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(WAV);
    expect(seen).toEqual({
      key: 'AIza-test',
      body: {
        contents: [{ role: 'user', parts: [{ text: 'Build finished.' }] }],
        generationConfig: {
          responseModalities: ['AUDIO'],
          speechConfig: { voiceConfig: { voice: 'Kore' }, languageCode: 'en-US' },
          responseFormat: { audio: { mimeType: 'AUDIO_WAV', sampleRate: 24000 } },
        },
      },
    });
  });

  it('asks for pace in words, writes Mandarin as cmn-CN and leaves out unknown languages', async () => {
    const bodies: { contents: { parts: unknown[] }[]; generationConfig: { speechConfig: unknown } }[] = [];
    server.use(
      http.post(`${BASE}/models/gemini-3.8-flash-lite-tts:generateContent`, async ({ request }) => {
        bodies.push((await request.json()) as (typeof bodies)[number]);
        return HttpResponse.json(audioAnswer(base64(WAV)));
      }),
    );
    const lite = { ...input, model: 'gemini-3.8-flash-lite-tts' };
    await geminiEngine.synthesize({ ...lite, rate: 1.5, language: 'zh-CN' }, config, ctx());
    await geminiEngine.synthesize({ ...lite, rate: 0.6, language: 'sw-KE' }, config, ctx());
    expect(bodies[0]?.contents[0]?.parts).toEqual([
      { text: 'Build finished.', speech_metadata: { style: 'speaking rapidly' } },
    ]);
    expect(bodies[0]?.generationConfig.speechConfig).toEqual({
      voiceConfig: { voice: 'Kore' },
      languageCode: 'cmn-CN',
    });
    expect(bodies[1]?.contents[0]?.parts).toEqual([
      { text: 'Build finished.', speech_metadata: { style: 'speaking slowly' } },
    ]);
    expect(bodies[1]?.generationConfig.speechConfig).toEqual({ voiceConfig: { voice: 'Kore' } });
  });

  it('wraps headerless L16 PCM in a WAV header at the rate the answer names', async () => {
    server.use(
      http.post(FLASH, () => HttpResponse.json(audioAnswer(base64(PCM), 'audio/L16;codec=pcm;rate=24000'))),
    );
    const bytes = new Uint8Array(await (await geminiEngine.synthesize(input, config, ctx())).arrayBuffer());
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('RIFF');
    expect(new DataView(bytes.buffer).getUint32(24, true)).toBe(24000);
    expect(bytes.subarray(44)).toEqual(PCM);
  });

  it('reports Google error bodies with status and message', async () => {
    server.use(
      http.post(FLASH, () =>
        HttpResponse.json(
          {
            error: {
              code: 400,
              message: 'API key not valid. Please pass a valid API key.',
              status: 'INVALID_ARGUMENT',
            },
          },
          { status: 400 },
        ),
      ),
    );
    const error = await failure(geminiEngine.synthesize(input, config, ctx()));
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe(
      'Gemini: voice platform answered 400: API key not valid. Please pass a valid API key.',
    );

    server.use(
      http.post(FLASH, () =>
        HttpResponse.json(
          { error: { code: 429, message: 'Resource has been exhausted', status: 'RESOURCE_EXHAUSTED' } },
          { status: 429 },
        ),
      ),
    );
    expect((await failure(geminiEngine.synthesize(input, config, ctx()))).status).toBe(429);
  });

  it('says why an answer holds no audio', async () => {
    server.use(http.post(FLASH, () => HttpResponse.json({ candidates: [{ finishReason: 'OTHER' }] })));
    await expect(geminiEngine.synthesize(input, config, ctx())).rejects.toThrow(
      'Gemini: the answer has no audio (OTHER)',
    );
  });
});

describe('geminiEngine voices', () => {
  it('lists voices from /v1beta/voices with the key header', async () => {
    let key: string | null = null;
    server.use(
      http.get(`${BASE}/voices`, ({ request }) => {
        key = request.headers.get('x-goog-api-key');
        expect(new URL(request.url).searchParams.get('page_size')).toBe('1000');
        return HttpResponse.json({
          voices: [
            { id: 'Kore', display_name: 'Kore' },
            { name: 'voices/my-clone' },
            { description: 'no id' },
          ],
        });
      }),
    );
    const voices = await geminiEngine.listVoices?.(config, ctx());
    expect(key).toBe('AIza-test');
    expect(voices).toEqual([
      { id: 'Kore', name: 'Kore' },
      { id: 'my-clone', name: 'my-clone' },
    ]);
  });

  it('offers 30 voices female first with Kore as default, and no rate', () => {
    const voices = geminiEngine.voices('ja-JP');
    expect(voices).toHaveLength(30);
    expect(voices[0]).toEqual({ id: 'Kore', name: 'Kore · Firm', gender: 'female' });
    const firstMale = voices.findIndex((v) => v.gender === 'male');
    expect(firstMale).toBe(14);
    expect(voices.slice(firstMale).every((v) => v.gender === 'male')).toBe(true);
    expect(geminiEngine.defaultVoice('fr-FR')).toBe('Kore');
    expect(geminiEngine.rate).toBeNull();
    expect(resolveVoice(geminiEngine, 'Puck', 'de-DE')).toBe('Puck');
  });

  it('maps languages and pace', () => {
    expect(['zh-CN', 'zh-SG', 'zh-TW', 'en-us', 'ko-KR', 'ar-SA'].map(geminiLanguageCode)).toEqual([
      'cmn-CN',
      'cmn-CN',
      undefined,
      'en-US',
      'ko-KR',
      undefined,
    ]);
    expect([0.5, 0.85, 0.9, 1, 1.1, 1.15, 2].map(geminiPaceStyle)).toEqual([
      'speaking slowly',
      'speaking slowly',
      undefined,
      undefined,
      undefined,
      'speaking rapidly',
      'speaking rapidly',
    ]);
  });
});
