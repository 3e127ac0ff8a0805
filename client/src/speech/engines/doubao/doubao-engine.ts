import { decodeBase64 } from '../../audio/decode-text';
import { audioBlob, jsonDocuments, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { fieldValue, type TtsConfig, type TtsEngine, VoiceHttpError } from '../../tts-engine';
import { newUuid } from '../custom/template';
import { namingPlatform, platformCodeError, platformHttpError } from '../shared/platform-error';
import { DOUBAO_DEFAULT_VOICE, DOUBAO_VOICES, doubaoResourceId, doubaoSpeechRate } from './doubao-voices';

const PLATFORM = 'Doubao';
const ENDPOINT = 'https://openspeech.bytedance.com/api/v3/tts/unidirectional/sse';
const SESSION_FINISHED = 20000000;

/** New console: one `X-Api-Key`. Old console: App ID + access token (held in the key field). */
function authHeaders(config: TtsConfig): Record<string, string> {
  const key = fieldValue(doubaoEngine, config, 'apiKey');
  const appId = fieldValue(doubaoEngine, config, 'appId');
  return appId === '' ? { 'X-Api-Key': key } : { 'X-Api-App-Id': appId, 'X-Api-Access-Key': key };
}

interface Frame {
  readonly code?: unknown;
  readonly message?: unknown;
  readonly data?: unknown;
}

/** Audio from the SSE frames: base64 `data` joined in order; a non-zero, unfinished code fails. */
function framesToAudio(text: string): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const frame of jsonDocuments(text) as Frame[]) {
    const code = Number(frame?.code ?? 0);
    if (code !== 0 && code !== SESSION_FINISHED) {
      const message = typeof frame.message === 'string' ? frame.message : undefined;
      const status = /quota exceeded/i.test(message ?? '') ? 429 : 400;
      throw platformCodeError(PLATFORM, code, message, status);
    }
    if (typeof frame?.data === 'string' && frame.data !== '') parts.push(decodeBase64(frame.data));
  }
  const joined = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.byteLength;
  }
  return joined;
}

/** Volcengine Doubao speech synthesis (Seed-TTS), one-way SSE stream. */
export const doubaoEngine: TtsEngine = {
  id: 'doubao',
  name: 'Doubao',
  category: 'cloud',
  site: 'Volcengine Doubao speech (豆包语音)',
  docs: 'https://www.volcengine.com/docs/6561/1598757',
  reaches: () => [new URL(ENDPOINT).origin],
  fields: [
    {
      key: 'apiKey',
      label: 'API key',
      kind: 'secret',
      hint: 'New console: the API key. Old console: the Access Token, with the App ID below.',
    },
    {
      key: 'appId',
      label: 'App ID',
      kind: 'text',
      optional: true,
      hint: 'Only for old-console apps; leave blank with a new-console API key.',
    },
  ],
  models: [
    { id: 'seed-tts-2.0', name: 'Seed-TTS 2.0' },
    { id: 'seed-tts-1.0', name: 'Seed-TTS 1.0' },
    { id: 'seed-icl-2.0', name: 'Voice clone 2.0' },
    { id: 'seed-icl-1.0', name: 'Voice clone 1.0' },
  ],
  voices: () => DOUBAO_VOICES,
  // Cloned voices (S_…) are typed in.
  customVoice: true,
  defaultVoice: () => DOUBAO_DEFAULT_VOICE,
  rate: { min: 0.5, max: 2 },
  async synthesize(input, config, ctx) {
    const appId = fieldValue(doubaoEngine, config, 'appId');
    const response = await ctx.fetch(ENDPOINT, {
      method: 'POST',
      headers: {
        ...authHeaders(config),
        'X-Api-Resource-Id': doubaoResourceId(input.voice, input.model),
        'X-Api-Request-Id': newUuid(),
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        user: { uid: appId || 'ringback' },
        req_params: {
          text: input.text,
          speaker: input.voice,
          audio_params: { format: 'mp3', sample_rate: 24000, speech_rate: doubaoSpeechRate(input.rate) },
        },
      }),
      signal: ctx.signal,
    });
    if (!response.ok) throw await platformHttpError(PLATFORM, response);
    const text = await response.text();
    return namingPlatform(PLATFORM, async () => {
      const audio = framesToAudio(text);
      if (audio.byteLength === 0) throw new VoiceHttpError(`${PLATFORM}: the stream held no audio`);
      return audioBlob(audio, RAW_AUDIO_RESPONSE);
    });
  },
};
