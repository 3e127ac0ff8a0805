import { decodeBase64 } from '../../audio/decode-text';
import { audioBlob, errorFromResponse, excerpt, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { fieldValue, type TtsConfig, type TtsEngine, type TtsVoice, VoiceHttpError } from '../../tts-engine';
import { GEMINI_DEFAULT_VOICE, GEMINI_VOICES, geminiLanguageCode, geminiPaceStyle } from './gemini-voices';

const PLATFORM = 'Gemini';
const BASE = 'https://generativelanguage.googleapis.com/v1beta';

interface InlineData {
  readonly mimeType?: string;
  readonly data?: string;
}

interface GenerateContentAnswer {
  readonly candidates?: readonly {
    readonly finishReason?: string;
    readonly content?: { readonly parts?: readonly { readonly inlineData?: InlineData }[] };
  }[];
  readonly promptFeedback?: { readonly blockReason?: string };
}

const headers = (config: TtsConfig) => ({ 'x-goog-api-key': fieldValue(geminiEngine, config, 'apiKey') });

async function answerJson<T>(response: Response): Promise<T> {
  if (!response.ok) {
    const error = await errorFromResponse(response);
    throw new VoiceHttpError(`${PLATFORM}: ${error.message}`, error.status);
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  try {
    return JSON.parse(new TextDecoder().decode(bytes)) as T;
  } catch {
    throw new VoiceHttpError(`${PLATFORM}: the answer is not JSON: ${excerpt(bytes)}`);
  }
}

/** The inline audio as a Blob: WAV as asked, or headerless L16 PCM should a model still send it. */
function inlineAudio(inline: InlineData): Blob {
  const bytes = decodeBase64(inline.data ?? '');
  const mimeType = (inline.mimeType ?? '').toLowerCase();
  if (/l16|pcm/.test(mimeType)) {
    const sampleRate = Number(/rate=(\d+)/.exec(mimeType)?.[1] ?? 24000);
    return audioBlob(bytes, { ...RAW_AUDIO_RESPONSE, format: 'pcm16', sampleRate });
  }
  return audioBlob(bytes, RAW_AUDIO_RESPONSE);
}

/** Gemini speech generation through `generateContent`; the audio comes back base64 inline. */
export const geminiEngine: TtsEngine = {
  id: 'gemini',
  name: 'Gemini',
  category: 'cloud',
  site: 'Google Gemini API',
  docs: 'https://ai.google.dev/gemini-api/docs/speech-generation',
  reaches: () => [BASE],
  fields: [{ key: 'apiKey', label: 'API key', kind: 'secret', placeholder: 'AIza…' }],
  models: [
    { id: 'gemini-3.8-flash-tts', name: 'gemini-3.8-flash-tts' },
    { id: 'gemini-3.8-flash-lite-tts', name: 'gemini-3.8-flash-lite-tts' },
  ],
  voices: () => GEMINI_VOICES,
  customVoice: true,
  defaultVoice: () => GEMINI_DEFAULT_VOICE,
  // No numeric speed: a fast or slow rate is asked for in words (geminiPaceStyle).
  rate: null,
  async listVoices(config, ctx) {
    const answer = await answerJson<{ voices?: readonly Record<string, unknown>[] }>(
      await ctx.fetch(`${BASE}/voices?page_size=1000`, { headers: headers(config), signal: ctx.signal }),
    );
    const voices: TtsVoice[] = [];
    for (const entry of answer.voices ?? []) {
      const resource = typeof entry.name === 'string' ? entry.name.replace(/^voices\//, '') : undefined;
      const id = [entry.id, entry.voice_id, resource].find(
        (v): v is string => typeof v === 'string' && v !== '',
      );
      if (!id) continue;
      const label = [entry.display_name, entry.displayName].find((v): v is string => typeof v === 'string');
      voices.push({ id, name: label ?? id });
    }
    return voices;
  },
  async synthesize(input, config, ctx) {
    // The speech service sends rate 1 to engines without a range (the page says the slider does
    // not apply), so a style is only added when a caller passes another rate on purpose.
    const style = geminiPaceStyle(input.rate);
    const languageCode = geminiLanguageCode(input.language);
    const model = input.model || (geminiEngine.models[0]?.id ?? '');
    const response = await ctx.fetch(`${BASE}/models/${encodeURIComponent(model)}:generateContent`, {
      method: 'POST',
      headers: { ...headers(config), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        contents: [
          { role: 'user', parts: [{ text: input.text, ...(style ? { speech_metadata: { style } } : {}) }] },
        ],
        generationConfig: {
          responseModalities: ['AUDIO'],
          speechConfig: { voiceConfig: { voice: input.voice }, ...(languageCode ? { languageCode } : {}) },
          // Asked for explicitly so that older models do not answer with headerless PCM.
          responseFormat: { audio: { mimeType: 'AUDIO_WAV', sampleRate: 24000 } },
        },
      }),
      signal: ctx.signal,
    });
    const answer = await answerJson<GenerateContentAnswer>(response);
    const candidate = answer.candidates?.[0];
    const inline = candidate?.content?.parts?.[0]?.inlineData;
    if (!inline?.data) {
      const reason = answer.promptFeedback?.blockReason ?? candidate?.finishReason;
      throw new VoiceHttpError(`${PLATFORM}: the answer has no audio${reason ? ` (${reason})` : ''}`);
    }
    try {
      return inlineAudio(inline);
    } catch (error) {
      if (error instanceof VoiceHttpError) throw new VoiceHttpError(`${PLATFORM}: ${error.message}`);
      throw error;
    }
  },
};
