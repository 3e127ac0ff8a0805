import { customEngine } from './engines/custom/custom-engine';
import { onDeviceEngine } from './engines/on-device/on-device-engine';
import { openAiSpeechEngine } from './engines/openai-speech';
import type { TtsEngine } from './tts-engine';

/** Picker order: the on-device voice (the default) first, the custom template last. */
export const TTS_ENGINES: readonly TtsEngine[] = Object.freeze([
  onDeviceEngine,
  openAiSpeechEngine,
  customEngine,
]);

export const DEFAULT_TTS_ENGINE_ID = 'on-device';

export function findEngine(id: string, engines: readonly TtsEngine[] = TTS_ENGINES): TtsEngine | undefined {
  return engines.find((engine) => engine.id === id);
}
