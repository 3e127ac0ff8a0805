import { parseAudioResponse, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { fieldValue, type TtsConfig, type TtsEngine, type TtsVoice, VoiceHttpError } from '../../tts-engine';
import { femaleFirst, namingPlatform, platformHttpError, platformJson } from '../shared/platform-error';
import { buildSsml } from './azure-ssml';
import { azureVoices } from './azure-voices';

const PLATFORM = 'Azure Speech';

/** `https://{region}.tts.speech.microsoft.com`, refusing anything that is not a region name. */
function serviceBase(config: TtsConfig): string {
  const region = fieldValue(azureSpeechEngine, config, 'region').toLowerCase();
  if (!/^[a-z0-9-]+$/.test(region)) {
    throw new VoiceHttpError(`${PLATFORM}: "${region}" is not a region name such as eastus`);
  }
  return `https://${region}.tts.speech.microsoft.com/cognitiveservices`;
}

function keyHeader(config: TtsConfig): Record<string, string> {
  return { 'Ocp-Apim-Subscription-Key': fieldValue(azureSpeechEngine, config, 'apiKey') };
}

interface AzureVoiceEntry {
  readonly ShortName?: unknown;
  readonly DisplayName?: unknown;
  readonly LocalName?: unknown;
  readonly Locale?: unknown;
  readonly Gender?: unknown;
}

function toVoice(entry: AzureVoiceEntry): TtsVoice | null {
  if (typeof entry.ShortName !== 'string' || entry.ShortName === '') return null;
  const name = typeof entry.DisplayName === 'string' ? entry.DisplayName : entry.ShortName;
  const locale = typeof entry.Locale === 'string' ? ` (${entry.Locale})` : '';
  const gender = typeof entry.Gender === 'string' ? entry.Gender.toLowerCase() : '';
  return {
    id: entry.ShortName,
    name: `${name}${locale}`,
    ...(gender === 'female' || gender === 'male' || gender === 'neutral' ? { gender } : {}),
  };
}

/** Microsoft Azure AI Speech, official REST with a Speech resource key (no borrowed tokens). */
export const azureSpeechEngine: TtsEngine = {
  id: 'azure',
  name: 'Azure Speech',
  category: 'cloud',
  site: 'Microsoft Azure AI Speech',
  docs: 'https://learn.microsoft.com/azure/ai-services/speech-service/rest-text-to-speech',
  reaches: (config) => {
    try {
      return [serviceBase(config)];
    } catch {
      return [];
    }
  },
  fields: [
    {
      key: 'region',
      label: 'Region',
      kind: 'text',
      placeholder: 'eastus',
      hint: "The Speech resource's region, as shown beside its keys.",
    },
    { key: 'apiKey', label: 'Speech resource key', kind: 'secret', placeholder: 'KEY 1 or KEY 2' },
  ],
  models: [],
  voices: azureVoices,
  // Voices are per locale: a saved voice of another locale falls back to the locale's default.
  customVoice: false,
  defaultVoice: (language) => azureVoices(language)[0]?.id ?? 'en-US-AvaMultilingualNeural',
  rate: { min: 0.5, max: 2 },
  async listVoices(config, ctx) {
    const response = await ctx.fetch(`${serviceBase(config)}/voices/list`, {
      headers: keyHeader(config),
      signal: ctx.signal,
    });
    if (!response.ok) throw await platformHttpError(PLATFORM, response);
    const body = await platformJson(PLATFORM, response);
    if (!Array.isArray(body)) throw new VoiceHttpError(`${PLATFORM}: the voice list is not a list`);
    return femaleFirst(body.map((entry: AzureVoiceEntry) => toVoice(entry)).filter((v) => v !== null));
  },
  async synthesize(input, config, ctx) {
    const response = await ctx.fetch(`${serviceBase(config)}/v1`, {
      method: 'POST',
      headers: {
        ...keyHeader(config),
        'Content-Type': 'application/ssml+xml',
        'X-Microsoft-OutputFormat': 'audio-24khz-48kbitrate-mono-mp3',
      },
      body: buildSsml(input),
      signal: ctx.signal,
    });
    if (!response.ok) throw await platformHttpError(PLATFORM, response);
    return namingPlatform(PLATFORM, () => parseAudioResponse(response, RAW_AUDIO_RESPONSE, ctx));
  },
};
