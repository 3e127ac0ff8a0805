// The speech part of the client: engines, synthesis service, cache, preparation and playback.
export {
  type AudioResponseSpec,
  parseAudioResponse,
  RAW_AUDIO_RESPONSE,
  sniffAudio,
} from './audio/parse-audio';
export { pcm16ToWav } from './audio/wav';
export {
  type AudioContextLike,
  type AudioOutput,
  createAudioOutput,
  sharedAudioOutput,
} from './audio-output';
export { speechCacheKey } from './cache-key';
export { DEFAULT_TTS_ENGINE_ID, findEngine, TTS_ENGINES } from './engine-registry';
export {
  COMPUTER_ENGINE_ID,
  type ComputerEngineOptions,
  computerEngine,
  createComputerEngine,
} from './engines/computer/computer-engine';
export {
  type ComputerVoiceFallback,
  type ComputerVoiceStatus,
  computerVoiceStatus,
  createComputerVoiceStatus,
} from './engines/computer/computer-voice-status';
export { customEngine } from './engines/custom/custom-engine';
export {
  applyAssignment,
  assignSlot,
  type CurlImport,
  guessAssignment,
  importCurl,
  listSlots,
  PLACEHOLDER_ROLES,
  type PlaceholderRole,
  type SlotAssignment,
  type TemplateSlot,
} from './engines/custom/guess-placeholders';
export { CurlImportError, parseCurl } from './engines/custom/parse-curl';
export {
  DEFAULT_TEMPLATE,
  type HttpTemplate,
  type RenderedRequest,
  renderTemplate,
  type TemplateHeader,
  type TemplateMethod,
  templateProblem,
} from './engines/custom/template';
export { createEspeakClient, type EspeakClient, sharedEspeakClient } from './engines/on-device/espeak-client';
export {
  espeakVoiceFor,
  espeakWordsPerMinute,
  type OnDeviceSupport,
  onDeviceSupport,
  unsupportedOnDevice,
} from './engines/on-device/espeak-voices';
export {
  createOnDeviceEngine,
  onDeviceEngine,
  warmUpOnDeviceVoice,
} from './engines/on-device/on-device-engine';
export { openAiSpeechEngine } from './engines/openai-speech';
export { prepareSpeech } from './prepare-speech';
export { createSemaphore, type Semaphore, voiceSlots } from './semaphore';
export {
  type AudioStore,
  type CachedAudio,
  createSpeechCache,
  idbAudioStore,
  type SpeechCache,
} from './speech-cache';
export {
  clampRate,
  createSpeechService,
  isTransient,
  type SpeechService,
  type SpeechServiceOptions,
  type SynthesizeOptions,
} from './speech-service';
export {
  fieldValue,
  isVoiceUnavailable,
  missingSetting,
  resolveVoice,
  type TtsCategory,
  type TtsConfig,
  type TtsContext,
  type TtsEngine,
  type TtsField,
  type TtsInput,
  type TtsModel,
  type TtsVoice,
  VoiceHttpError,
  VoiceUnavailableError,
} from './tts-engine';
