// Voice input: record on this device, transcribe at the user's own endpoint, hand the words to a field.

export { createComputerTranscriber } from './computer-transcriber';
export { createDirectTranscriber, type DirectTranscriberOptions } from './direct-transcriber';
export { type FailureSentence, failureSentence } from './failure-sentence';
export {
  browserRecorderDeps,
  MAX_RECORDING_BYTES,
  MAX_RECORDING_MS,
  type Recording,
  startRecording,
} from './recorder';
export { testClip } from './test-clip';
export {
  isVoiceInputError,
  languageHint,
  type TranscribeOptions,
  type Transcriber,
  unsetTranscriber,
  type VoiceFailure,
  VoiceInputError,
} from './transcriber';
export { transcriberFor } from './transcriber-for';
export { createVoiceInput, type VoiceInput, type VoiceInputDeps, type VoiceInputState } from './voice-input';
