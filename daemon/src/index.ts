export type { BriefSubject, GenerateBriefOptions } from './brief/generate-brief';
export { generateBrief, NOT_CONFIGURED_REASON } from './brief/generate-brief';
export type { LlmChannelConfig } from './config/daemon-config';
export type { DaemonOptions, RunningDaemon } from './daemon';
export { startDaemon } from './daemon';
export type { CodexHookTrust, CodexHookTrustReport } from './install/codex-hook-trust';
export { readCodexHookTrust } from './install/codex-hook-trust';
export type { Logger } from './log/logger';
export { createConsoleLogger, createMemoryLogger } from './log/logger';
