import { decodeHex } from '../../audio/decode-text';
import { audioBlob, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { fieldValue, type TtsConfig, type TtsEngine, type TtsVoice, VoiceHttpError } from '../../tts-engine';
import { namingPlatform, platformCodeError, platformHttpError, platformJson } from '../shared/platform-error';
import { minimaxDefaultVoice, minimaxVoices } from './minimax-voices';

const PLATFORM = 'MiniMax';

/** mainland China and international are separate accounts with separate keys. */
export const MINIMAX_SITES: Readonly<Record<string, string>> = {
  cn: 'https://api.minimax.cn',
  intl: 'https://api.minimax.io',
};

/** `base_resp` codes for rate limits and exhausted quota, which are worth a retry later. */
const RATE_LIMIT_CODES = new Set([1002, 1039, 1041, 2045]);

function base(config: TtsConfig): string {
  return MINIMAX_SITES[fieldValue(minimaxEngine, config, 'site')] ?? (MINIMAX_SITES.cn as string);
}

/** POSTs JSON and returns the answer, turning HTTP errors and non-zero `base_resp` into errors. */
async function call(
  path: string,
  body: unknown,
  config: TtsConfig,
  ctx: Parameters<TtsEngine['synthesize']>[2],
) {
  const response = await ctx.fetch(`${base(config)}${path}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${fieldValue(minimaxEngine, config, 'apiKey')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
    signal: ctx.signal,
  });
  if (!response.ok) throw await platformHttpError(PLATFORM, response);
  const answer = (await platformJson(PLATFORM, response)) as Record<string, unknown> | null;
  const baseResp = answer?.base_resp as { status_code?: unknown; status_msg?: unknown } | undefined;
  const code = Number(baseResp?.status_code ?? 0);
  if (code !== 0) {
    const message = typeof baseResp?.status_msg === 'string' ? baseResp.status_msg : undefined;
    throw platformCodeError(PLATFORM, code, message, RATE_LIMIT_CODES.has(code) ? 429 : 400);
  }
  return answer ?? {};
}

function listed(entries: unknown, kind: string): TtsVoice[] {
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((entry: { voice_id?: unknown; voice_name?: unknown }) => {
    if (typeof entry?.voice_id !== 'string' || entry.voice_id === '') return [];
    const name =
      typeof entry.voice_name === 'string' && entry.voice_name !== '' ? entry.voice_name : entry.voice_id;
    return [{ id: entry.voice_id, name: kind ? `${name} (${kind})` : name }];
  });
}

/** MiniMax speech (T2A v2); system voices are per language, plus the account's clones. */
export const minimaxEngine: TtsEngine = {
  id: 'minimax',
  name: 'MiniMax',
  category: 'cloud',
  site: 'MiniMax speech synthesis',
  docs: 'https://platform.minimax.io/docs/api-reference/speech-t2a-http',
  reaches: () => Object.values(MINIMAX_SITES),
  fields: [
    {
      key: 'site',
      label: 'Site',
      kind: 'select',
      default: 'cn',
      options: [
        { value: 'cn', label: 'China (api.minimax.cn)' },
        { value: 'intl', label: 'International (api.minimax.io)' },
      ],
      hint: 'The two sites are separate accounts: use the key from the site you signed up on.',
    },
    { key: 'apiKey', label: 'API key', kind: 'secret', placeholder: 'eyJ…' },
  ],
  models: [
    { id: 'speech-2.8-hd', name: 'speech-2.8-hd' },
    { id: 'speech-2.8-turbo', name: 'speech-2.8-turbo' },
    { id: 'speech-2.6-hd', name: 'speech-2.6-hd' },
    { id: 'speech-2.6-turbo', name: 'speech-2.6-turbo' },
  ],
  voices: minimaxVoices,
  // Voices are per language: a saved voice of another language falls back to its default.
  customVoice: false,
  defaultVoice: minimaxDefaultVoice,
  rate: { min: 0.5, max: 2 },
  async listVoices(config, ctx) {
    const answer = await namingPlatform(PLATFORM, () =>
      call('/v1/get_voice', { voice_type: 'all' }, config, ctx),
    );
    return [
      ...listed(answer.voice_cloning, 'cloned'),
      ...listed(answer.voice_generation, 'designed'),
      ...listed(answer.system_voice, ''),
    ];
  },
  async synthesize(input, config, ctx) {
    return namingPlatform(PLATFORM, async () => {
      const answer = await call(
        '/v1/t2a_v2',
        {
          model: input.model || 'speech-2.8-hd',
          text: input.text,
          stream: false,
          voice_setting: { voice_id: input.voice, speed: input.rate, vol: 1, pitch: 0 },
          audio_setting: { sample_rate: 32000, bitrate: 128000, format: 'mp3', channel: 1 },
          language_boost: 'auto',
          output_format: 'hex',
        },
        config,
        ctx,
      );
      const audio = (answer.data as { audio?: unknown } | null | undefined)?.audio;
      if (typeof audio !== 'string' || audio === '')
        throw new VoiceHttpError(`${PLATFORM}: the answer has no audio`);
      return audioBlob(decodeHex(audio), RAW_AUDIO_RESPONSE);
    });
  },
};
