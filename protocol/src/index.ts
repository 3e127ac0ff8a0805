export { AgentReport, AgentSource, EventSource, REPORT_BODY_LIMIT_BYTES, ReportAccepted } from './agent-report';
export { AddedNotes, Brief, BriefCard, FailedBrief, ReadyBrief } from './brief';
export { AgentEventPlaintext, DaemonEventBody, SealedReport } from './daemon-event';
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
export { ERROR_CATALOGUE, ErrorBody, isErrorCode, RingbackError, statusOf, toRingbackError } from './errors';
export type { ErrorCode } from './errors';
export { createParser } from './parse';
export type { Parser } from './parse';
