import { describe, expect, it, vi } from 'vitest';
import { VoiceHttpError } from '../tts-engine';
import { decodeBase64, decodeHex, valueAtPath } from './decode-text';
import { type AudioResponseSpec, parseAudioResponse, RAW_AUDIO_RESPONSE, sniffAudio } from './parse-audio';

const MP3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 1, 0xaa]); // "ID3…"
const WAV = new Uint8Array(
  [...'RIFF']
    .map((c) => c.charCodeAt(0))
    .concat(
      [0, 0, 0, 0],
      [...'WAVE'].map((c) => c.charCodeAt(0)),
    ),
);
const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
const bytesOf = async (blob: Blob) => [...new Uint8Array(await blob.arrayBuffer())];
const noFetch = { fetch: vi.fn<typeof fetch>() };

function json(spec: Partial<AudioResponseSpec>): AudioResponseSpec {
  return { ...RAW_AUDIO_RESPONSE, source: 'json', path: 'audio', ...spec };
}

describe('sniffAudio', () => {
  const ascii = (text: string, pad = 8) =>
    new Uint8Array([...text].map((c) => c.charCodeAt(0)).concat(Array(pad).fill(0)));
  it.each([
    ['wav', WAV, 'audio/wav'],
    ['mp3 with ID3', MP3, 'audio/mpeg'],
    ['ogg', ascii('OggS'), 'audio/ogg'],
    ['flac', ascii('fLaC'), 'audio/flac'],
    ['mp4', new Uint8Array([0, 0, 0, 0x20, ...[...'ftypM4A '].map((c) => c.charCodeAt(0))]), 'audio/mp4'],
    ['webm', new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0]), 'audio/webm'],
    ['mp3 frame sync', new Uint8Array([0xff, 0xfb, 0x90, 0]), 'audio/mpeg'],
    ['aac adts', new Uint8Array([0xff, 0xf1, 0x50, 0]), 'audio/aac'],
  ])('recognises %s', (_name, bytes, type) => {
    expect(sniffAudio(bytes)).toBe(type);
  });

  it('returns null for bytes that are not audio', () => {
    expect(sniffAudio(new TextEncoder().encode('hello world'))).toBeNull();
  });
});

describe('decoders', () => {
  it('decodes base64 with a data: prefix, whitespace, URL-safe letters and missing padding', () => {
    const bytes = new Uint8Array([0xfb, 0xff, 0xbf, 0x01]);
    const urlSafe = toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect([...decodeBase64(`data:audio/mpeg;base64,${urlSafe.slice(0, 3)}\n ${urlSafe.slice(3)}`)]).toEqual([
      ...bytes,
    ]);
  });

  it('rejects invalid base64', () => {
    expect(() => decodeBase64('ab$d')).toThrow(VoiceHttpError);
    expect(() => decodeBase64('abcde')).toThrow(VoiceHttpError);
  });

  it('decodes hex and rejects odd length or non-hex characters', () => {
    expect([...decodeHex('00ffA0')]).toEqual([0, 255, 160]);
    expect(() => decodeHex('abc')).toThrow('not valid hex');
    expect(() => decodeHex('zz')).toThrow('not valid hex');
  });

  it('follows dotted, numeric and [n] paths', () => {
    const doc = { a: { b: [{ c: 'x' }] } };
    expect(valueAtPath(doc, 'a.b[0].c')).toBe('x');
    expect(valueAtPath(doc, 'a.b.0.c')).toBe('x');
    expect(valueAtPath(doc, 'a.z.c')).toBeUndefined();
  });
});

