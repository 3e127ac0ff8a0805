import { errorFromResponse, parseAudioResponse, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { fieldValue, type TtsEngine, type TtsVoice, VoiceHttpError } from '../../tts-engine';
import { namedByPlatform } from '../shared/platform-error';

const PLATFORM = 'Grok';
const BASE = 'https://api.x.ai/v1';

const FEMALE = ['eve', 'ara'];
const MALE = ['leo', 'rex'];
// The other built-in voices; xAI's docs give them no gender, so they sit between the women and men.
const UNLABELLED = [
  'carina',
  'zagan',
  'helix',
  'orion',
  'luna',
  'iris',
  'altair',
  'zenith',
  'perseus',
  'helios',
  'lux',
  'kepler',
  'rigel',
  'cosmo',
  'celeste',
  'ursa',
  'sirius',
  'lumen',
  'castor',
  'naksh',
  'atlas',
  'aurora',
  'liora',
];

const named = (id: string, gender?: TtsVoice['gender']): TtsVoice => ({
  id,
  name: id[0]?.toUpperCase() + id.slice(1),
  ...(gender ? { gender } : {}),
});

/** The 28 built-in voices; every one speaks every supported language. */
export const GROK_VOICES: readonly TtsVoice[] = [
  ...FEMALE.map((id) => named(id, 'female')),
  ...UNLABELLED.map((id) => named(id)),
  named('sal', 'neutral'),
  ...MALE.map((id) => named(id, 'male')),
];

/** The languages xAI documents for `language`. */
const LANGUAGES = [
  'en',
  'ar-EG',
  'ar-SA',
  'ar-AE',
  'bn',
  'zh',
  'fr',
  'de',
  'hi',
  'id',
  'it',
  'ja',
  'ko',
  'pt-BR',
  'pt-PT',
  'ru',
  'es-MX',
  'es-ES',
  'tr',
  'vi',
];

/**
 * The call language as the required `language`: the documented tag itself, else the same language
 * in a documented region (es-AR → es-MX), else `auto` so xAI detects it.
 */
export function grokLanguage(language: string): string {
  const wanted = language.toLowerCase();
  const exact = LANGUAGES.find((tag) => tag.toLowerCase() === wanted);
  if (exact) return exact;
  const base = wanted.split('-')[0];
  return LANGUAGES.find((tag) => tag.toLowerCase().split('-')[0] === base) ?? 'auto';
}

async function checked(response: Response): Promise<Response> {
  if (response.ok) return response;
  const error = await errorFromResponse(response);
  throw new VoiceHttpError(`${PLATFORM}: ${error.message}`, error.status);
}

/** xAI text to speech: `POST /v1/tts`, the body is the audio. There is no model field. */
export const grokEngine: TtsEngine = {
  id: 'grok',
  name: 'Grok (xAI)',
  category: 'cloud',
  site: 'xAI API',
  docs: 'https://docs.x.ai/developers/model-capabilities/audio/text-to-speech',
  reaches: () => [BASE],
  fields: [{ key: 'apiKey', label: 'API key', kind: 'secret', placeholder: 'xai-…' }],
  models: [],
  voices: () => GROK_VOICES,
  customVoice: true,
  defaultVoice: () => 'eve',
  rate: { min: 0.7, max: 1.5 },
  async listVoices(config, ctx) {
    const response = await checked(
      await ctx.fetch(`${BASE}/tts/voices`, {
        headers: { Authorization: `Bearer ${fieldValue(grokEngine, config, 'apiKey')}` },
        signal: ctx.signal,
      }),
    );
    const answer = (await response.json().catch(() => ({}))) as {
      voices?: readonly Record<string, unknown>[];
    };
    const voices: TtsVoice[] = [];
    for (const entry of answer.voices ?? []) {
      const id = [entry.voice_id, entry.id].find((v): v is string => typeof v === 'string' && v !== '');
      if (!id) continue;
      const gender = ['female', 'male', 'neutral'].find((g) => g === String(entry.gender).toLowerCase());
      voices.push({
        id,
        name: typeof entry.name === 'string' ? entry.name : id,
        ...(gender ? { gender: gender as TtsVoice['gender'] } : {}),
      });
    }
    return voices;
  },
  async synthesize(input, config, ctx) {
    const response = await ctx.fetch(`${BASE}/tts`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${fieldValue(grokEngine, config, 'apiKey')}`,
      },
      body: JSON.stringify({
        text: input.text,
        language: grokLanguage(input.language),
        voice_id: input.voice,
        output_format: { codec: 'mp3', sample_rate: 24000, bit_rate: 128000 },
        speed: input.rate,
      }),
      signal: ctx.signal,
    });
    return namedByPlatform(PLATFORM, async () =>
      parseAudioResponse(await checked(response), RAW_AUDIO_RESPONSE, ctx),
    );
  },
};
