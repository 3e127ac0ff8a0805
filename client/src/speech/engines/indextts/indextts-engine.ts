import { errorFromResponse, parseAudioResponse, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { fieldValue, type TtsConfig, type TtsEngine, type TtsVoice, VoiceHttpError } from '../../tts-engine';
import { namedByPlatform } from '../shared/platform-error';

const PLATFORM = 'IndexTTS';

const baseOf = (config: TtsConfig) => fieldValue(indexTtsEngine, config, 'baseUrl').replace(/\/+$/, '');

/** Bearer only when a key is set: a local vLLM-Omni usually runs without one. */
function authHeaders(config: TtsConfig): Record<string, string> {
  const key = fieldValue(indexTtsEngine, config, 'apiKey');
  return key ? { Authorization: `Bearer ${key}` } : {};
}

async function checked(response: Response): Promise<Response> {
  if (response.ok) return response;
  const error = await errorFromResponse(response);
  throw new VoiceHttpError(`${PLATFORM}: ${error.message}`, error.status);
}

/** One entry of the voice list: a plain id, or an object with id and/or name. */
function voiceOf(entry: unknown): TtsVoice | null {
  if (typeof entry === 'string') return entry === '' ? null : { id: entry, name: entry };
  if (typeof entry !== 'object' || entry === null) return null;
  const { id, name } = entry as { id?: unknown; name?: unknown };
  const voiceId = typeof id === 'string' && id !== '' ? id : typeof name === 'string' ? name : '';
  if (voiceId === '') return null;
  return { id: voiceId, name: typeof name === 'string' && name !== '' ? name : voiceId };
}

/**
 * IndexTTS served by vLLM-Omni's OpenAI-style `/audio/speech`. Voices are zero-shot clones the
 * user uploaded to their server, so there are no presets: the list comes from the server.
 */
export const indexTtsEngine: TtsEngine = {
  id: 'indextts',
  name: 'IndexTTS',
  category: 'selfHosted',
  site: 'your IndexTTS server (vLLM-Omni)',
  docs: 'https://github.com/index-tts/index-tts',
  fields: [
    {
      key: 'baseUrl',
      label: 'Base address',
      kind: 'url',
      default: 'http://127.0.0.1:8092/v1',
      placeholder: 'http://127.0.0.1:8092/v1',
    },
    {
      key: 'apiKey',
      label: 'API key',
      kind: 'secret',
      optional: true,
      hint: 'Only if your server asks for one.',
    },
  ],
  models: [
    { id: 'IndexTeam/IndexTTS-2.5', name: 'IndexTTS-2.5' },
    { id: 'IndexTeam/IndexTTS-2', name: 'IndexTTS-2' },
  ],
  voices: () => [],
  customVoice: true,
  defaultVoice: () => '',
  rate: { min: 0.5, max: 2 },
  async listVoices(config, ctx) {
    const response = await checked(
      await ctx.fetch(`${baseOf(config)}/audio/voices`, { headers: authHeaders(config), signal: ctx.signal }),
    );
    const answer = (await response.json().catch(() => ({}))) as { voices?: unknown; data?: unknown };
    const entries = Array.isArray(answer.voices)
      ? answer.voices
      : Array.isArray(answer.data)
        ? answer.data
        : [];
    return entries.map(voiceOf).filter((voice): voice is TtsVoice => voice !== null);
  },
  async synthesize(input, config, ctx) {
    if (input.voice.trim() === '') {
      throw new VoiceHttpError(`${PLATFORM}: no voice is set; list the voices your server has and pick one`);
    }
    const response = await ctx.fetch(`${baseOf(config)}/audio/speech`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...authHeaders(config) },
      body: JSON.stringify({
        model: input.model || (indexTtsEngine.models[0]?.id ?? ''),
        input: input.text,
        voice: input.voice,
        response_format: 'wav',
        speed: input.rate,
      }),
      signal: ctx.signal,
    });
    return namedByPlatform(PLATFORM, async () =>
      parseAudioResponse(await checked(response), RAW_AUDIO_RESPONSE, ctx),
    );
  },
};
