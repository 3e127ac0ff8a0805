import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VoiceHttpError } from '../tts-engine';
import { openAiSpeechEngine } from './openai-speech';

const MP3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const input = { text: 'Hello there.', voice: 'nova', model: 'tts-1', rate: 1.5, language: 'en-US' };
const ctx = () => ({ fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) });

describe('openAiSpeechEngine', () => {
  it('POSTs {base}/audio/speech with a Bearer key and the speech body', async () => {
    let seen: { auth: string | null; body: unknown } | null = null;
    server.use(
      http.post('https://proxy.example/v1/audio/speech', async ({ request }) => {
        seen = { auth: request.headers.get('authorization'), body: await request.json() };
        return new HttpResponse(MP3, { headers: { 'content-type': 'audio/mpeg' } });
      }),
    );
    const blob = await openAiSpeechEngine.synthesize(
      input,
      { values: { baseUrl: 'https://proxy.example/v1/', apiKey: 'sk-test' }, model: 'tts-1', voice: 'nova' },
      ctx(),
    );
    expect(blob.type).toBe('audio/mpeg');
    expect(blob.size).toBe(MP3.byteLength);
    expect(seen).toEqual({
      auth: 'Bearer sk-test',
      body: { model: 'tts-1', input: 'Hello there.', voice: 'nova', response_format: 'mp3', speed: 1.5 },
    });
  });

  it('uses the default base address', async () => {
    server.use(http.post('https://api.openai.com/v1/audio/speech', () => new HttpResponse(MP3)));
    const blob = await openAiSpeechEngine.synthesize(
      input,
      { values: { apiKey: 'k' }, model: '', voice: '' },
      ctx(),
    );
    expect(blob.size).toBe(MP3.byteLength);
  });

  it('turns an error answer into VoiceHttpError with its status and message', async () => {
    server.use(
      http.post('https://api.openai.com/v1/audio/speech', () =>
        HttpResponse.json({ error: { message: 'Incorrect API key provided' } }, { status: 401 }),
      ),
    );
    const error = (await openAiSpeechEngine
      .synthesize(input, { values: { apiKey: 'bad' }, model: '', voice: '' }, ctx())
      .catch((e) => e)) as VoiceHttpError;
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(401);
    expect(error.message).toContain('Incorrect API key provided');
  });

  it('offers its voices female first with marin as default', () => {
    const voices = openAiSpeechEngine.voices('en-US');
    expect(voices).toHaveLength(13);
    expect(voices[0]?.id).toBe('marin');
    const firstMale = voices.findIndex((v) => v.gender === 'male');
    expect(voices.slice(firstMale).every((v) => v.gender === 'male')).toBe(true);
    expect(openAiSpeechEngine.models.map((m) => m.id)).toEqual(['gpt-4o-mini-tts', 'tts-1-hd', 'tts-1']);
  });
});
