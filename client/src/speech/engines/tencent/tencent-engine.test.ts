import { createHash, createHmac } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveVoice, type TtsConfig, VoiceHttpError } from '../../tts-engine';
import { tencentEngine } from './tencent-engine';
import { tencentPrimaryLanguage, tencentSampleRate, tencentSpeed } from './tencent-voices';

const ENDPOINT = 'https://tts.tencentcloudapi.com/';
const MP3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0, 0xaa]);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const config: TtsConfig = { values: { secretId: 'AKIDtest', secretKey: 'key-test' }, model: '', voice: '' };
const input = { text: '你好。', voice: '403001', model: '', rate: 1.1, language: 'zh-CN' };
const ctx = () => ({ fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) });

/** What Tencent checks: the TC3 signature recomputed from the request with node:crypto. */
function expectedAuthorization(headers: Headers, body: string): string {
  const timestamp = Number(headers.get('x-tc-timestamp'));
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const hash = (text: string) => createHash('sha256').update(text).digest('hex');
  const canonical = `POST\n/\n\ncontent-type:${headers.get('content-type')}\nhost:tts.tencentcloudapi.com\n\ncontent-type;host\n${hash(body)}`;
  const toSign = `TC3-HMAC-SHA256\n${timestamp}\n${date}/tts/tc3_request\n${hash(canonical)}`;
  let key: Buffer = createHmac('sha256', 'TC3key-test').update(date).digest();
  key = createHmac('sha256', key).update('tts').digest();
  key = createHmac('sha256', key).update('tc3_request').digest();
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  return `TC3-HMAC-SHA256 Credential=AKIDtest/${date}/tts/tc3_request, SignedHeaders=content-type;host, Signature=${signature}`;
}

describe('tencentEngine.synthesize', () => {
  it('POSTs a signed TextToVoice request and decodes the base64 MP3', async () => {
    let seen: { headers: Headers; body: string } | null = null;
    server.use(
      http.post(ENDPOINT, async ({ request }) => {
        seen = { headers: request.headers, body: await request.text() };
        return HttpResponse.json({ Response: { Audio: base64(MP3), SessionId: 'x', RequestId: 'r' } });
      }),
    );
    const before = Math.floor(Date.now() / 1000);
    const blob = await tencentEngine.synthesize(input, config, ctx());
    expect(blob.type).toBe('audio/mpeg');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(MP3);
    const { headers, body } = seen as unknown as { headers: Headers; body: string };
    expect(headers.get('x-tc-action')).toBe('TextToVoice');
    expect(headers.get('x-tc-version')).toBe('2019-08-23');
    expect(headers.get('content-type')).toBe('application/json');
    expect(Number(headers.get('x-tc-timestamp'))).toBeGreaterThanOrEqual(before);
    expect(headers.get('authorization')).toBe(expectedAuthorization(headers, body));
    const json = JSON.parse(body);
    expect(json.SessionId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect({ ...json, SessionId: '' }).toEqual({
      Text: '你好。',
      SessionId: '',
      VoiceType: 403001,
      Codec: 'mp3',
      SampleRate: 24000,
      Speed: 0.5,
      PrimaryLanguage: 1,
      ModelType: 1,
    });
  });

  it('asks premium voices for 16 kHz and English calls for PrimaryLanguage 2', async () => {
    let body: Record<string, unknown> = {};
    server.use(
      http.post(ENDPOINT, async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ Response: { Audio: base64(MP3) } });
      }),
    );
    await tencentEngine.synthesize({ ...input, voice: '101050', language: 'en-US', rate: 2 }, config, ctx());
    expect(body).toMatchObject({ VoiceType: 101050, SampleRate: 16000, PrimaryLanguage: 2, Speed: 4 });
  });

  it('turns Response.Error (HTTP 200) into a worded error; LimitExceeded is 429', async () => {
    server.use(
      http.post(ENDPOINT, () =>
        HttpResponse.json({
          Response: {
            Error: {
              Code: 'AuthFailure.SignatureFailure',
              Message: 'The provided credentials could not be validated.',
            },
            RequestId: 'r',
          },
        }),
      ),
    );
    const auth = (await tencentEngine.synthesize(input, config, ctx()).catch((e) => e)) as VoiceHttpError;
    expect(auth).toBeInstanceOf(VoiceHttpError);
    expect(auth.status).toBe(400);
    expect(auth.message).toBe(
      'Tencent Cloud TTS: AuthFailure.SignatureFailure: The provided credentials could not be validated.',
    );

    server.use(
      http.post(ENDPOINT, () =>
        HttpResponse.json({ Response: { Error: { Code: 'RequestLimitExceeded', Message: 'too many' } } }),
      ),
    );
    const limited = (await tencentEngine.synthesize(input, config, ctx()).catch((e) => e)) as VoiceHttpError;
    expect(limited.status).toBe(429);
    expect(limited.message).toContain('too many');
  });

  it('reports a non-200 answer with its status, and an answer without audio', async () => {
    server.use(http.post(ENDPOINT, () => HttpResponse.json({ message: 'bad gateway' }, { status: 502 })));
    const gateway = (await tencentEngine.synthesize(input, config, ctx()).catch((e) => e)) as VoiceHttpError;
    expect(gateway.status).toBe(502);
    expect(gateway.message).toBe('Tencent Cloud TTS: voice platform answered 502: bad gateway');

    server.use(http.post(ENDPOINT, () => HttpResponse.json({ Response: { RequestId: 'r' } })));
    await expect(tencentEngine.synthesize(input, config, ctx())).rejects.toThrow(
      'Tencent Cloud TTS: the answer has no audio',
    );
  });

  it('rejects a voice that is not a VoiceType number without calling out', async () => {
    await expect(tencentEngine.synthesize({ ...input, voice: 'Kore' }, config, ctx())).rejects.toThrow(
      /VoiceType number/,
    );
  });
});

