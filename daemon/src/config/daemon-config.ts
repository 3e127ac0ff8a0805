import type { E2eKeySource, StructuredOutputMode } from '@ringback/protocol';

/** The LLM channel as stored in `daemon.json` under `llm.primary`. */
export interface LlmChannelConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
  structuredOutput: StructuredOutputMode;
  /** Added by hand only; default 30000. */
  timeoutMs?: number;
  /** Added by hand only; sent to the endpoint only when present. */
  reasoningEffort?: string;
}

export interface E2eKeyConfig {
  key: string;
  source: E2eKeySource;
  updatedAt: string;
}

/**
 * `daemon.json` (mode 600). Unknown keys are preserved on save so later versions and hand
 * edits survive. `llm.primary` is kept raw: it may be hand-edited into any shape and is read
 * through `readLlmChannel`.
 */
export interface DaemonConfig {
  localPort?: number;
  llm?: { primary?: unknown; [key: string]: unknown };
  brief?: { language?: string; [key: string]: unknown };
  e2e?: E2eKeyConfig;
  /** The relay this computer delivers to. */
  server?: { url?: string; [key: string]: unknown };
  /**
   * How a reply resumes a session whose own setting is unknown (added by hand):
   * `claudePermissionMode` is Claude Code's `--permission-mode` (`acceptEdits`, `plan`, …),
   * `codexSandbox` Codex's `sandbox_mode` (`read-only`, `workspace-write`, `danger-full-access`).
   */
  replies?: { claudePermissionMode?: unknown; codexSandbox?: unknown; [key: string]: unknown };
  /** The computer's voice for devices' requests, kept raw: read through `readSpeechChannel`. */
  speech?: unknown;
  /** The computer's speech-to-text, kept raw: read through `readTranscriptionChannel`. */
  transcription?: unknown;
  /** Permission calls (`PermissionCallSettings`), kept raw: read through `readPermissionCallSettings`. */
  permissionCalls?: unknown;
  [key: string]: unknown;
}
