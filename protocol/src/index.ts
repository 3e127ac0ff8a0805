export {
  AgentReport,
  AgentSource,
  EventSource,
  REPORT_BODY_LIMIT_BYTES,
  ReportAccepted,
} from './agent-report';
export { AddedNotes, Brief, BriefCard, FailedBrief, ReadyBrief } from './brief';
export {
  BriefLanguageReply,
  BriefLanguageSource,
  BriefLanguageUpdate,
  E2eKeyReply,
  E2eKeySource,
  E2eKeyUpdate,
  E2eKeyUpdated,
  LlmChannel,
  LlmSettingsReply,
  LlmSettingsUpdate,
  StructuredOutputMode,
} from './daemon-api';
export { AgentEventPlaintext, DaemonEventBody, SealedReport } from './daemon-event';
export type { ErrorCode } from './errors';
export { ERROR_CATALOGUE, ErrorBody, isErrorCode, RingbackError, statusOf, toRingbackError } from './errors';
export type { Parser } from './parse';
export { createParser } from './parse';
