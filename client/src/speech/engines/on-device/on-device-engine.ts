import type { TtsEngine, TtsVoice } from '../../tts-engine';
import { type EspeakClient, sharedEspeakClient } from './espeak-client';
import { espeakVoiceFor, espeakWordsPerMinute, onDeviceSupport } from './espeak-voices';

/**
 * eSpeak NG running in a worker on this device: no account, no network beyond the app's own
 * origin (the worker script and its voice data are app assets).
 */
export function createOnDeviceEngine(client: () => EspeakClient = sharedEspeakClient): TtsEngine {
  const voices = (language: string): TtsVoice[] => {
    const voice = espeakVoiceFor(language);
    return voice ? [{ id: voice, name: `eSpeak NG (${voice})`, gender: 'male' }] : [];
  };
  return {
    id: 'on-device',
    name: 'On-device voice',
    category: 'free',
    site: 'eSpeak NG on this device, no account needed',
    docs: 'https://github.com/espeak-ng/espeak-ng',
    fields: [],
    models: [],
    voices,
    customVoice: false,
    defaultVoice: (language) => espeakVoiceFor(language) ?? '',
    rate: { min: 0.5, max: 2 },
    // Local work: no network to retry and the worker runs one job at a time anyway, so the
    // shared slots for network voices are not spent on it.
    ownsRequestPolicy: true,
    async synthesize(input, _config, ctx) {
      const languageVoice = espeakVoiceFor(input.language);
      const voice = voices(input.language).some((v) => v.id === input.voice) ? input.voice : languageVoice;
      if (!voice) throw new Error(onDeviceSupport(input.language).note);
      const wav = await client().synthesize(
        { text: input.text, voice, wordsPerMinute: espeakWordsPerMinute(input.rate) },
        ctx.signal,
      );
      return new Blob([wav], { type: 'audio/wav' });
    },
  };
}

export const onDeviceEngine: TtsEngine = createOnDeviceEngine();

/**
 * Loads the worker and its 24 MB of voice data ahead of the first call (≈0.3–0.8 s), so a brief
 * that arrives later is spoken without that wait. Never rejects; safe to call more than once.
 */
export async function warmUpOnDeviceVoice(client: EspeakClient = sharedEspeakClient()): Promise<boolean> {
  try {
    await client.synthesize({ text: 'ok', voice: 'en-us', wordsPerMinute: 175 });
    return true;
  } catch {
    return false;
  }
}
