export { BUILT_IN_TONES, type BuiltInTone, builtInTone, URGENT_PATTERN } from './builtInTones';
export { type CallKind, type CallRingtone, callRingtone } from './callRingtone';
export { CLASSIC_RING_PATTERN, createClassicRingtone } from './classicRingtone';
export {
  type AddTonesResult,
  type CustomTone,
  type CustomToneAudio,
  type CustomToneBackend,
  type CustomToneStore,
  type CustomToneStoreOptions,
  createCustomToneStore,
  MAX_TONE_BYTES,
  NOT_AUDIO_TEXT,
  newestFirst,
  type RefusedFile,
  randomToneId,
  TOO_LARGE_TEXT,
  type ToneFile,
  toneFileProblem,
  toneNameOf,
} from './customToneStore';
export { idbToneBackend, RINGTONES_DB_NAME } from './idbToneBackend';
export { memoryToneBackend } from './memoryToneBackend';
export { createRingbackTone, RINGBACK_PATTERN } from './ringbackTone';
export { type RingtoneSelectionStore, ringtoneSelectionStore } from './ringtoneSelection';
export {
  afterDelete,
  CUSTOM_TONE_PREFIX,
  defaultSelection,
  isCustomToneId,
  loadSelection,
  otherSlots,
  parseSelection,
  RINGTONES_KEY,
  type RingtoneSelection,
  resolveSelection,
  type SelectionStorage,
  SILENT,
  SLOT_DEFAULTS,
  SLOT_IDS,
  type SlotId,
  saveSelection,
  selectTone,
  setWaitingSilent,
  slotAccepts,
  slotsUsing,
} from './ringtoneSlots';
export { createRingtones, type Ringtones, type RingtonesOptions } from './ringtones';
export {
  createTonePattern,
  patternOnceMs,
  type Tone,
  type ToneContext,
  type TonePattern,
} from './tonePattern';
export {
  createTonePlayer,
  type PlaybackContext,
  type SlotTone,
  type TonePlayer,
  type TonePlayerOptions,
} from './tonePlayer';
