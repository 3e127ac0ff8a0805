import { tonePcm, wavOf } from '@ringback/test';
import { RAW_AUDIO_RESPONSE } from '../../../client/src/speech/audio/parse-audio';
import type { TtsConfig } from '../../../client/src/speech/tts-engine';

/** Where a fake platform's audio download lives (Qwen answers with a URL); answered at once. */
export const DOWNLOAD_BASE = 'https://download.fake.test/';

/** Ten silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz, mono): about a quarter second of MP3. */
function silentMp3(frames = 10): Uint8Array {
  const frameBytes = 417; // 144 × 128000 / 44100, no padding
  const mp3 = new Uint8Array(frames * frameBytes);
  for (let i = 0; i < frames; i++) mp3.set([0xff, 0xfb, 0x90, 0xc4], i * frameBytes);
  return mp3;
}

/** A quarter second of a quiet 220 Hz tone: 16-bit mono PCM at 24 kHz, headerless. */
const TONE = tonePcm({ seconds: 0.25, sampleRate: 24_000, frequency: 220, amplitude: 6000 });

const MP3 = silentMp3();
const PCM = new Uint8Array(TONE);
export const WAV = new Uint8Array(wavOf(TONE, 24_000));
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

const raw = (bytes: Uint8Array, type: string) => () =>
  new Response(bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': type } });
const json = (body: unknown) => () => Response.json(body);
const config = (values: Record<string, string>, voice = '', extra?: Partial<TtsConfig>): TtsConfig => ({
  values,
  model: '',
  voice,
  ...extra,
});

export interface FakePlatform {
  /** The platform's answer, in words, for the table. */
  readonly answer: string;
  /** The engine's settings: keys, regions, base addresses on fake hosts. */
  readonly config: TtsConfig;
  /** What a synthesis request's URL must start with; anything else gets a 404. */
  readonly endpoint: string;
  /** That platform's encoding of the clip (sent after the delay). */
  respond(): Response;
}

/** One fake per engine id, answering as the engine's own tests show the platform does. */
export const FAKE_PLATFORMS: Readonly<Record<string, FakePlatform>> = {
  azure: {
    answer: 'raw MP3 body',
    config: config({ region: 'eastus', apiKey: 'bench-key' }),
    endpoint: 'https://eastus.tts.speech.microsoft.com/cognitiveservices/v1',
    respond: raw(MP3, 'audio/mpeg'),
  },
  elevenlabs: {
    answer: 'raw MP3 body',
    config: config({ apiKey: 'sk_bench' }),
    endpoint: 'https://api.elevenlabs.io/v1/text-to-speech/',
    respond: raw(MP3, 'audio/mpeg'),
  },
  minimax: {
    answer: 'hex MP3 in JSON',
    config: config({ apiKey: 'bench-key' }),
    endpoint: 'https://api.minimax.cn/v1/t2a_v2',
    respond: json({
      data: { audio: hex(MP3), status: 2 },
      base_resp: { status_code: 0, status_msg: 'success' },
    }),
  },
  doubao: {
    answer: 'SSE, base64 MP3 frames',
    config: config({ apiKey: 'bench-key' }),
    endpoint: 'https://openspeech.bytedance.com/api/v3/tts/unidirectional/sse',
    respond: () => {
      const frames = [
        { code: 0, message: '', data: b64(MP3.subarray(0, 2085)) },
        { code: 0, message: '', data: b64(MP3.subarray(2085)) },
        { code: 20000000, message: 'OK', data: null },
      ];
      const body = frames.map((frame) => `event: 352\ndata: ${JSON.stringify(frame)}\n\n`).join('');
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    },
  },
  qwen: {
    answer: 'JSON with a WAV URL',
    config: config({ apiKey: 'sk-bench' }),
    endpoint: 'https://dashscope.aliyuncs.com/api/v1/services/aigc/multimodal-generation/generation',
    respond: json({
      output: { audio: { data: '', url: `${DOWNLOAD_BASE}qwen.wav`, id: 'a' } },
      request_id: 'r',
    }),
  },
  tencent: {
    answer: 'base64 MP3 in JSON',
    config: config({ secretId: 'AKIDbench', secretKey: 'bench-secret' }),
    endpoint: 'https://tts.tencentcloudapi.com/',
    respond: json({ Response: { Audio: b64(MP3), SessionId: 's', RequestId: 'r' } }),
  },
  openai: {
    answer: 'raw MP3 body',
    config: config({ baseUrl: 'https://openai.fake.test/v1', apiKey: 'sk-bench' }),
    endpoint: 'https://openai.fake.test/v1/audio/speech',
    respond: raw(MP3, 'audio/mpeg'),
  },
  gemini: {
    answer: 'base64 WAV in JSON',
    config: config({ apiKey: 'AIzaBench' }),
    endpoint: 'https://generativelanguage.googleapis.com/v1beta/models/',
    respond: json({
      candidates: [
        {
          finishReason: 'STOP',
          content: { parts: [{ inlineData: { mimeType: 'audio/wav', data: b64(WAV) } }] },
        },
      ],
    }),
  },
  grok: {
    answer: 'raw MP3 body',
    config: config({ apiKey: 'xai-bench' }),
    endpoint: 'https://api.x.ai/v1/tts',
    respond: raw(MP3, 'audio/mpeg'),
  },
  chattts: {
    answer: 'raw MP3 body',
    config: config({ baseUrl: 'http://chattts.fake.test:8000' }),
    endpoint: 'http://chattts.fake.test:8000/v1/audio/speech',
    respond: raw(MP3, 'audio/mpeg'),
  },
  indextts: {
    answer: 'raw WAV body',
    config: config({ baseUrl: 'http://indextts.fake.test/v1' }, 'bench-voice'),
    endpoint: 'http://indextts.fake.test/v1/audio/speech',
    respond: raw(WAV, 'audio/wav'),
  },
  cosyvoice: {
    answer: 'raw PCM (text/plain)',
    config: config({ baseUrl: 'http://cosyvoice.fake.test:50000', sampleRate: '24000' }),
    endpoint: 'http://cosyvoice.fake.test:50000/inference_sft',
    respond: raw(PCM, 'text/plain; charset=utf-8'),
  },
  custom: {
    answer: 'template: JSON in, raw WAV out',
    config: config({}, 'amy', {
      request: {
        method: 'POST',
        url: 'https://custom.fake.test/speak',
        headers: [{ name: 'Content-Type', value: 'application/json' }],
        body: '{"text": "{{text}}", "voice": "{{voice}}", "speed": {{speed}}}',
        response: RAW_AUDIO_RESPONSE,
      },
    }),
    endpoint: 'https://custom.fake.test/speak',
    respond: raw(WAV, 'audio/wav'),
  },
};
