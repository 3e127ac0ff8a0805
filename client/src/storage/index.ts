export { forgetAnswered, isAnswered, loadAnswered, MAX_ANSWERED_IDS, markAnswered } from './answered-ids';
export {
  type IssueFields,
  listHistory,
  MAX_CALL_HISTORY,
  markUnfinished,
  mergeIssueFields,
  mergeStatus,
  readHistory,
  removeHistory,
  type StatusFields,
  saveHistory,
} from './call-history';
export type {
  CallDecision,
  CallRecord,
  CallReport,
  ConversationTurn,
  PermissionDelivery,
  PermissionRecord,
  SentReply,
} from './call-record';
export {
  type DeclineWithoutWords,
  listDeclinesWithoutWords,
  saveDeclineWithoutWords,
} from './declines-without-words';
export { type DispatchLast, loadDispatchLast, saveDispatchLast } from './dispatch-last';
export {
  browserDeviceRecordStore,
  browserKeyVault,
  type DeviceRecord,
  type DeviceRecordStore,
  KEYS_DB_NAME,
} from './idb-key-vault';
export { createE2eKeyStore, type E2eKeyStore, type KeyVault, type KeyVaultRecord } from './key-store';
export {
  browserStore,
  isQuotaExceeded,
  type KeyValueStore,
  memoryStore,
  quotaExceededError,
  webStorageStore,
} from './key-value-store';
export { callKey, replyKey, STORAGE_KEYS } from './keys';
export {
  forgetCallWork,
  forgetPairing,
  loadSettings,
  type SettingsUpdate,
  saveSettings,
  updateSettings,
} from './local-settings';
export { loadModes, saveModes } from './modes-record';
export {
  clearQueueSnapshot,
  loadQueueSnapshot,
  QUEUE_SNAPSHOT_VERSION,
  saveQueueSnapshot,
} from './queue-snapshot';
export {
  listReplySnapshots,
  loadShownReply,
  MAX_REPLY_SNAPSHOTS,
  removeReplySnapshot,
  saveReplySnapshot,
  saveShownReply,
} from './reply-snapshots';
export {
  clampSpeechRate,
  DEFAULT_TRANSCRIPTION_MODEL,
  DEFAULT_VOICE_ENGINE_ID,
  defaultSettings,
  hasE2eKey,
  type InterfaceLanguage,
  type LlmSettings,
  type LocalSettings,
  MAX_SPEECH_RATE,
  MIN_SPEECH_RATE,
  parseSettings,
  type ServiceSource,
  type SpeechRecognitionSettings,
  type VoiceEngineConfig,
  type VoiceSettings,
} from './settings-record';
