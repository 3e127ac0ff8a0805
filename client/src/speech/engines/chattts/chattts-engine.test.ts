import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveVoice, type TtsConfig, VoiceHttpError } from '../../tts-engine';
import { chatTtsEngine } from './chattts-engine';

const MP3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const noValues: TtsConfig = { values: {}, model: '', voice: '' };
const input = { text: '部署完成。', voice: 'alloy', model: '', rate: 1, language: 'zh-CN' };
const ctx = () => ({ fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) });

describe('chatTtsEngine', () => {
  it('POSTs {base}/v1/audio/speech without auth and returns the MP3', async () => {
    let seen: { auth: string | null; body: unknown } | null = null;
    server.use(
      http.post('http://127.0.0.1:8000/v1/audio/speech', async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() };
        return new HttpResponse(MP3, { headers: { 'content-type': 'audio/mpeg' } });
      }),
    );
    const blob = await chatTtsEngine.synthesize(input, noValues, ctx());
    expect(blob.type).toBe('audio/mpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(MP3);
    expect(seen).toEqual({
      auth: null,
      body: { model: 'tts-1', input: '部署完成。', voice: 'alloy', response_format: 'mp3' },
    });
  });

  it('uses the configured server address', async () => {
    server.use(http.post('http://gpu.lan:9000/v1/audio/speech', () => new HttpResponse(MP3)));
    const config = { ...noValues, values: { baseUrl: 'http://gpu.lan:9000/' } };
    expect((await chatTtsEngine.synthesize(input, config, ctx())).size).toBe(MP3.byteLength);
  });

  it('reports the server’s FastAPI error detail with its status', async () => {
    server.use(
      http.post('http://127.0.0.1:8000/v1/audio/speech', () =>
        HttpResponse.json({ detail: 'Unsupported voice: nova' }, { status: 400 }),
      ),
    );
    const error = (await chatTtsEngine.synthesize(input, noValues, ctx()).catch((e) => e)) as VoiceHttpError;
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe('ChatTTS: voice platform answered 400: Unsupported voice: nova');

    server.use(
      http.post('http://127.0.0.1:8000/v1/audio/speech', () =>
        HttpResponse.json({ detail: 'Audio generation failed' }, { status: 500 }),
      ),
    );
    const crash = (await chatTtsEngine.synthesize(input, noValues, ctx()).catch((e) => e)) as VoiceHttpError;
    expect(crash.status).toBe(500);
  });

  it('offers its three voices only, default first, and has no rate', () => {
    expect(chatTtsEngine.voices('en-US').map((v) => v.id)).toEqual(['default', 'alloy', 'echo']);
    expect(chatTtsEngine.customVoice).toBe(false);
    expect(chatTtsEngine.defaultVoice('en-US')).toBe('default');
    expect(chatTtsEngine.rate).toBeNull();
    expect(resolveVoice(chatTtsEngine, 'nova', 'en-US')).toBe('default');
    expect(resolveVoice(chatTtsEngine, 'echo', 'ja-JP')).toBe('echo');
  });
});
