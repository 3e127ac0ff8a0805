import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { hasCodexRollout } from './codex-rollout';
import { DEFAULT_LOCAL_PORT, HOOK_TIMEOUT_MS, REPORT_BODY_LIMIT_BYTES } from './hook-constants';
import { lastAssistantMessage } from './transcript-tail';

type Agent = 'claude-code' | 'codex';

interface StopPayload {
  session_id?: unknown;
  thread_id?: unknown;
  cwd?: unknown;
  transcript_path?: unknown;
  stop_hook_active?: unknown;
  last_assistant_message?: unknown;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

function localPort(env: NodeJS.ProcessEnv): number {
  const dataDir = env.RINGBACK_HOME || join(homedir(), '.ringback');
  try {
    const port = (JSON.parse(readFileSync(join(dataDir, 'daemon.json'), 'utf8')) as { localPort?: unknown })
      .localPort;
    return typeof port === 'number' && Number.isInteger(port) && port > 0 && port < 65536
      ? port
      : DEFAULT_LOCAL_PORT;
  } catch {
    return DEFAULT_LOCAL_PORT;
  }
}

/**
 * Keeps the end of an oversize message (an agent's conclusion and questions come last) so that
 * its JSON-escaped form fits `budgetBytes`.
 */
export function fitMessage(message: string, budgetBytes: number): string {
  let fitted = message;
  let keep = Buffer.byteLength(message);
  for (let round = 0; round < 8; round++) {
    const size = Buffer.byteLength(JSON.stringify(fitted));
    if (size <= budgetBytes) return fitted;
    keep -= size - budgetBytes + 16;
    const tail = Buffer.from(message).subarray(-Math.max(0, keep)).toString('utf8');
    // A cut through a multi-byte character decodes as U+FFFD at the start: drop it.
    fitted = `…\n${tail.replace(/^\uFFFD+/, '')}`;
  }
  return fitted;
}

/** The report to send, or null when this turn must not ring. */
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
  const report = {
    source: agent,
    session_id: sessionId,
    cwd,
    stop_hook_active: false,
    last_assistant_message: '',
  } as Record<string, unknown>;
  if (transcriptPath) report.transcript_path = transcriptPath;
  const overhead = Buffer.byteLength(JSON.stringify(report));
  report.last_assistant_message = fitMessage(message, REPORT_BODY_LIMIT_BYTES - overhead);
  return report;
}

function post(port: number, body: string): Promise<void> {
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/report',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        timeout: HOOK_TIMEOUT_MS,
      },
      (res) => {
        res.resume();
        res.on('end', resolve);
        res.on('error', () => resolve());
      },
    );
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve());
    req.end(body);
  });
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
    if (report) await post(localPort(process.env), JSON.stringify(report));
  } catch {
    // Silent by design: see above.
  }
}
