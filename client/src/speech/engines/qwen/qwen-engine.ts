import { decodeBase64 } from '../../audio/decode-text';
import { audioBlob, parseAudioResponse, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { fieldValue, type TtsConfig, type TtsEngine, VoiceHttpError } from '../../tts-engine';
import { namingPlatform, platformCodeError, platformHttpError, platformJson } from '../shared/platform-error';
import { QWEN_DEFAULT_VOICE, QWEN_VOICES, qwenLanguageType } from './qwen-voices';

const PLATFORM = 'Qwen';
const PATH = '/api/v1/services/aigc/multimodal-generation/generation';

/** Alibaba Cloud Model Studio regions; keys belong to one region. */
export const QWEN_SITES: Readonly<Record<string, string>> = {
  beijing: 'https://dashscope.aliyuncs.com',
  singapore: 'https://dashscope-intl.aliyuncs.com',
};

function base(config: TtsConfig): string {
  return QWEN_SITES[fieldValue(qwenEngine, config, 'site')] ?? (QWEN_SITES.beijing as string);
}

interface QwenAnswer {
  readonly code?: unknown;
  readonly message?: unknown;
  readonly output?: { readonly audio?: { readonly data?: unknown; readonly url?: unknown } | null } | null;
}

/** Alibaba Bailian (DashScope) Qwen3-TTS; no speed parameter. */
export const qwenEngine: TtsEngine = {
  id: 'qwen',
  name: 'Qwen TTS',
  category: 'cloud',
  site: 'Alibaba Cloud Bailian (DashScope) Qwen3-TTS',
  docs: 'https://help.aliyun.com/zh/model-studio/qwen-tts-api',
  reaches: () => Object.values(QWEN_SITES),
  fields: [
    {
      key: 'site',
      label: 'Region',
      kind: 'select',
      default: 'beijing',
      options: [
        { value: 'beijing', label: 'China (Beijing)' },
        { value: 'singapore', label: 'International (Singapore)' },
      ],
      hint: 'API keys work only in the region they were created in.',
    },
    { key: 'apiKey', label: 'API key', kind: 'secret', placeholder: 'sk-…' },
  ],
  models: [
    { id: 'qwen3-tts-flash', name: 'qwen3-tts-flash' },
    { id: 'qwen3-tts-instruct-flash', name: 'qwen3-tts-instruct-flash' },
  ],
  voices: () => QWEN_VOICES,
  customVoice: false,
  defaultVoice: () => QWEN_DEFAULT_VOICE,
  // The API has no speed parameter: the page says the slider has no effect here.
  rate: null,
  async synthesize(input, config, ctx) {
    const response = await ctx.fetch(`${base(config)}${PATH}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${fieldValue(qwenEngine, config, 'apiKey')}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        model: input.model || 'qwen3-tts-flash',
        input: { text: input.text, voice: input.voice, language_type: qwenLanguageType(input.language) },
      }),
      signal: ctx.signal,
    });
    if (!response.ok) throw await platformHttpError(PLATFORM, response);
    return namingPlatform(PLATFORM, async () => {
      const answer = (await platformJson(PLATFORM, response)) as QwenAnswer | null;
      if (typeof answer?.code === 'string' && answer.code !== '') {
        const message = typeof answer.message === 'string' ? answer.message : undefined;
        throw platformCodeError(
          PLATFORM,
          answer.code,
          message,
          answer.code.startsWith('Throttling') ? 429 : 400,
        );
      }
      const audio = answer?.output?.audio;
      if (typeof audio?.data === 'string' && audio.data !== '') {
        return audioBlob(decodeBase64(audio.data), RAW_AUDIO_RESPONSE);
      }
      if (typeof audio?.url !== 'string' || !/^https?:\/\//i.test(audio.url)) {
        throw new VoiceHttpError(`${PLATFORM}: the answer has no audio`);
      }
      // The file stays downloadable for 24 hours; it is fetched at once.
      const download = await ctx.fetch(audio.url, { signal: ctx.signal });
      if (!download.ok) throw await platformHttpError(`${PLATFORM} audio download`, download);
      return parseAudioResponse(download, RAW_AUDIO_RESPONSE, ctx);
    });
  },
};
