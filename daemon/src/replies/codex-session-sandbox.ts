import { open } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { findCodexRollout } from '../hook/codex-rollout';

export const CODEX_SANDBOXES = ['read-only', 'workspace-write', 'danger-full-access'] as const;
export type CodexSandbox = (typeof CODEX_SANDBOXES)[number];

export const isCodexSandbox = (value: unknown): value is CodexSandbox =>
  typeof value === 'string' && (CODEX_SANDBOXES as readonly string[]).includes(value);

const CHUNK_BYTES = 64 * 1024;
/** Read at most this much of a rollout's tail: bounded memory and time whatever its size. */
const TAIL_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * The sandbox the Codex thread's last turn ran in, as its rollout file says (the `turn_context`
 * Codex writes at each turn: `sandbox_policy.type`), or null when that cannot be found. Codex's
 * Stop payload does not carry it (its `permission_mode` only says whether approvals were off).
 */
export async function codexSessionSandbox(
  threadId: string,
  env: NodeJS.ProcessEnv,
): Promise<CodexSandbox | null> {
  const sessionsDir = join(env.CODEX_HOME || join(homedir(), '.codex'), 'sessions');
  const rollout = findCodexRollout(sessionsDir, threadId);
  if (!rollout) return null;
  return lastLineMatching(rollout, sandboxOfTurnContext);
}

function sandboxOfTurnContext(line: string): CodexSandbox | null {
  if (!line.includes('"turn_context"')) return null;
  try {
    const entry = JSON.parse(line) as { type?: unknown; payload?: { sandbox_policy?: { type?: unknown } } };
    if (entry.type !== 'turn_context') return null;
    const type = entry.payload?.sandbox_policy?.type;
    return isCodexSandbox(type) ? type : null;
  } catch {
    return null;
  }
}

/** The value `match` finds in the last line of a JSONL file that it matches, read backwards. */
async function lastLineMatching<T>(path: string, match: (line: string) => T | null): Promise<T | null> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'r');
  } catch {
    return null;
  }
  try {
    let position = (await file.stat()).size;
    let carry = Buffer.alloc(0);
    let read = 0;
    while (position > 0 && read < TAIL_LIMIT_BYTES) {
      const length = Math.min(CHUNK_BYTES, position);
      position -= length;
      const chunk = Buffer.alloc(length);
      await file.read(chunk, 0, length, position);
      read += length;
      const buffer = Buffer.concat([chunk, carry]);
      // The part before the first newline may be the end of a longer line: keep it for later.
      const firstNewline = position > 0 ? buffer.indexOf(10) : -1;
      const complete = position === 0 ? buffer : firstNewline >= 0 ? buffer.subarray(firstNewline + 1) : null;
      carry =
        position === 0 ? Buffer.alloc(0) : firstNewline >= 0 ? buffer.subarray(0, firstNewline) : buffer;
      if (!complete) continue;
      const lines = complete.toString('utf8').split('\n');
      for (let i = lines.length - 1; i >= 0; i--) {
        const found = match(lines[i] ?? '');
        if (found !== null) return found;
      }
    }
    return null;
  } finally {
    await file.close();
  }
}
