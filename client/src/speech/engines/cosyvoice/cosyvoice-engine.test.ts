import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { resolveVoice, type TtsConfig, VoiceHttpError } from '../../tts-engine';
import { cosyVoiceEngine } from './cosyvoice-engine';

const SFT = 'http://127.0.0.1:50000/inference_sft';
const PCM = new Uint8Array([0x10, 0x00, 0xf0, 0xff, 0x20, 0x00, 0x7f]); // odd tail byte is dropped
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const defaults: TtsConfig = { values: {}, model: '', voice: '' };
const input = { text: '测试通过。', voice: '中文男', model: '', rate: 1, language: 'zh-CN' };
const ctx = () => ({ fetch: (i: RequestInfo | URL, init?: RequestInit) => fetch(i, init) });
const pcmAnswer = () => new HttpResponse(PCM, { headers: { 'content-type': 'text/plain; charset=utf-8' } });

async function wavOf(blob: Blob) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  return { bytes, view: new DataView(bytes.buffer), tag: String.fromCharCode(...bytes.subarray(0, 4)) };
}

describe('cosyVoiceEngine.synthesize', () => {
  it('POSTs a multipart form to /inference_sft and wraps the PCM in a 22050 Hz WAV', async () => {
    let form: { text: unknown; speaker: unknown; type: string | null } | null = null;
    server.use(
      http.post(SFT, async ({ request }) => {
        const type = request.headers.get('content-type');
        const data = await request.formData();
        form = { text: data.get('tts_text'), speaker: data.get('spk_id'), type };
        return pcmAnswer();
      }),
    );
    const blob = await cosyVoiceEngine.synthesize(input, defaults, ctx());
    expect(form).toMatchObject({ text: '测试通过。', speaker: '中文男' });
    expect((form as unknown as { type: string }).type).toMatch(/^multipart\/form-data; boundary=/);
    expect(blob.type).toBe('audio/wav');
    const { bytes, view, tag } = await wavOf(blob);
    expect(tag).toBe('RIFF');
    expect(view.getUint32(24, true)).toBe(22050);
    expect(view.getUint32(40, true)).toBe(6);
    expect(bytes.subarray(44)).toEqual(PCM.subarray(0, 6));
  });

  it('uses the configured address and 24000 Hz for CosyVoice2/3', async () => {
    server.use(http.post('http://gpu.lan:50000/inference_sft', pcmAnswer));
    const config = { ...defaults, values: { baseUrl: 'http://gpu.lan:50000/', sampleRate: '24000' } };
    const { view } = await wavOf(await cosyVoiceEngine.synthesize(input, config, ctx()));
    expect(view.getUint32(24, true)).toBe(24000);
    expect(view.getUint32(28, true)).toBe(48000);
  });

  it('reports errors with status and message, and an empty answer as no audio', async () => {
    server.use(
      http.post(SFT, () =>
        HttpResponse.json({ detail: [{ loc: ['body', 'spk_id'], msg: 'field required' }] }, { status: 422 }),
      ),
    );
    const error = (await cosyVoiceEngine
      .synthesize(input, defaults, ctx())
      .catch((e) => e)) as VoiceHttpError;
    expect(error).toBeInstanceOf(VoiceHttpError);
    expect(error.status).toBe(422);
    expect(error.message).toMatch(/^CosyVoice: voice platform answered 422: .*field required/);

    server.use(http.post(SFT, () => new HttpResponse('Internal Server Error', { status: 500 })));
    const crash = (await cosyVoiceEngine
      .synthesize(input, defaults, ctx())
      .catch((e) => e)) as VoiceHttpError;
    expect(crash.message).toBe('CosyVoice: voice platform answered 500: Internal Server Error');

    server.use(http.post(SFT, () => new HttpResponse(new Uint8Array(0))));
    await expect(cosyVoiceEngine.synthesize(input, defaults, ctx())).rejects.toThrow(
      'CosyVoice: the voice platform returned no audio',
    );
  });
});

describe('cosyVoiceEngine settings', () => {
  it('offers 中文女 (default) then 中文男, accepts typed ids, and has no rate', () => {
    expect(cosyVoiceEngine.voices('en-US').map((v) => [v.id, v.gender])).toEqual([
      ['中文女', 'female'],
      ['中文男', 'male'],
    ]);
    expect(cosyVoiceEngine.defaultVoice('en-US')).toBe('中文女');
    expect(cosyVoiceEngine.rate).toBeNull();
    expect(resolveVoice(cosyVoiceEngine, '粤语女', 'zh-HK')).toBe('粤语女');
    expect(resolveVoice(cosyVoiceEngine, '', 'zh-HK')).toBe('中文女');
    expect(cosyVoiceEngine.fields.find((f) => f.key === 'sampleRate')?.options?.map((o) => o.value)).toEqual([
      '22050',
      '24000',
    ]);
  });
});