describe('tencent mappings and voices', () => {
  it('interpolates Speed over the documented points, 2 decimals', () => {
    expect([0.5, 0.6, 0.7, 0.8, 1, 1.1, 1.2, 1.35, 1.5, 2, 2.5, 3].map(tencentSpeed)).toEqual([
      -2, -2, -1.5, -1, 0, 0.5, 1, 1.5, 2, 4, 6, 6,
    ]);
    expect(tencentSpeed(0.9)).toBe(-0.5);
    expect(tencentSpeed(1.77)).toBe(3.08);
  });

  it('maps sample rate and primary language', () => {
    expect(tencentSampleRate('101001')).toBe(16000);
    expect(tencentSampleRate('403001')).toBe(24000);
    expect(['zh-CN', 'zh-HK', 'yue-CN', 'wuu', 'en-US', 'ja-JP', 'zhx'].map(tencentPrimaryLanguage)).toEqual([
      1, 1, 1, 1, 2, 2, 2,
    ]);
  });

  it('offers 38 voices, female first, default 403001 for every language', () => {
    const voices = tencentEngine.voices('en-US');
    expect(voices).toHaveLength(38);
    expect(new Set(voices.map((v) => v.id)).size).toBe(38);
    expect(voices[0]?.id).toBe('403001');
    const firstMale = voices.findIndex((v) => v.gender === 'male');
    expect(voices.slice(0, firstMale).every((v) => v.gender === 'female')).toBe(true);
    expect(voices.slice(firstMale).every((v) => v.gender === 'male')).toBe(true);
    expect(tencentEngine.defaultVoice('ja-JP')).toBe('403001');
    expect(tencentEngine.rate).toEqual({ min: 0.6, max: 2 });
    expect(resolveVoice(tencentEngine, '', 'zh-CN')).toBe('403001');
    expect(resolveVoice(tencentEngine, '501004', 'zh-CN')).toBe('501004');
  });
});
