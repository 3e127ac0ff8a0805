import { errorFromResponse, parseAudioResponse, RAW_AUDIO_RESPONSE } from '../../audio/parse-audio';
import { fieldValue, type TtsEngine, VoiceHttpError } from '../../tts-engine';
import { namedByPlatform } from '../shared/platform-error';

const PLATFORM = 'CosyVoice';

/**
 * CosyVoice's official FastAPI server, run by the user. `/inference_sft` streams headerless 16-bit
 * mono PCM (labelled text/plain), so a WAV header is added at the model's sample rate, which the
 * answer does not state: 22050 Hz for CosyVoice-300M, 24000 Hz for CosyVoice2/3.
 */
export const cosyVoiceEngine: TtsEngine = {
  id: 'cosyvoice',
  name: 'CosyVoice',
  category: 'selfHosted',
  site: 'your CosyVoice server (official FastAPI)',
  docs: 'https://github.com/FunAudioLLM/CosyVoice',
  fields: [
    {
      key: 'baseUrl',
      label: 'Server address',
      kind: 'url',
      default: 'http://127.0.0.1:50000',
      placeholder: 'http://127.0.0.1:50000',
    },
    {
      key: 'sampleRate',
      label: 'Sample rate',
      kind: 'select',
      default: '22050',
      options: [
        { value: '22050', label: '22050 Hz (CosyVoice-300M)' },
        { value: '24000', label: '24000 Hz (CosyVoice2 / CosyVoice3)' },
      ],
      hint: 'The model your server runs; a wrong rate plays too fast or too slow.',
    },
  ],
  models: [],
  voices: () => [
    { id: '中文女', name: '中文女 (Chinese female)', gender: 'female' },
    { id: '中文男', name: '中文男 (Chinese male)', gender: 'male' },
  ],
  // Other speaker ids of the server's SFT model can be typed in.
  customVoice: true,
  defaultVoice: () => '中文女',
  rate: null,
  async synthesize(input, config, ctx) {
    const base = fieldValue(cosyVoiceEngine, config, 'baseUrl').replace(/\/+$/, '');
    const sampleRate = Number(fieldValue(cosyVoiceEngine, config, 'sampleRate')) || 22050;
    const form = new FormData();
    form.append('tts_text', input.text);
    form.append('spk_id', input.voice);
    const response = await ctx.fetch(`${base}/inference_sft`, {
      method: 'POST',
      body: form,
      signal: ctx.signal,
    });
    if (!response.ok) {
      const error = await errorFromResponse(response);
      throw new VoiceHttpError(`${PLATFORM}: ${error.message}`, error.status);
    }
    return namedByPlatform(PLATFORM, () =>
      parseAudioResponse(response, { ...RAW_AUDIO_RESPONSE, format: 'pcm16', sampleRate }, ctx),
    );
  },
};
