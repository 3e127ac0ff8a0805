export {
  AgentReport,
  AgentSource,
  EventSource,
  PermissionMode,
  REPORT_BODY_LIMIT_BYTES,
  ReportAccepted,
  ReportQuery,
  StopPayload,
} from './agent-report';
export { AddedNotes, Brief, BriefCard, FailedBrief, ReadyBrief } from './brief';
export type { CryptoBackend, OpenFailure } from './crypto/index';
export {
  Aad,
  defaultCryptoBackend,
  deriveE2eKeyFromPassphrase,
  E2E_KEY_PREFIX,
  formatE2eKey,
  generateE2eKey,
  isE2eKey,
  keyIdOf,
  OpenError,
  open,
  parseE2eKey,
  pureJsBackend,
  seal,
  webCryptoBackend,
} from './crypto/index';
export {
  AgentHookStatus,
  BriefLanguageReply,
  BriefLanguageSource,
  BriefLanguageUpdate,
  CodexHookTrust,
  DaemonStatus,
  E2eKeyReply,
  E2eKeySource,
  E2eKeyUpdate,
  E2eKeyUpdated,
  HooksStatus,
  LlmChannel,
  LlmSettingsReply,
  LlmSettingsUpdate,
  LocalLoginBody,
  LocalLoginReply,
  PairingOffer,
  StructuredOutputMode,
} from './daemon-api';
export { AgentEventPlaintext, DaemonEventBody, SealedReport } from './daemon-event';
export type { ErrorCode } from './errors';
export { ERROR_CATALOGUE, ErrorBody, isErrorCode, RingbackError, statusOf, toRingbackError } from './errors';
export { eventIdTime, isEventId, newEventId } from './event-id';
export type { SystemLanguageSources } from './locales/index';
export {
  BRIEF_LOCALES,
  DEFAULT_BRIEF_LANGUAGE,
  isBriefLocale,
  languageDisplayName,
  normalizeBriefLocale,
  resolveSystemLanguage,
} from './locales/index';
export type { Parser } from './parse';
export { createParser } from './parse';
export {
  CallStatus,
  CreateAccountBody,
  CreatePairingCodeBody,
  DEVICE_TOKEN_PREFIX,
  Device,
  DeviceCredentials,
  DeviceKind,
  DeviceList,
  EventStored,
  HandledBy,
  PAIRING_CODE_TTL_MS,
  PairingCode,
  PENDING_EVENTS_PAGE,
  PendingEvents,
  PendingEventsQuery,
  RedeemPairingBody,
  RelayedEvent,
  RenameDeviceBody,
  STREAM_EVENT_TYPES,
  StatusChange,
  StatusUpdateBody,
  type StreamEventType,
  StreamHeaders,
  StreamQuery,
  TrackerReportBody,
} from './relay-api';
export { RelayReady } from './relay-ready';
export {
  DaemonToRelay,
  RelayToDaemon,
  ReplyBody,
  ReplyFailureCode,
  ReplyFailurePlaintext,
  ReplyPlaintext,
  ReplyState,
  ReplyStatus,
  SettingsRequestBody,
  SettingsRequestPlaintext,
  SettingsResponse,
  SettingsResultPlaintext,
} from './replies';
export { createSseParser, type SseMessage, type SseParser } from './sse/sse-parser';
export {
  TrackerConnectionState,
  TrackerSettingsReply,
  TrackerSettingsUpdate,
  TrackerWorkspace,
  TrackerWorkspaceStatus,
  TrackerWorkspacesReply,
  TrackerWorkspacesRequest,
} from './tracker-settings';
