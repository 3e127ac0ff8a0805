import type { TtsEngine, TtsVoice } from '../../tts-engine';
import { type EspeakClient, sharedEspeakClient } from './espeak-client';
import { espeakVoiceFor, espeakWordsPerMinute, onDeviceSupport } from './espeak-voices';

/**
 * eSpeak NG running in a worker on this device: no account, no network beyond the app's own
 * origin (the worker script and each language's voice data are app assets, fetched on first use).
 */
export const ON_DEVICE_ENGINE_ID = 'on-device';

export function createOnDeviceEngine(client: () => EspeakClient = sharedEspeakClient): TtsEngine {
  const voices = (language: string): TtsVoice[] => {
    const voice = espeakVoiceFor(language);
    return voice ? [{ id: voice, name: `eSpeak NG (${voice})`, gender: 'male' }] : [];
  };
  return {
    id: ON_DEVICE_ENGINE_ID,
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
 * Loads the worker and the brief language's voice data (the shared part and that language's
 * dictionary, about 0.5 MB on the wire for English) ahead of the first call, so a brief that
 * arrives later is spoken without that wait. Only for a device whose calls use the on-device
 * voice: one on its computer's voice or a cloud voice downloads none of it. Never rejects; safe to
 * call more than once.
 */
export async function warmUpOnDeviceVoice(
  voice: { readonly engineId: string },
  language: string,
  client: EspeakClient = sharedEspeakClient(),
): Promise<boolean> {
  const espeakVoice = espeakVoiceFor(language);
  if (voice.engineId !== ON_DEVICE_ENGINE_ID || !espeakVoice) return false;
  try {
    await client.synthesize({ text: 'ok', voice: espeakVoice, wordsPerMinute: 175 });
    return true;
  } catch {
    return false;
  }
}