describe('parseAudioResponse', () => {
  it('returns a raw body as typed audio', async () => {
    const blob = await parseAudioResponse(
      new Response(MP3, { headers: { 'content-type': 'audio/mpeg' } }),
      RAW_AUDIO_RESPONSE,
      noFetch,
    );
    expect(blob.type).toBe('audio/mpeg');
    expect(await bytesOf(blob)).toEqual([...MP3]);
  });

  it('refuses a raw body labelled JSON or text, showing its start', async () => {
    const response = new Response('{"error":"bad key"}', { headers: { 'content-type': 'application/json' } });
    await expect(parseAudioResponse(response, RAW_AUDIO_RESPONSE, noFetch)).rejects.toThrow(
      /not audio: \{"error":"bad key"\}/,
    );
    const text = new Response('oops', { headers: { 'content-type': 'text/html' } });
    await expect(parseAudioResponse(text, RAW_AUDIO_RESPONSE, noFetch)).rejects.toBeInstanceOf(
      VoiceHttpError,
    );
  });

  it('refuses unknown bytes with the first 200 characters', async () => {
    const body = 'x'.repeat(300);
    const error = await parseAudioResponse(new Response(body), RAW_AUDIO_RESPONSE, noFetch).catch(
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect((error as Error).message).toContain('x'.repeat(200));
    expect((error as Error).message).not.toContain('x'.repeat(201));
  });

  it('refuses an empty body', async () => {
    await expect(
      parseAudioResponse(new Response(new Uint8Array(0)), RAW_AUDIO_RESPONSE, noFetch),
    ).rejects.toThrow('no audio');
  });

  it('turns a non-2xx answer into VoiceHttpError with status and the platform message', async () => {
    const response = new Response(JSON.stringify({ error: { message: 'Rate limit reached' } }), {
      status: 429,
    });
    const error = (await parseAudioResponse(response, RAW_AUDIO_RESPONSE, noFetch).catch(
      (e) => e,
    )) as VoiceHttpError;
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(429);
    expect(error.message).toContain('Rate limit reached');
  });

  it('wraps raw pcm16 in a WAV header even when labelled text/plain', async () => {
    const response = new Response(new Uint8Array([1, 0, 2, 0]), {
      headers: { 'content-type': 'text/plain' },
    });
    const blob = await parseAudioResponse(
      response,
      { ...RAW_AUDIO_RESPONSE, format: 'pcm16', sampleRate: 22050 },
      noFetch,
    );
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(blob.type).toBe('audio/wav');
    expect(bytes.byteLength).toBe(48);
    expect(new DataView(bytes.buffer).getUint32(24, true)).toBe(22050);
  });

  it('decodes base64 at a JSON path', async () => {
    const body = JSON.stringify({ data: { audio: toBase64(MP3) } });
    const blob = await parseAudioResponse(new Response(body), json({ path: 'data.audio' }), noFetch);
    expect(await bytesOf(blob)).toEqual([...MP3]);
  });

  it('decodes hex at a JSON path', async () => {
    const body = JSON.stringify({ data: { audio: toHex(MP3) } });
    const blob = await parseAudioResponse(
      new Response(body),
      json({ path: 'data.audio', encoding: 'hex' }),
      noFetch,
    );
    expect(await bytesOf(blob)).toEqual([...MP3]);
  });

  it('concatenates audio from NDJSON lines, skipping documents without it', async () => {
    const body = [
      JSON.stringify({ audio: toBase64(MP3.subarray(0, 5)) }),
      '',
      JSON.stringify({ status: 'working' }),
      JSON.stringify({ audio: toBase64(MP3.subarray(5)) }),
    ].join('\n');
    const blob = await parseAudioResponse(new Response(body), json({}), noFetch);
    expect(await bytesOf(blob)).toEqual([...MP3]);
  });

  it('reads server-sent events: data: prefix, event/id/retry lines and [DONE] skipped', async () => {
    const body = [
      'event: audio',
      'id: 1',
      'retry: 1000',
      `data: ${JSON.stringify({ audio: toHex(MP3.subarray(0, 4)) })}`,
      '',
      `data: ${JSON.stringify({ audio: toHex(MP3.subarray(4)) })}`,
      'data: [DONE]',
    ].join('\r\n');
    const blob = await parseAudioResponse(new Response(body), json({ encoding: 'hex' }), noFetch);
    expect(await bytesOf(blob)).toEqual([...MP3]);
  });

  it('refuses a line that is not JSON', async () => {
    const body = `${JSON.stringify({ audio: 'AAAA' })}\nnot json at all`;
    await expect(parseAudioResponse(new Response(body), json({}), noFetch)).rejects.toThrow(
      'not JSON: not json at all',
    );
  });

  it('refuses JSON without audio at the path, and a json spec without a path', async () => {
    await expect(parseAudioResponse(new Response('{"x":1}'), json({}), noFetch)).rejects.toThrow(
      'no audio at "audio"',
    );
    await expect(parseAudioResponse(new Response('{"x":1}'), json({ path: ' ' }), noFetch)).rejects.toThrow(
      'no JSON path',
    );
  });

  it('downloads the audio at a URL through the same fetch', async () => {
    const fetchFn = vi.fn<typeof fetch>(
      async () => new Response(MP3, { headers: { 'content-type': 'audio/mpeg' } }),
    );
    const body = JSON.stringify({ output: { audio: { url: 'https://cdn.example/a.mp3' } } });
    const blob = await parseAudioResponse(
      new Response(body),
      json({ path: 'output.audio.url', encoding: 'url' }),
      {
        fetch: fetchFn,
      },
    );
    expect(fetchFn).toHaveBeenCalledWith('https://cdn.example/a.mp3', expect.anything());
    expect(await bytesOf(blob)).toEqual([...MP3]);
  });

  it('refuses a non-http audio URL and a failed download', async () => {
    const spec = json({ encoding: 'url' });
    await expect(
      parseAudioResponse(new Response('{"audio":"file:///etc/passwd"}'), spec, noFetch),
    ).rejects.toThrow('not http(s)');
    const failing = { fetch: vi.fn<typeof fetch>(async () => new Response('gone', { status: 404 })) };
    const error = (await parseAudioResponse(
      new Response('{"audio":"https://x.example/a"}'),
      spec,
      failing,
    ).catch((e) => e)) as VoiceHttpError;
    expect(error.status).toBe(404);
  });
});
