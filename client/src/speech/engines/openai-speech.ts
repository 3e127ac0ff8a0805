import { parseAudioResponse, RAW_AUDIO_RESPONSE } from '../audio/parse-audio';
import { fieldValue, type TtsEngine } from '../tts-engine';

const VOICES = [
  'marin',
  'cedar',
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'nova',
  'onyx',
  'sage',
  'shimmer',
  'verse',
];
// Female-sounding voices first, as the picker lists them.
const FEMALE = new Set(['marin', 'coral', 'nova', 'shimmer', 'sage', 'ballad']);

/** OpenAI's `/audio/speech`, or any compatible server at another base address. */
export const openAiSpeechEngine: TtsEngine = {
  id: 'openai',
  name: 'OpenAI',
  category: 'cloud',
  site: 'OpenAI or a compatible /audio/speech server',
  docs: 'https://platform.openai.com/docs/api-reference/audio/createSpeech',
  fields: [
    {
      key: 'baseUrl',
      label: 'Base address',
      kind: 'url',
      default: 'https://api.openai.com/v1',
      placeholder: 'https://api.openai.com/v1',
      hint: 'Change it for a proxy or a compatible server.',
    },
    { key: 'apiKey', label: 'API key', kind: 'secret', placeholder: 'sk-…' },
  ],
  models: [
    { id: 'gpt-4o-mini-tts', name: 'gpt-4o-mini-tts' },
    { id: 'tts-1-hd', name: 'tts-1-hd' },
    { id: 'tts-1', name: 'tts-1' },
  ],
  voices: () =>
    [...VOICES]
      .sort((a, b) => Number(FEMALE.has(b)) - Number(FEMALE.has(a)))
      .map((id) => ({
        id,
        name: id[0]?.toUpperCase() + id.slice(1),
        gender: FEMALE.has(id) ? 'female' : 'male',
      })),
  customVoice: true,
  defaultVoice: () => 'marin',
  rate: { min: 0.5, max: 2 },
  async synthesize(input, config, ctx) {
    const base = fieldValue(openAiSpeechEngine, config, 'baseUrl').replace(/\/+$/, '');
    const response = await ctx.fetch(`${base}/audio/speech`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${fieldValue(openAiSpeechEngine, config, 'apiKey')}`,
      },
      body: JSON.stringify({
        model: input.model,
        input: input.text,
        voice: input.voice,
        response_format: 'mp3',
        speed: input.rate,
      }),
      signal: ctx.signal,
    });
    return parseAudioResponse(response, RAW_AUDIO_RESPONSE, ctx);
  },
};
