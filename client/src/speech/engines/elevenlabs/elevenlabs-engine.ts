import { parseAudioResponse, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { fieldValue, type TtsConfig, type TtsEngine, type TtsVoice, VoiceHttpError } from '../../tts-engine';
import { femaleFirst, namingPlatform, platformHttpError, platformJson } from '../shared/platform-error';

const PLATFORM = 'ElevenLabs';

/** API hosts per data-residency server; an account lives on one of them. */
export const ELEVENLABS_SERVERS: Readonly<Record<string, string>> = {
  global: 'https://api.elevenlabs.io',
  us: 'https://api.us.elevenlabs.io',
  eu: 'https://api.eu.residency.elevenlabs.io',
  in: 'https://api.in.residency.elevenlabs.io',
  sg: 'https://api.sg.residency.elevenlabs.io',
};

const GEORGE = 'JBFqnCBsd6RMkjVDRZzb';
const VOICES: readonly TtsVoice[] = [
  { id: GEORGE, name: 'George', gender: 'male' },
  { id: 'pNInz6obpgDQGcFmaJgB', name: 'Adam', gender: 'male' },
];

function base(config: TtsConfig): string {
  const server = fieldValue(elevenLabsEngine, config, 'server');
  return ELEVENLABS_SERVERS[server] ?? (ELEVENLABS_SERVERS.global as string);
}

function keyHeader(config: TtsConfig): Record<string, string> {
  return { 'xi-api-key': fieldValue(elevenLabsEngine, config, 'apiKey') };
}

interface ListedVoice {
  readonly voice_id?: unknown;
  readonly name?: unknown;
  readonly labels?: { readonly gender?: unknown } | null;
}

function toVoice(entry: ListedVoice): TtsVoice | null {
  if (typeof entry.voice_id !== 'string' || entry.voice_id === '') return null;
  const gender = entry.labels?.gender;
  return {
    id: entry.voice_id,
    name: typeof entry.name === 'string' && entry.name !== '' ? entry.name : entry.voice_id,
    ...(gender === 'female' || gender === 'male' || gender === 'neutral' ? { gender } : {}),
  };
}

/** ElevenLabs text-to-speech; voices are language-agnostic, the account's own come from "list voices". */
export const elevenLabsEngine: TtsEngine = {
  id: 'elevenlabs',
  name: 'ElevenLabs',
  category: 'cloud',
  site: 'ElevenLabs text to speech',
  docs: 'https://elevenlabs.io/docs/api-reference/text-to-speech/convert',
  reaches: () => Object.values(ELEVENLABS_SERVERS),
  fields: [
    { key: 'apiKey', label: 'API key', kind: 'secret', placeholder: 'sk_…' },
    {
      key: 'server',
      label: 'Server',
      kind: 'select',
      default: 'global',
      options: [
        { value: 'global', label: 'Global (api.elevenlabs.io)' },
        { value: 'us', label: 'United States' },
        { value: 'eu', label: 'EU data residency' },
        { value: 'in', label: 'India data residency' },
        { value: 'sg', label: 'Singapore data residency' },
      ],
      hint: 'Data-residency accounts only work on their own server.',
    },
  ],
  models: [
    { id: 'eleven_v4', name: 'Eleven v4' },
    { id: 'eleven_v3', name: 'Eleven v3' },
    { id: 'eleven_multilingual_v2', name: 'Eleven Multilingual v2' },
    { id: 'eleven_flash_v2_5', name: 'Eleven Flash v2.5' },
  ],
  voices: () => VOICES,
  customVoice: true,
  defaultVoice: () => GEORGE,
  // eleven_v4 ignores the speed setting; the others take 0.7–1.2.
  rate: { min: 0.7, max: 1.2 },
  async listVoices(config, ctx) {
    const response = await ctx.fetch(`${base(config)}/v2/voices?page_size=100`, {
      headers: keyHeader(config),
      signal: ctx.signal,
    });
    if (!response.ok) throw await platformHttpError(PLATFORM, response);
    const body = (await platformJson(PLATFORM, response)) as { voices?: unknown };
    if (!Array.isArray(body?.voices)) throw new VoiceHttpError(`${PLATFORM}: the answer has no voice list`);
    return femaleFirst(body.voices.map((entry: ListedVoice) => toVoice(entry)).filter((v) => v !== null));
  },
  async synthesize(input, config, ctx) {
    const voice = encodeURIComponent(input.voice || GEORGE);
    const response = await ctx.fetch(
      `${base(config)}/v1/text-to-speech/${voice}?output_format=mp3_44100_128`,
      {
        method: 'POST',
        headers: { ...keyHeader(config), 'Content-Type': 'application/json', Accept: 'audio/mpeg' },
        body: JSON.stringify({
          text: input.text,
          model_id: input.model || 'eleven_v4',
          voice_settings: { speed: input.rate },
        }),
        signal: ctx.signal,
      },
    );
    if (!response.ok) throw await platformHttpError(PLATFORM, response);
    return namingPlatform(PLATFORM, () => parseAudioResponse(response, RAW_AUDIO_RESPONSE, ctx));
  },
};
