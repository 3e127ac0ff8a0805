import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { hasCodexRollout } from './codex-rollout';
import { DEFAULT_LOCAL_PORT, HOOK_TIMEOUT_MS, REPORT_BODY_LIMIT_BYTES } from './hook-constants';
import { postReport } from './post-report';
import { lastAssistantMessage } from './transcript-tail';

type Agent = 'claude-code' | 'codex';

/** The agent's Stop payload: the fields the hook reads, and whatever else the agent sends. */
interface StopPayload {
  session_id?: unknown;
  thread_id?: unknown;
  cwd?: unknown;
  transcript_path?: unknown;
  stop_hook_active?: unknown;
  last_assistant_message?: unknown;
  [field: string]: unknown;
}

/** The spec's Agent report fields, plus the permission mode a reply resumes the session with. */
const SPEC_FIELDS = [
  'session_id',
  'cwd',
  'transcript_path',
  'stop_hook_active',
  'last_assistant_message',
  'permission_mode',
] as const;
/** Room the agent's own fields may take in the body before the message; the rest is the message's. */
const EXTRA_FIELDS_BUDGET_BYTES = 64 * 1024;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/** The data dir the hook finds the daemon by: `$RINGBACK_HOME`, else `~/.ringback`. */
export const hookDataDir = (env: NodeJS.ProcessEnv): string =>
  env.RINGBACK_HOME || join(homedir(), '.ringback');

/** The daemon's local port, as daemon.json in the data dir names it. */
export function localPort(env: NodeJS.ProcessEnv): number {
  try {
    const port = (
      JSON.parse(readFileSync(join(hookDataDir(env), 'daemon.json'), 'utf8')) as { localPort?: unknown }
    ).localPort;
    return typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536
      ? port
      : DEFAULT_LOCAL_PORT;
  } catch {
    return DEFAULT_LOCAL_PORT;
  }
}

/**
 * Keeps the end of an oversize message (an agent's conclusion and questions come last) so that
 * its JSON-escaped form fits `budgetBytes`. Escaping can take up to 6 bytes per byte of text,
 * so the longest tail that fits is found by a binary search on its JSON size, which only grows
 * with the tail.
 */
export function fitMessage(message: string, budgetBytes: number): string {
  const jsonBytes = (text: string) => Buffer.byteLength(JSON.stringify(text));
  if (jsonBytes(message) <= budgetBytes) return message;
  const bytes = Buffer.from(message);
  // A cut through a multi-byte character decodes as U+FFFD at the start: drop it.
  const tail = (keep: number) =>
    `…\n${bytes
      .subarray(bytes.length - keep)
      .toString('utf8')
      .replace(/^\uFFFD+/, '')}`;
  // Every byte kept costs at least one byte of JSON, bar the few of a dropped broken character.
  let fits = 0;
  let tooLong = Math.min(bytes.length, Math.max(0, budgetBytes) + 4);
  while (tooLong - fits > 1) {
    const keep = Math.floor((fits + tooLong) / 2);
    if (jsonBytes(tail(keep)) <= budgetBytes) fits = keep;
    else tooLong = keep;
  }
  return tail(fits);
}

/**
 * The report to send, or null when this turn must not ring. It is the agent's payload as it
 * came (the agent's name travels beside it, in the URL); the hook only fills in what the
 * daemon needs and the agent left out, and trims an oversize message.
 */
export function buildReport(
  agent: Agent,
  payload: StopPayload,
  env: NodeJS.ProcessEnv,
): Record<string, unknown> | null {
  if (payload.stop_hook_active === true) return null;
  // Inside a Multica task the daemon reads the tracker itself; a report would ring twice.
  if (env.MULTICA_ISSUE_ID || env.MULTICA_TASK_ID) return null;
  const sessionId = text(payload.session_id) ?? (agent === 'codex' ? text(payload.thread_id) : undefined);
  const cwd = text(payload.cwd) ?? process.cwd();
  const transcriptPath = text(payload.transcript_path);
  if (!sessionId) return null;
  if (agent === 'codex') {
    const sessionsDir = join(env.CODEX_HOME || join(homedir(), '.codex'), 'sessions');
    if (!hasCodexRollout(sessionsDir, sessionId, transcriptPath)) return null;
  }
  let message = text(payload.last_assistant_message);
  if (!message && agent === 'claude-code' && transcriptPath)
    message = lastAssistantMessage(transcriptPath) ?? undefined;
  if (!message) return null;
  let report: Record<string, unknown> = {
    ...payload,
    session_id: sessionId,
    cwd,
    last_assistant_message: '',
  };
  let overhead = Buffer.byteLength(JSON.stringify(report));
  if (overhead > EXTRA_FIELDS_BUDGET_BYTES) {
    // Fields the daemon does not read must never cost the report itself.
    report = Object.fromEntries(
      SPEC_FIELDS.filter((name) => name in report).map((name) => [name, report[name]]),
    );
    overhead = Buffer.byteLength(JSON.stringify(report));
  }
  report.last_assistant_message = fitMessage(message, REPORT_BODY_LIMIT_BYTES - overhead);
  return report;
}

/**
 * `ringback hook claude-code|codex`: the Stop hook. Hands the agent's final reply to the local
 * daemon and always exits 0 in silence: a daemon that is down, a bad payload or a slow
 * answer must never disturb the agent.
 */
export async function runHookCommand(args: string[]): Promise<void> {
  process.exitCode = 0;
  const deadline = setTimeout(() => process.exit(0), HOOK_TIMEOUT_MS);
  deadline.unref();
  try {
    const agent = args[0];
    if (agent !== 'claude-code' && agent !== 'codex') return;
    const payload = JSON.parse(readFileSync(0, 'utf8')) as StopPayload;
    if (typeof payload !== 'object' || payload === null) return;
    const report = buildReport(agent, payload, process.env);
    if (report) await postReport(localPort(process.env), agent, JSON.stringify(report));
  } catch {
    // Silent by design: see above.
  }
}
