import { readFileSync } from 'node:fs';
import { readAnswerSecret } from './answer-mac';
import { watchClaudeDialog } from './claude-dialog-status';
import { watchClaudeToolSettled } from './claude-tool-settled';
import { HOOK_TIMEOUT_ENV, PERMISSION_HOOK_DEADLINE_MS } from './hook-constants';
import { type HookAgent, permissionDetails } from './permission-details';
import { decisionOutput, NO_ANSWER_MESSAGE } from './permission-output';
import { askDaemon } from './post-permission';
import { isResumedSession, payloadSessionId } from './resumed-session';
import { localPort } from './run-hook';

export interface PermissionHookOptions {
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** The daemon's port; read from the data dir when absent. */
  port?: number;
  deadlineMs?: number;
}

/**
 * One permission request, from the agent's payload to what the hook prints: the agent's
 * decision JSON when the daemon decided, else '' (no decision: the agent's own approval goes
 * on). In a session Ringback resumed from the phone nobody is at the terminal, and Codex's
 * resumed turn would leave an undecided approval to its reviewer model: there no decision is a
 * deny. Never throws; never answers allow unless the daemon said allow.
 */
export async function runPermissionHook(
  agent: HookAgent,
  input: string,
  options: PermissionHookOptions,
): Promise<string> {
  const resumed = isResumedSession(options.env, payloadSessionId(input));
  const output = await decide(agent, input, options, resumed);
  if (output || !resumed) return output;
  return decisionOutput(agent, { behavior: 'deny', message: NO_ANSWER_MESSAGE });
}

async function decide(
  agent: HookAgent,
  input: string,
  options: PermissionHookOptions,
  resumed: boolean,
): Promise<string> {
  const startedAt = Date.now();
  let watch: AnsweredAtTerminal | undefined;
  try {
    const payload: unknown = JSON.parse(input);
    const details = permissionDetails(agent, payload, options.env, options.cwd);
    if (!details) return '';
    // No key, no daemon has started with this data dir: no answer could be believed, so none is asked.
    if (!readAnswerSecret(options.env)) return '';
    const answeredAtTerminal = new AbortController();
    if (agent === 'claude-code') {
      watch = watchAnswerAtTerminal(payload, startedAt, options.env);
      watch?.answered.then(() => answeredAtTerminal.abort());
    }
    const answer = await askDaemon({
      port: options.port ?? localPort(options.env),
      agent,
      body: JSON.stringify(details),
      env: options.env,
      deadlineMs: hookDeadlineMs(options, resumed),
      signal: answeredAtTerminal.signal,
    });
    // Answered at the terminal: the agent no longer reads this hook's decision.
    if (answeredAtTerminal.signal.aborted) return '';
    return answer ? decisionOutput(agent, answer) : '';
  } catch {
    return '';
  } finally {
    watch?.stop();
  }
}

/** Seconds the hook keeps for printing its deny before the agent's own timeout ends it. */
const AGENT_TIMEOUT_MARGIN_SECONDS = 5;

/**
 * How long the hook waits for the daemon. In a resumed Codex turn Codex ends the hook after its
 * timeout (the resume says when) and hands the approval, undecided, to its reviewer model: the
 * hook gives up first and denies, even if the wait was raised after the turn began.
 */
function hookDeadlineMs(options: PermissionHookOptions, resumed: boolean): number {
  const deadline = options.deadlineMs ?? PERMISSION_HOOK_DEADLINE_MS;
  const timeout = Number(options.env[HOOK_TIMEOUT_ENV]);
  if (!resumed || !Number.isFinite(timeout) || timeout <= 0) return deadline;
  // Codex's clock started when it spawned the hook (through a login shell, then Node): count from
  // this process's start, not from now.
  const left = (timeout - AGENT_TIMEOUT_MARGIN_SECONDS) * 1000 - performance.now();
  return Math.min(deadline, Math.max(0, left));
}

interface AnsweredAtTerminal {
  answered: Promise<void>;
  stop(): void;
}

/**
 * Claude Code's dialog is answerable at the terminal while the hook waits; No there ends the
 * hook, Yes does not. Its session status tells at once when the dialog was answered (the tool may
 * then run for minutes); the session's transcript tells when the asked call's tool ran or was
 * refused (the fallback where no status can be read). Either lets the hook go: its connection
 * closing ends the call on the phone "answered at the computer".
 */
function watchAnswerAtTerminal(
  payload: unknown,
  startedAt: number,
  env: NodeJS.ProcessEnv,
): AnsweredAtTerminal | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const fields = payload as Record<string, unknown>;
  const { session_id: session, transcript_path: path, tool_name: tool, tool_input: input } = fields;
  if (typeof tool !== 'string') return undefined;
  const dialog = typeof session === 'string' && session !== '' ? watchClaudeDialog(session, env) : undefined;
  const asked = typeof input === 'object' && input !== null && !Array.isArray(input) ? input : {};
  const transcript =
    typeof path === 'string' && path !== ''
      ? watchClaudeToolSettled(path, tool, asked as Record<string, unknown>, startedAt, {
          stillAsking: () => dialog?.asking() ?? false,
        })
      : undefined;
  if (!dialog && !transcript) return undefined;
  const never = new Promise<void>(() => undefined);
  return {
    answered: Promise.race([dialog?.answered ?? never, transcript?.settled ?? never]),
    stop: () => {
      dialog?.stop();
      transcript?.stop();
    },
  };
}

/**
 * `ringback hook claude-code|codex permission`: the agents' PermissionRequest hook. Waits for
 * the phone through the daemon, prints the decision for the agent, and always exits 0: on any
 * failure it prints nothing and the agent shows its own prompt. The agent's per-hook timeout,
 * or the user answering at the terminal, ends it sooner (the daemon sees the connection close).
 */
export async function runPermissionHookCommand(agent: string | undefined): Promise<void> {
  process.exitCode = 0;
  if (agent !== 'claude-code' && agent !== 'codex') return;
  let input = '';
  try {
    input = readFileSync(0, 'utf8');
  } catch {
    return;
  }
  const output = await runPermissionHook(agent, input, { env: process.env, cwd: process.cwd() });
  if (output) await new Promise<void>((resolve) => process.stdout.write(output, () => resolve()));
  // A stray handle must not keep the agent waiting once the answer is out.
  process.exit(0);
}
