export type { BriefSubject, GenerateBriefOptions } from './brief/generate-brief';
export { generateBrief, NOT_CONFIGURED_REASON } from './brief/generate-brief';
export type { LlmChannelConfig } from './config/daemon-config';
export type { DaemonOptions, RunningDaemon } from './daemon';
export { startDaemon } from './daemon';
export { answerMac, newNonce } from './hook/answer-mac';
export {
  ANSWER_MAC_HEADER,
  ANSWER_NONCE_HEADER,
  HOOK_SECRET_FILE,
  SEALED_REQUEST_TYPE,
} from './hook/hook-constants';
export { openPermissionRequest, sealPermissionRequest } from './hook/request-seal';
export type { CodexHookTrust, CodexHookTrustReading, CodexHookTrustReport } from './install/codex-hook-trust';
export { readCodexHookTrust } from './install/codex-hook-trust';
export type { Logger } from './log/logger';
export { createConsoleLogger, createMemoryLogger } from './log/logger';
export type { ResumeOptions, ResumeRequest } from './replies/resume-agent';
export { HOOK_FAILED_REVIEW_POLICY, resumeCommand, resumeEnvironment } from './replies/resume-agent';
export { resolveResumeOptions } from './replies/resume-options';
