import { homedir } from 'node:os';
import type { DaemonConfig } from '../config/daemon-config';
import { readPermissionCallSettings } from '../config/permission-call-settings';
import { type CodexApprovals, codexApprovalsByHook, codexApprovalsOnPhone } from './codex-approvals';
import { type CodexSandbox, codexSessionSandbox, isCodexSandbox } from './codex-session-sandbox';
import type { ResumeOptions, ResumeRequest } from './resume-agent';

export type { CodexSandbox };

/** Claude Code's mode that asks a person before each edit. */
const CLAUDE_DEFAULT_MODE = 'default';

/** A mode becomes a command-line argument: a plain word, never something read as an option. */
const PLAIN_WORD = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** `daemon.json`'s `replies.claudePermissionMode`, when it is a usable word. */
export function configuredClaudePermissionMode(config: DaemonConfig): string | undefined {
  const mode = config.replies?.claudePermissionMode;
  return typeof mode === 'string' && PLAIN_WORD.test(mode) ? mode : undefined;
}

/** `daemon.json`'s `replies.codexSandbox`, when it is one of Codex's sandboxes. */
export function configuredCodexSandbox(config: DaemonConfig): CodexSandbox | undefined {
  const sandbox = config.replies?.codexSandbox;
  return isCodexSandbox(sandbox) ? sandbox : undefined;
}

/**
 * How a reply resumes a session: with the powers the session itself had, so that "go ahead and
 * fix it" can edit a file where the session could, and nothing more. Claude Code: the
 * permission mode its last Stop payload gave, else `replies.claudePermissionMode` (which also
 * goes first for a session in `default` mode, whose approvals only a person at the prompt gives). Codex: the
 * sandbox its last turn ran in (its rollout file), else `replies.codexSandbox`. Else the
 * agent's own default (Claude Code: `default`, which denies edits when headless; Codex: its
 * config's `sandbox_mode`, else read-only). Codex's approvals go to the phone through our hook
 * where it is sure to decide every one (`codexApprovalsByHook`); else Codex asks for none.
 */
export async function resolveResumeOptions(
  request: ResumeRequest,
  config: DaemonConfig,
  env: NodeJS.ProcessEnv,
  deps: {
    sessionSandbox?: typeof codexSessionSandbox;
    home?: string;
    /** Told whether a Codex turn's approvals go to the phone, and why not (for the log). */
    onCodexApprovals?: (approvals: CodexApprovals) => void;
  } = {},
): Promise<ResumeOptions> {
  const { sessionSandbox = codexSessionSandbox, home = homedir() } = deps;
  if (request.source === 'claude-code') {
    const session =
      request.permissionMode && PLAIN_WORD.test(request.permissionMode) ? request.permissionMode : undefined;
    // In `default` mode a person approves each edit at the prompt; resumed headless nobody can,
    // so the user's configured mode (their standing approval) goes first there.
    const mode =
      session === CLAUDE_DEFAULT_MODE
        ? (configuredClaudePermissionMode(config) ?? session)
        : (session ?? configuredClaudePermissionMode(config));
    return mode ? { permissionMode: mode } : {};
  }
  const sandbox = (await sessionSandbox(request.sessionId, env)) ?? configuredCodexSandbox(config);
  const approvals = await codexApprovalsByHook(home, env, readPermissionCallSettings(config), {
    onPhone: codexApprovalsOnPhone(config),
  });
  deps.onCodexApprovals?.(approvals);
  return {
    ...(sandbox ? { sandbox } : {}),
    ...(approvals.byHook ? { codexHookTimeoutSeconds: approvals.hookTimeoutSeconds } : {}),
  };
}
