import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type TtsConfig, VoiceHttpError } from '../../tts-engine';
import { indexTtsEngine } from './indextts-engine';

const BASE = 'http://127.0.0.1:8092/v1';
const WAV = new Uint8Array([...'RIFF\x24\0\0\0WAVEfmt '].map((c) => c.charCodeAt(0)));
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const noKey: TtsConfig = { values: {}, model: '', voice: '' };
const withKey: TtsConfig = {
  values: { baseUrl: 'https://tts.example/v1/', apiKey: 'sk-local' },
  model: '',
  voice: '',
};
const input = {
  text: 'Done.',
  voice: 'my-voice',
  model: 'IndexTeam/IndexTTS-2',
  rate: 0.75,
  language: 'en-US',
};
const ctx = () => ({ fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) });

describe('indexTtsEngine.synthesize', () => {
  it('POSTs {base}/audio/speech without auth when no key is set and returns the WAV', async () => {
    let seen: { auth: string | null; body: unknown } | null = null;
    server.use(
      http.post(`${BASE}/audio/speech`, async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() };
        return new HttpResponse(WAV, { headers: { 'content-type': 'audio/wav' } });
      }),
    );
    const blob = await indexTtsEngine.synthesize(input, noKey, ctx());
    expect(blob.type).toBe('audio/wav');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(WAV);
    expect(seen).toEqual({
      auth: null,
      body: {
        model: 'IndexTeam/IndexTTS-2',
        input: 'Done.',
        voice: 'my-voice',
        response_format: 'wav',
        speed: 0.75,
      },
    });
  });

  it('sends Bearer when a key is set, and the first model when none is chosen', async () => {
    let seen: { auth: string | null; model: unknown } | null = null;
    server.use(
      http.post('https://tts.example/v1/audio/speech', async ({ request }) => {
        const body = (await request.json()) as { model: unknown };
        seen = { auth: request.headers.get('authorization'), model: body.model };
        return new HttpResponse(WAV);
      }),
    );
    await indexTtsEngine.synthesize({ ...input, model: '' }, withKey, ctx());
    expect(seen).toEqual({ auth: 'Bearer sk-local', model: 'IndexTeam/IndexTTS-2.5' });
  });

  it('reports OpenAI-style errors with status and message', async () => {
    server.use(
      http.post(`${BASE}/audio/speech`, () =>
        HttpResponse.json(
          { error: { message: "Voice 'nobody' not found", type: 'BadRequestError', code: 400 } },
          { status: 400 },
        ),
      ),
    );
    const error = (await indexTtsEngine.synthesize(input, noKey, ctx()).catch((e) => e)) as VoiceHttpError;
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(400);
    expect(error.message).toBe("IndexTTS: voice platform answered 400: Voice 'nobody' not found");
  });

  it('asks for a voice before calling when none is set', async () => {
    await expect(indexTtsEngine.synthesize({ ...input, voice: ' ' }, noKey, ctx())).rejects.toThrow(
      /IndexTTS: no voice is set/,
    );
  });
});

describe('indexTtsEngine voices', () => {
  it('lists voices given as strings under `voices`', async () => {
    server.use(http.get(`${BASE}/audio/voices`, () => HttpResponse.json({ voices: ['alice', 'bob', ''] })));
    expect(await indexTtsEngine.listVoices?.(noKey, ctx())).toEqual([
      { id: 'alice', name: 'alice' },
      { id: 'bob', name: 'bob' },
    ]);
  });

  it('lists voices given as objects under `data`, with the key', async () => {
    server.use(
      http.get('https://tts.example/v1/audio/voices', ({ request }) => {
        expect(request.headers.get('authorization')).toBe('Bearer sk-local');
        return HttpResponse.json({ data: [{ id: 'v1', name: 'Narrator' }, { name: 'only-name' }, { x: 1 }] });
      }),
    );
    expect(await indexTtsEngine.listVoices?.(withKey, ctx())).toEqual([
      { id: 'v1', name: 'Narrator' },
      { id: 'only-name', name: 'only-name' },
    ]);
  });

  it('has no preset voices, takes typed ids, rate 0.5–2, optional key', () => {
    expect(indexTtsEngine.voices('zh-CN')).toEqual([]);
    expect(indexTtsEngine.customVoice).toBe(true);
    expect(indexTtsEngine.defaultVoice('zh-CN')).toBe('');
    expect(indexTtsEngine.rate).toEqual({ min: 0.5, max: 2 });
    expect(indexTtsEngine.fields.find((f) => f.key === 'apiKey')?.optional).toBe(true);
    expect(indexTtsEngine.models.map((m) => m.id)).toEqual([
      'IndexTeam/IndexTTS-2.5',
      'IndexTeam/IndexTTS-2',
    ]);
  });
});
