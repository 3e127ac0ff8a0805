import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveVoice, VoiceHttpError } from '../../tts-engine';
import { minimaxEngine } from './minimax-engine';

const MP3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0xab]);
const MP3_HEX = Array.from(MP3, (b) => b.toString(16).padStart(2, '0')).join('');
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ctx = { fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) };
const config = { values: { site: 'intl', apiKey: 'mm-key' }, model: '', voice: '' };
const input = {
  text: '你好。',
  voice: 'female-shaonv',
  model: 'speech-2.6-turbo',
  rate: 1.25,
  language: 'zh-CN',
};
const ok = { status_code: 0, status_msg: 'success' };

describe('minimaxEngine.synthesize', () => {
  it('POSTs /v1/t2a_v2 with Bearer and the full body, decoding hex audio', async () => {
    let seen: { auth: string | null; body: unknown } | null = null;
    server.use(
      http.post('https://api.minimax.io/v1/t2a_v2', async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() };
        return HttpResponse.json({ data: { audio: MP3_HEX, status: 2 }, base_resp: ok });
      }),
    );
    const blob = await minimaxEngine.synthesize(input, config, ctx);
    expect(blob.type).toBe('audio/mpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(MP3);
    expect(seen).toEqual({
      auth: 'Bearer mm-key',
      body: {
        model: 'speech-2.6-turbo',
        text: '你好。',
        stream: false,
        voice_setting: { voice_id: 'female-shaonv', speed: 1.25, vol: 1, pitch: 0 },
        audio_setting: { sample_rate: 32000, bitrate: 128000, format: 'mp3', channel: 1 },
        language_boost: 'auto',
        output_format: 'hex',
      },
    });
  });

  it('uses the China site by default', async () => {
    server.use(
      http.post('https://api.minimax.cn/v1/t2a_v2', () =>
        HttpResponse.json({ data: { audio: MP3_HEX }, base_resp: ok }),
      ),
    );
    const blob = await minimaxEngine.synthesize(
      input,
      { values: { apiKey: 'k' }, model: '', voice: '' },
      ctx,
    );
    expect(blob.size).toBe(MP3.byteLength);
  });

  it.each([
    [1002, 'rate limit exceeded', 429],
    [1039, 'token limit', 429],
    [1041, 'conn limit', 429],
    [2045, 'rate growth limit', 429],
    [1004, 'login fail', 400],
    [2013, 'invalid params', 400],
  ])('turns base_resp %i in an HTTP 200 into status %i', async (code, message, status) => {
    server.use(
      http.post('https://api.minimax.io/v1/t2a_v2', () =>
        HttpResponse.json({ data: null, base_resp: { status_code: code, status_msg: message } }),
      ),
    );
    const error = (await minimaxEngine.synthesize(input, config, ctx).catch((e) => e)) as VoiceHttpError;
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(status);
    expect(error.message).toBe(`MiniMax error ${code}: ${message}`);
  });

  it('reports HTTP errors and answers without audio, naming MiniMax', async () => {
    server.use(
      http.post('https://api.minimax.io/v1/t2a_v2', () => new HttpResponse('bad gateway', { status: 502 })),
    );
    await expect(minimaxEngine.synthesize(input, config, ctx)).rejects.toThrow(
      'MiniMax answered 502: bad gateway',
    );
    server.use(
      http.post('https://api.minimax.io/v1/t2a_v2', () => HttpResponse.json({ data: {}, base_resp: ok })),
    );
    await expect(minimaxEngine.synthesize(input, config, ctx)).rejects.toThrow(
      'MiniMax: the answer has no audio',
    );
    server.use(
      http.post('https://api.minimax.io/v1/t2a_v2', () =>
        HttpResponse.json({ data: { audio: 'xyz' }, base_resp: ok }),
      ),
    );
    await expect(minimaxEngine.synthesize(input, config, ctx)).rejects.toThrow(
      'MiniMax: the audio is not valid hex',
    );
  });
});

describe('minimaxEngine voices', () => {
  it('lists cloned, designed, then system voices from /v1/get_voice', async () => {
    let body: unknown = null;
    server.use(
      http.post('https://api.minimax.io/v1/get_voice', async ({ request }) => {
        body = await request.json();
        return HttpResponse.json({
          system_voice: [{ voice_id: 'English_Graceful_Lady', voice_name: 'Graceful Lady', description: [] }],
          voice_cloning: [{ voice_id: 'my-clone', description: [], created_time: '2025-01-01' }],
          voice_generation: [{ voice_id: 'ttv-voice-1', description: [] }],
          base_resp: ok,
        });
      }),
    );
    const voices = await minimaxEngine.listVoices?.(config, ctx);
    expect(body).toEqual({ voice_type: 'all' });
    expect(voices?.map((v) => v.id)).toEqual(['my-clone', 'ttv-voice-1', 'English_Graceful_Lady']);
  });

  it('offers per-language voices female first, Cantonese for zh-HK, en+zh elsewhere', () => {
    for (const language of ['zh-CN', 'en-US', 'ja-JP', 'pt-BR', 'xx-XX']) {
      const voices = minimaxEngine.voices(language);
      const firstMale = voices.findIndex((v) => v.gender === 'male');
      expect(voices.slice(0, firstMale).every((v) => v.gender === 'female')).toBe(true);
      expect(voices.slice(firstMale).every((v) => v.gender === 'male')).toBe(true);
    }
    expect(minimaxEngine.voices('zh-HK').every((v) => v.id.startsWith('Cantonese_'))).toBe(true);
    expect(minimaxEngine.voices('zh-TW').some((v) => v.id === 'female-shaonv')).toBe(true);
    const fallback = minimaxEngine.voices('sw-KE').map((v) => v.id);
    expect(fallback).toContain('English_Graceful_Lady');
    expect(fallback).toContain('female-shaonv');
  });

  it('picks the preferred defaults, else the first female voice', () => {
    expect(minimaxEngine.defaultVoice('zh-CN')).toBe('female-shaonv');
    expect(minimaxEngine.defaultVoice('en-GB')).toBe('English_Graceful_Lady');
    expect(minimaxEngine.defaultVoice('zh-HK')).toBe('Cantonese_GentleLady');
    expect(minimaxEngine.defaultVoice('ja-JP')).toBe('Japanese_CalmLady');
    expect(minimaxEngine.defaultVoice('ko-KR')).toBe('Korean_CalmLady');
    expect(minimaxEngine.defaultVoice('de-DE')).toBe('German_SweetLady');
    expect(minimaxEngine.defaultVoice('sw-KE')).toBe('English_Graceful_Lady');
    expect(resolveVoice(minimaxEngine, 'female-shaonv', 'ja-JP')).toBe('Japanese_CalmLady');
    expect(resolveVoice(minimaxEngine, 'female-shaonv', 'zh-CN')).toBe('female-shaonv');
  });
});
