import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import type { AgentSource } from '@ringback/protocol';
import { HOOK_TIMEOUT_ENV, RESUMED_SESSION_ENV } from '../hook/hook-constants';
import type { CodexSandbox } from './codex-session-sandbox';
import { type PermissionPromptServer, permissionPromptArgs } from './permission-prompt-args';

/**
 * The policy of Codex's reviewer model in a resumed turn. Our PermissionRequest hook decides every
 * approval it is asked about, so the reviewer sees only what the hook did not decide (it died
 * before answering) or what Codex does not ask hooks about (an MCP server's question to the user,
 * a request for wider permissions): nobody allowed any of it on the phone. (A JSON string is a
 * TOML string for `-c`.)
 */
export const HOOK_FAILED_REVIEW_POLICY =
  'Ringback: the user of this session approves actions only on their phone, through a PermissionRequest hook; nobody is at the terminal. ' +
  'Whatever reaches you was not approved there (the hook failed to answer, or Codex does not ask the hook about it). ' +
  'Deny every request, whatever its risk, with the rationale: not approved on the phone.';

/** A resumed agent that fails this fast failed to resume (bad session, missing login…). */
const EARLY_EXIT_MS = 3_000;

export interface ResumeRequest {
  source: AgentSource;
  sessionId: string;
  cwd: string;
  text: string;
  /** Claude Code: the session's permission mode as its last Stop payload gave it. */
  permissionMode?: string;
}

/** How the resumed turn may act, as the session itself could (`resolveResumeOptions`). */
export interface ResumeOptions {
  /** Claude Code's `--permission-mode`; its own default when absent. */
  permissionMode?: string;
  /** Codex's `sandbox_mode`; its own configuration when absent. */
  sandbox?: CodexSandbox;
  /**
   * Codex: its approvals go to our PermissionRequest hook, so to the phone, and Codex ends the hook
   * after this many seconds (`codexApprovalsByHook` says when that is sure). Absent: `codex exec`
   * asks for none.
   */
  codexHookTimeoutSeconds?: number;
  /**
   * Claude Code: Ringback's permission-prompt MCP server, which asks the phone for the session's
   * permission requests (headless, it never runs the PermissionRequest hook).
   */
  permissionPrompt?: PermissionPromptServer;
}

/**
 * The command that continues a session (executables overridable for tests). The reply goes on
 * stdin, not in the arguments: an argument is visible to every local user (`ps`), and a reply
 * such as `--help` or `-` would be read as an option or as "read stdin".
 *
 * Codex needs `--skip-git-repo-check` to resume a session whose directory is not a git
 * repository, though it ran there.
 */
export function resumeCommand(
  request: ResumeRequest,
  options: ResumeOptions,
  env: NodeJS.ProcessEnv,
): [string, string[]] {
  if (request.source === 'claude-code') {
    const mode = options.permissionMode ? [`--permission-mode=${options.permissionMode}`] : [];
    const prompt = options.permissionPrompt ? permissionPromptArgs(options.permissionPrompt, request) : [];
    return [env.RINGBACK_CLAUDE_BIN || 'claude', [`--resume=${request.sessionId}`, ...mode, ...prompt, '-p']];
  }
  const sandbox = options.sandbox ? ['-c', `sandbox_mode="${options.sandbox}"`] : [];
  // `codex exec` forces approval_policy "never" unless Codex's reviewer is on; with it, every
  // approval runs the PermissionRequest hooks first, and ours decides each one (a deny when the
  // phone does not allow), hooks on whatever a project's config says. The reviewer model sees only
  // what the hook did not decide, and its policy says to deny all of it. Without our hook the
  // reviewer stays off, even where the user's config turns it on, so that nothing is asked.
  const approvals =
    options.codexHookTimeoutSeconds !== undefined
      ? [
          '-c',
          'features.hooks=true',
          '-c',
          'approvals_reviewer="auto_review"',
          '-c',
          'approval_policy="on-request"',
          '-c',
          `auto_review.policy=${JSON.stringify(HOOK_FAILED_REVIEW_POLICY)}`,
        ]
      : ['-c', 'approvals_reviewer="user"'];
  return [
    env.RINGBACK_CODEX_BIN || 'codex',
    ['exec', 'resume', '--skip-git-repo-check', ...sandbox, ...approvals, '--', request.sessionId, '-'],
  ];
}

/**
 * The resumed agent's environment, which its hooks inherit. Nobody is at a resumed session's
 * terminal: its permission hook counts the user as away and turns no answer into a deny, and it
 * learns when Codex will end it so that it denies first.
 */
export function resumeEnvironment(
  request: { sessionId: string },
  options: ResumeOptions,
  env: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  const timeout = options.codexHookTimeoutSeconds;
  // Not one inherited from a turn that started the daemon's shell: only this turn's says when.
  const { [HOOK_TIMEOUT_ENV]: _inherited, ...rest } = env;
  return {
    ...rest,
    [RESUMED_SESSION_ENV]: request.sessionId,
    ...(timeout !== undefined ? { [HOOK_TIMEOUT_ENV]: String(timeout) } : {}),
  };
}

/**
 * Starts the agent on the reply in the recorded working directory. Resolves once it runs on
 * (the turn itself takes minutes and ends in its own Stop hook); rejects with a reason when it
 * cannot start or exits with an error at once.
 */
export async function resumeAgent(
  request: ResumeRequest,
  options: ResumeOptions,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const [command, args] = resumeCommand(request, options, env);
  // spawn reports a missing cwd as ENOENT, which would read as a missing agent.
  if (!(await isDirectory(request.cwd)))
    throw new Error(`the session's working directory ${request.cwd} no longer exists`);
  return new Promise((resolve, reject) => {
    let stderr = '';
    const child = spawn(command, args, {
      cwd: request.cwd,
      env: resumeEnvironment(request, options, env),
      stdio: ['pipe', 'ignore', 'pipe'],
      detached: true,
    });
    // An agent that exits before reading it closes the pipe: its exit code tells why.
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(request.text);
    const settle = setTimeout(() => {
      child.stderr?.destroy();
      child.unref();
      resolve();
    }, EARLY_EXIT_MS);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = `${stderr}${chunk.toString()}`.slice(-2000);
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(settle);
      reject(
        new Error(error.code === 'ENOENT' ? `${command} is not installed or not on PATH` : error.message),
      );
    });
    child.once('exit', (code, signal) => {
      clearTimeout(settle);
      if (code === 0) return resolve();
      const detail = stderr.trim().split('\n').slice(-3).join(' ');
      reject(new Error(`${command} exited with ${signal ?? `code ${code}`}${detail ? `: ${detail}` : ''}`));
    });
  });
}

async function isDirectory(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isDirectory();
  } catch {
    return false;
  }
}
