import { describe, expect, it } from 'vitest';
import { createDirectTranscriber, recordingFileName, refusalMessage } from './direct-transcriber';
import { VoiceInputError } from './transcriber';

const SETTINGS = { baseUrl: 'https://stt.example.com/v1', apiKey: 'sk-stt', model: 'whisper-1' };
const AUDIO = new Blob([new Uint8Array([1, 2, 3, 4])], { type: 'audio/webm;codecs=opus' });

/** A fetch that records what it was sent and answers as told. */
function fakeFetch(answer: () => Response | Promise<Response>) {
  const sent: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    sent.push(new Request(input, init));
    return answer();
  };
  return { fetch, sent };
}

async function failureOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VoiceInputError);
  return (error as VoiceInputError).failure;
}

describe('the direct transcriber', () => {
  it('posts file, model and language as multipart to /audio/transcriptions with the key', async () => {
    const fake = fakeFetch(() => Response.json({ text: ' How long did it take? ' }));
    const transcribe = createDirectTranscriber(SETTINGS, { fetch: fake.fetch });
    await expect(transcribe(AUDIO, { language: 'zh' })).resolves.toBe('How long did it take?');
    const request = fake.sent[0];
    expect(request?.url).toBe('https://stt.example.com/v1/audio/transcriptions');
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('authorization')).toBe('Bearer sk-stt');
    expect(request?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    const form = await request?.formData();
    const file = form?.get('file') as File;
    expect(file.name).toBe('speech.webm');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3, 4]));
    expect(form?.get('model')).toBe('whisper-1');
    expect(form?.get('language')).toBe('zh');
  });

  it('sends no Authorization header when no key is set (a local server)', async () => {
    const fake = fakeFetch(() => Response.json({ text: 'hi' }));
    await createDirectTranscriber({ ...SETTINGS, apiKey: '' }, { fetch: fake.fetch })(AUDIO, {
      language: 'en',
    });
    expect(fake.sent[0]?.headers.has('authorization')).toBe(false);
  });

  it('says "not set" without a request when no endpoint is configured', async () => {
    const fake = fakeFetch(() => Response.json({ text: 'hi' }));
    const transcribe = createDirectTranscriber({ ...SETTINGS, baseUrl: '' }, { fetch: fake.fetch });
    expect(await failureOf(transcribe(AUDIO, { language: 'en' }))).toEqual({ kind: 'not-set' });
    expect(fake.sent).toHaveLength(0);
  });

  it('reports a refusal with its status and the endpoint own message', async () => {
    const fake = fakeFetch(() =>
      Response.json({ error: { message: 'Invalid API key', type: 'auth' } }, { status: 401 }),
    );
    const transcribe = createDirectTranscriber(SETTINGS, { fetch: fake.fetch });
    expect(await failureOf(transcribe(AUDIO, { language: 'en' }))).toEqual({
      kind: 'refused',
      status: 401,
      message: 'Invalid API key',
    });
  });

  it('gives up at its deadline and names the endpoint', async () => {
    const hang: typeof globalThis.fetch = (_input, init) =>
      new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)));
    const transcribe = createDirectTranscriber(SETTINGS, { fetch: hang, deadlineMs: 20 });
    const failure = await failureOf(transcribe(new Blob([]), { language: 'en' }));
    expect(failure).toMatchObject({ kind: 'timeout', endpoint: 'stt.example.com' });
  });

  it('says the endpoint could not be reached when the network fails', async () => {
    const transcribe = createDirectTranscriber(SETTINGS, {
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    expect(await failureOf(transcribe(AUDIO, { language: 'en' }))).toEqual({
      kind: 'unreachable',
      endpoint: 'stt.example.com',
      message: 'Failed to fetch',
    });
  });

  it('treats an empty transcript as no words heard', async () => {
    const fake = fakeFetch(() => Response.json({ text: '  ' }));
    const transcribe = createDirectTranscriber(SETTINGS, { fetch: fake.fetch });
    expect(await failureOf(transcribe(AUDIO, { language: 'en' }))).toEqual({ kind: 'no-text' });
  });
});

describe('recording file names and refusal messages', () => {
  it('names the file after the recorder format', () => {
    expect(recordingFileName('audio/webm;codecs=opus')).toBe('speech.webm');
    expect(recordingFileName('audio/mp4')).toBe('speech.m4a');
    expect(recordingFileName('audio/ogg; codecs=opus')).toBe('speech.ogg');
    expect(recordingFileName('')).toBe('speech.webm');
  });

  it('finds the message in the usual error shapes', () => {
    expect(refusalMessage('{"error":"quota","message":"Out of credit"}')).toBe('Out of credit');
    expect(refusalMessage('{"detail":"Model not found"}')).toBe('Model not found');
    expect(refusalMessage('Bad gateway\n')).toBe('Bad gateway');
  });
});
