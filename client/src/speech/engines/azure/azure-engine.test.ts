import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveVoice, VoiceHttpError } from '../../tts-engine';
import { azureSpeechEngine } from './azure-engine';

const MP3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
const BASE = 'https://westeurope.tts.speech.microsoft.com/cognitiveservices';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const config = { values: { region: 'WestEurope', apiKey: 'azure-key' }, model: '', voice: '' };
const ctx = { fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) };
const input = {
  text: 'Guten Tag.',
  voice: 'en-US-AvaMultilingualNeural',
  model: '',
  rate: 1.5,
  language: 'de-DE',
};

describe('azureSpeechEngine.synthesize', () => {
  it('POSTs SSML to the region endpoint with the key and MP3 output format', async () => {
    let seen: Record<string, string | null> = {};
    server.use(
      http.post(`${BASE}/v1`, async ({ request }) => {
        seen = {
          key: request.headers.get('ocp-apim-subscription-key'),
          type: request.headers.get('content-type'),
          format: request.headers.get('x-microsoft-outputformat'),
          body: await request.text(),
        };
        return new HttpResponse(MP3, { headers: { 'content-type': 'audio/mpeg' } });
      }),
    );
    const blob = await azureSpeechEngine.synthesize(input, config, ctx);
    expect(blob.type).toBe('audio/mpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(MP3);
    expect(seen).toEqual({
      key: 'azure-key',
      type: 'application/ssml+xml',
      format: 'audio-24khz-48kbitrate-mono-mp3',
      body:
        '<speak version="1.0" xmlns="http://www.w3.org/2001/10/synthesis" xml:lang="en-US">' +
        '<voice name="en-US-AvaMultilingualNeural"><lang xml:lang="de-DE">' +
        '<prosody rate="+50%">Guten Tag.</prosody></lang></voice></speak>',
    });
  });

  it('names the platform and status when the key is refused', async () => {
    server.use(http.post(`${BASE}/v1`, () => new HttpResponse(null, { status: 401 })));
    const error = (await azureSpeechEngine.synthesize(input, config, ctx).catch((e) => e)) as VoiceHttpError;
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(401);
    expect(error.message).toBe('Azure Speech answered 401');
  });

  it("quotes the platform's error text and refuses a region that is not a name", async () => {
    server.use(http.post(`${BASE}/v1`, () => new HttpResponse('Too many requests', { status: 429 })));
    await expect(azureSpeechEngine.synthesize(input, config, ctx)).rejects.toThrow(
      'Azure Speech answered 429: Too many requests',
    );
    const bad = { ...config, values: { region: 'evil.example/x', apiKey: 'k' } };
    await expect(azureSpeechEngine.synthesize(input, bad, ctx)).rejects.toThrow(/not a region name/);
  });

  it('rejects a body that is not audio, naming the platform', async () => {
    server.use(http.post(`${BASE}/v1`, () => HttpResponse.json({ ok: true })));
    await expect(azureSpeechEngine.synthesize(input, config, ctx)).rejects.toThrow(
      /^Azure Speech: the answer/,
    );
  });
});

describe('azureSpeechEngine voices', () => {
  it('lists the voices of the region, female first', async () => {
    let key: string | null = null;
    server.use(
      http.get(`${BASE}/voices/list`, ({ request }) => {
        key = request.headers.get('ocp-apim-subscription-key');
        return HttpResponse.json([
          { ShortName: 'de-DE-ConradNeural', DisplayName: 'Conrad', Locale: 'de-DE', Gender: 'Male' },
          { ShortName: 'de-DE-KatjaNeural', DisplayName: 'Katja', Locale: 'de-DE', Gender: 'Female' },
          { DisplayName: 'broken' },
        ]);
      }),
    );
    const voices = await azureSpeechEngine.listVoices?.(config, ctx);
    expect(key).toBe('azure-key');
    expect(voices).toEqual([
      { id: 'de-DE-KatjaNeural', name: 'Katja (de-DE)', gender: 'female' },
      { id: 'de-DE-ConradNeural', name: 'Conrad (de-DE)', gender: 'male' },
    ]);
  });

  it("offers the locale's voices, then multilingual ones, female first", () => {
    const voices = azureSpeechEngine.voices('de-DE');
    expect(voices[0]?.id).toBe('de-DE-KatjaNeural');
    const firstMale = voices.findIndex((v) => v.gender === 'male');
    expect(voices.slice(0, firstMale).every((v) => v.gender === 'female')).toBe(true);
    expect(voices.slice(firstMale).every((v) => v.gender === 'male')).toBe(true);
    expect(voices.some((v) => v.id === 'en-US-AvaMultilingualNeural')).toBe(true);
    expect(azureSpeechEngine.voices('zh-HK')[0]?.id).toBe('zh-HK-HiuMaanNeural');
    expect(azureSpeechEngine.voices('pt')[0]?.id).toBe('pt-BR-FranciscaNeural');
  });

  it("falls back to the language's first female voice and keeps multilingual voices anywhere", () => {
    expect(resolveVoice(azureSpeechEngine, 'en-US-GuyNeural', 'ja-JP')).toBe('ja-JP-NanamiNeural');
    expect(resolveVoice(azureSpeechEngine, 'en-US-GuyNeural', 'en-US')).toBe('en-US-GuyNeural');
    expect(resolveVoice(azureSpeechEngine, 'en-US-AvaMultilingualNeural', 'ja-JP')).toBe(
      'en-US-AvaMultilingualNeural',
    );
    expect(azureSpeechEngine.defaultVoice('xx-YY')).toBe('en-US-AvaMultilingualNeural');
    expect(azureSpeechEngine.rate).toEqual({ min: 0.5, max: 2 });
  });
});
