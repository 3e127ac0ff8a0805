import { azureSpeechEngine } from './engines/azure/azure-engine';
import { chatTtsEngine } from './engines/chattts/chattts-engine';
import { computerEngine } from './engines/computer/computer-engine';
import { cosyVoiceEngine } from './engines/cosyvoice/cosyvoice-engine';
import { customEngine } from './engines/custom/custom-engine';
import { doubaoEngine } from './engines/doubao/doubao-engine';
import { elevenLabsEngine } from './engines/elevenlabs/elevenlabs-engine';
import { geminiEngine } from './engines/gemini/gemini-engine';
import { grokEngine } from './engines/grok/grok-engine';
import { indexTtsEngine } from './engines/indextts/indextts-engine';
import { minimaxEngine } from './engines/minimax/minimax-engine';
import { onDeviceEngine } from './engines/on-device/on-device-engine';
import { openAiSpeechEngine } from './engines/openai-speech';
import { qwenEngine } from './engines/qwen/qwen-engine';
import { tencentEngine } from './engines/tencent/tencent-engine';
import { withRequestDeadlines } from './request-deadlines';
import type { TtsEngine } from './tts-engine';

/**
 * Picker order: the on-device voice (the default, no account) first, the user's computer, then the platforms in the
 * reference's order, the custom template last. Each with a deadline on its requests, so a hung
 * platform fails a sentence instead of holding every later call.
 */
export const TTS_ENGINES: readonly TtsEngine[] = Object.freeze(
  [
    onDeviceEngine,
    computerEngine,
    azureSpeechEngine,
    elevenLabsEngine,
    minimaxEngine,
    doubaoEngine,
    qwenEngine,
    tencentEngine,
    openAiSpeechEngine,
    geminiEngine,
    grokEngine,
    chatTtsEngine,
    indexTtsEngine,
    cosyVoiceEngine,
    customEngine,
  ].map((engine) => withRequestDeadlines(engine)),
);

export const DEFAULT_TTS_ENGINE_ID = 'on-device';

export function findEngine(id: string, engines: readonly TtsEngine[] = TTS_ENGINES): TtsEngine | undefined {
  return engines.find((engine) => engine.id === id);
}
