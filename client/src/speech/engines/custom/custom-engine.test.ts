import { describe, expect, it, vi } from 'vitest';
import { VoiceHttpError } from '../../tts-engine';
import { customEngine } from './custom-engine';
import { importCurl } from './guess-placeholders';

const WAV_PCM = new Uint8Array([1, 0, 2, 0, 3, 0]);
const input = { text: 'Hi & bye', voice: 'amy', model: '', rate: 0.8, language: 'en-GB' };

describe('customEngine', () => {
  it('sends the rendered template and parses the answer per its response spec', async () => {
    const { template } = importCurl(
      `curl -X PUT 'https://tts.example/speak?speaker=x' -H 'Authorization: Key k' -H 'Content-Type: application/json' -d '{"text":"hello","speed":1}'`,
    );
    const fetchFn = vi.fn<typeof fetch>(
      async () => new Response(WAV_PCM, { headers: { 'content-type': 'text/plain' } }),
    );
    const request = {
      ...template,
      response: { ...template.response, format: 'pcm16' as const, sampleRate: 16000 },
    };
    const blob = await customEngine.synthesize(
      input,
      { values: {}, model: '', voice: 'amy', request },
      { fetch: fetchFn },
    );
    expect(blob.type).toBe('audio/wav');
    expect(blob.size).toBe(44 + 6);
    const [url, init] = fetchFn.mock.calls[0] ?? [];
    expect(url).toBe('https://tts.example/speak?speaker=amy');
    expect(init?.method).toBe('PUT');
    expect(init?.headers).toEqual([
      ['Authorization', 'Key k'],
      ['Content-Type', 'application/json'],
    ]);
    expect(JSON.parse(String(init?.body))).toEqual({ text: 'Hi & bye', speed: 0.8 });
  });

  it('refuses to send a template with a problem', async () => {
    const { template } = importCurl(`curl https://tts.example --json '{"words":"a"}'`);
    const fetchFn = vi.fn<typeof fetch>();
    await expect(
      customEngine.synthesize(
        input,
        { values: {}, model: '', voice: '', request: template },
        { fetch: fetchFn },
      ),
    ).rejects.toBeInstanceOf(VoiceHttpError);
    expect(fetchFn).not.toHaveBeenCalled();
  });
});
