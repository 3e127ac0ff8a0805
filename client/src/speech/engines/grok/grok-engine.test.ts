import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveVoice, type TtsConfig, VoiceHttpError } from '../../tts-engine';
import { GROK_VOICES, grokEngine, grokLanguage } from './grok-engine';

const TTS = 'https://api.x.ai/v1/tts';
const MP3 = new Uint8Array([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]);
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const config: TtsConfig = { values: { apiKey: 'xai-test' }, model: '', voice: '' };
const input = { text: 'Tests pass.', voice: 'ara', model: '', rate: 1.25, language: 'es-AR' };
const ctx = () => ({ fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) });
const failure = (promise: Promise<unknown>) => promise.catch((e) => e) as Promise<VoiceHttpError>;

describe('grokEngine.synthesize', () => {
  it('POSTs /v1/tts with Bearer key, language, voice, MP3 format and speed', async () => {
    let seen: { auth: string | null; body: unknown } | null = null;
    server.use(
      http.post(TTS, async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() };
        return new HttpResponse(MP3, { headers: { 'content-type': 'audio/mpeg' } });
      }),
    );
    const blob = await grokEngine.synthesize(input, config, ctx());
    expect(blob.type).toBe('audio/mpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(MP3);
    expect(seen).toEqual({
      auth: 'Bearer xai-test',
      body: {
        text: 'Tests pass.',
        language: 'es-MX',
        voice_id: 'ara',
        output_format: { codec: 'mp3', sample_rate: 24000, bit_rate: 128000 },
        speed: 1.25,
      },
    });
  });

  it('reports xAI error bodies with platform, status and message', async () => {
    server.use(
      http.post(TTS, () =>
        HttpResponse.json(
          { code: 'Client specified an invalid argument', error: 'Incorrect API key provided: xa***st.' },
          { status: 400 },
        ),
      ),
    );
    const error = await failure(grokEngine.synthesize(input, config, ctx()));
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Grok: voice platform answered 400: Incorrect API key provided: xa***st.');

    server.use(http.post(TTS, () => HttpResponse.json({ error: 'rate limited' }, { status: 429 })));
    expect((await failure(grokEngine.synthesize(input, config, ctx()))).status).toBe(429);
  });

  it('refuses a 200 answer that is JSON instead of audio', async () => {
    server.use(http.post(TTS, () => HttpResponse.json({ audio: 'nope' })));
    const error = await failure(grokEngine.synthesize(input, config, ctx()));
    expect(error.message).toMatch(/^Grok: the answer is application\/json, not audio/);
  });
});

describe('grokEngine voices and languages', () => {
  it('lists voices from /v1/tts/voices', async () => {
    server.use(
      http.get(`${TTS}/voices`, ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer xai-test');
        return HttpResponse.json({
          voices: [
            { voice_id: 'eve', name: 'Eve', gender: 'Female' },
            { voice_id: 'my-clone' },
            { name: 'x' },
          ],
        });
      }),
    );
    expect(await grokEngine.listVoices?.(config, ctx())).toEqual([
      { id: 'eve', name: 'Eve', gender: 'female' },
      { id: 'my-clone', name: 'my-clone' },
    ]);
  });

  it('offers 28 voices for any language, female first, default eve, rate 0.7–1.5', () => {
    expect(grokEngine.voices('ko-KR')).toBe(GROK_VOICES);
    expect(GROK_VOICES).toHaveLength(28);
    expect(new Set(GROK_VOICES.map((v) => v.id)).size).toBe(28);
    expect(GROK_VOICES.slice(0, 2).map((v) => [v.id, v.gender])).toEqual([
      ['eve', 'female'],
      ['ara', 'female'],
    ]);
    expect(GROK_VOICES.slice(-2).map((v) => v.gender)).toEqual(['male', 'male']);
    expect(grokEngine.defaultVoice('ko-KR')).toBe('eve');
    expect(grokEngine.rate).toEqual({ min: 0.7, max: 1.5 });
    expect(resolveVoice(grokEngine, '', 'en-US')).toBe('eve');
  });

  it('maps the call language: exact, same language elsewhere, else auto', () => {
    expect(
      ['en-US', 'en', 'pt-br', 'pt-AO', 'ar-EG', 'ar-MA', 'zh-CN', 'es-ES', 'es-AR', 'sw-KE'].map(
        grokLanguage,
      ),
    ).toEqual(['en', 'en', 'pt-BR', 'pt-BR', 'ar-EG', 'ar-EG', 'zh', 'es-ES', 'es-MX', 'auto']);
  });
});
