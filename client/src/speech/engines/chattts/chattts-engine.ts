import { errorFromResponse, parseAudioResponse, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { fieldValue, type TtsEngine, type TtsVoice, VoiceHttpError } from '../../tts-engine';
import { namedByPlatform } from '../shared/platform-error';

const PLATFORM = 'ChatTTS';

/** The example server's three speaker files; ChatTTS speakers are seeds with no stated gender. */
const VOICES: readonly TtsVoice[] = [
  { id: 'default', name: 'Default (1528.pt)' },
  { id: 'alloy', name: 'Alloy (1384.pt)' },
  { id: 'echo', name: 'Echo (2443.pt)' },
];

/**
 * ChatTTS's OpenAI-compatible example server (`examples/api`), run by the user. It needs no key,
 * takes only its own voices, and hard-codes the speed, so there is no rate.
 */
export const chatTtsEngine: TtsEngine = {
  id: 'chattts',
  name: 'ChatTTS',
  category: 'selfHosted',
  site: 'your ChatTTS server (OpenAI-compatible API)',
  docs: 'https://github.com/2noise/ChatTTS/tree/main/examples/api',
  fields: [
    {
      key: 'baseUrl',
      label: 'Server address',
      kind: 'url',
      default: 'http://127.0.0.1:8000',
      placeholder: 'http://127.0.0.1:8000',
    },
  ],
  // The server rewrites `model` to tts-1 whatever is sent.
  models: [],
  voices: () => VOICES,
  customVoice: false,
  defaultVoice: () => 'default',
  rate: null,
  async synthesize(input, config, ctx) {
    const base = fieldValue(chatTtsEngine, config, 'baseUrl').replace(/\/+$/, '');
    const response = await ctx.fetch(`${base}/v1/audio/speech`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', input: input.text, voice: input.voice, response_format: 'mp3' }),
      signal: ctx.signal,
    });
    if (!response.ok) {
      const error = await errorFromResponse(response);
      throw new VoiceHttpError(`${PLATFORM}: ${error.message}`, error.status);
    }
    return namedByPlatform(PLATFORM, () => parseAudioResponse(response, RAW_AUDIO_RESPONSE, ctx));
  },
};
