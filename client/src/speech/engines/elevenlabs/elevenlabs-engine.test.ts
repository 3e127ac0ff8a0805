import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveVoice, VoiceHttpError } from '../../tts-engine';
import { elevenLabsEngine } from './elevenlabs-engine';

const MP3 = new Uint8Array([0xff, 0xfb, 0x90, 0x64, 0, 0, 0, 0]);
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const ctx = { fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) };
const input = { text: 'Hola.', voice: 'voice123', model: 'eleven_v3', rate: 0.8, language: 'es-ES' };

describe('elevenLabsEngine.synthesize', () => {
  it('POSTs the voice path with xi-api-key, the model and the speed', async () => {
    let seen: Record<string, unknown> = {};
    server.use(
      http.post(
        'https://api.eu.residency.elevenlabs.io/v1/text-to-speech/:voice',
        async ({ request, params }) => {
          seen = {
            voice: params.voice,
            format: new URL(request.url).searchParams.get('output_format'),
            key: request.headers.get('xi-api-key'),
            body: await request.json(),
          };
          return new HttpResponse(MP3, { headers: { 'content-type': 'audio/mpeg' } });
        },
      ),
    );
    const config = { values: { apiKey: 'xi-key', server: 'eu' }, model: 'eleven_v3', voice: 'voice123' };
    const blob = await elevenLabsEngine.synthesize(input, config, ctx);
    expect(blob.type).toBe('audio/mpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(MP3);
    expect(seen).toEqual({
      voice: 'voice123',
      format: 'mp3_44100_128',
      key: 'xi-key',
      body: { text: 'Hola.', model_id: 'eleven_v3', voice_settings: { speed: 0.8 } },
    });
  });

  it('uses the global server by default', async () => {
    server.use(http.post('https://api.elevenlabs.io/v1/text-to-speech/:voice', () => new HttpResponse(MP3)));
    const blob = await elevenLabsEngine.synthesize(
      input,
      { values: { apiKey: 'k' }, model: '', voice: '' },
      ctx,
    );
    expect(blob.size).toBe(MP3.byteLength);
  });

  it("reports the status and ElevenLabs' detail message", async () => {
    server.use(
      http.post('https://api.elevenlabs.io/v1/text-to-speech/:voice', () =>
        HttpResponse.json(
          { detail: { status: 'invalid_api_key', message: 'Invalid API key' } },
          { status: 401 },
        ),
      ),
    );
    const error = (await elevenLabsEngine
      .synthesize(input, { values: { apiKey: 'bad' }, model: '', voice: '' }, ctx)
      .catch((e) => e)) as VoiceHttpError;
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('ElevenLabs answered 401: Invalid API key');
  });

  it('reports validation errors (422 detail list)', async () => {
    server.use(
      http.post('https://api.elevenlabs.io/v1/text-to-speech/:voice', () =>
        HttpResponse.json({ detail: [{ loc: ['body', 'text'], msg: 'field required' }] }, { status: 422 }),
      ),
    );
    await expect(
      elevenLabsEngine.synthesize(input, { values: { apiKey: 'k' }, model: '', voice: '' }, ctx),
    ).rejects.toThrow('ElevenLabs answered 422: field required');
  });
});

describe('elevenLabsEngine voices', () => {
  it("lists the account's voices from /v2/voices, female first", async () => {
    let seen: { key: string | null; size: string | null } | null = null;
    server.use(
      http.get('https://api.us.elevenlabs.io/v2/voices', ({ request }) => {
        seen = {
          key: request.headers.get('xi-api-key'),
          size: new URL(request.url).searchParams.get('page_size'),
        };
        return HttpResponse.json({
          voices: [
            { voice_id: 'm1', name: 'Brian', labels: { gender: 'male' } },
            { voice_id: 'f1', name: 'Sarah', labels: { gender: 'female' } },
            { voice_id: 'c1', name: 'Clone', labels: {} },
          ],
          has_more: false,
        });
      }),
    );
    const voices = await elevenLabsEngine.listVoices?.(
      { values: { apiKey: 'k', server: 'us' }, model: '', voice: '' },
      ctx,
    );
    expect(seen).toEqual({ key: 'k', size: '100' });
    expect(voices?.map((v) => v.id)).toEqual(['f1', 'm1', 'c1']);
  });

  it('offers George and Adam for every language, George by default, any id allowed', () => {
    expect(elevenLabsEngine.voices('ja-JP').map((v) => v.name)).toEqual(['George', 'Adam']);
    expect(elevenLabsEngine.defaultVoice('de-DE')).toBe('JBFqnCBsd6RMkjVDRZzb');
    expect(resolveVoice(elevenLabsEngine, 'myClone', 'fr-FR')).toBe('myClone');
    expect(resolveVoice(elevenLabsEngine, '', 'fr-FR')).toBe('JBFqnCBsd6RMkjVDRZzb');
    expect(elevenLabsEngine.models[0]?.id).toBe('eleven_v4');
    expect(elevenLabsEngine.rate).toEqual({ min: 0.7, max: 1.2 });
  });
});
