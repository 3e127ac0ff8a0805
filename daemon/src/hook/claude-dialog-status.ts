import { readdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** A status file is rewritten within tens of ms of a key press; a tenth of a second is soon. */
const POLL_MS = 100;
/** Claude Code's `waitingFor` while one of its permission dialogs is on screen. */
const PERMISSION_PROMPT = 'permission prompt';

export interface DialogWatch {
  /** Resolves once the dialog was seen asking and then no longer asking; never rejects. */
  answered: Promise<void>;
  /** Whether the dialog is seen asking now (false when no status can be read). */
  asking(): boolean;
  stop(): void;
}

type Status = { status?: unknown; waitingFor?: unknown; sessionId?: unknown };

const readStatus = (path: string): Status | null => {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Status) : null;
  } catch {
    return null;
  }
};

/**
 * The status file of the Claude Code process running `sessionId`: exactly one file of
 * `<config dir>/sessions/` names it (two processes on one session cannot be told apart).
 */
function findStatusFile(sessionsDir: string, sessionId: string): string | null {
  let names: string[];
  try {
    names = readdirSync(sessionsDir).filter((name) => /^\d+\.json$/.test(name));
  } catch {
    return null;
  }
  const matching = names
    .map((name) => join(sessionsDir, name))
    .filter((path) => readStatus(path)?.sessionId === sessionId);
  return matching.length === 1 ? (matching[0] ?? null) : null;
}

/**
 * Claude Code (checked with 2.1.197) shows its own dialog beside a waiting PermissionRequest
 * hook, and Yes there does not end the hook; the tool then runs, for as long as it takes, before
 * anything reaches the transcript. What Yes changes at once is the session's status file,
 * `<CLAUDE_CONFIG_DIR or ~/.claude>/sessions/<pid>.json`: `status: "waiting"` with `waitingFor:
 * "permission prompt"` while any permission dialog is on screen, `"busy"` (or anything else)
 * once none is. So the dialog counts as answered at the terminal when this hook has seen it
 * asking and then sees it no longer asking (or the file gone: the agent ended). A dialog that
 * stays up for the next queued request keeps this one waiting too, which is never early; a
 * status never seen asking never settles (the transcript watch still may).
 */
export function watchClaudeDialog(sessionId: string, env: NodeJS.ProcessEnv): DialogWatch {
  const configDir = env.CLAUDE_CONFIG_DIR || join(env.HOME || homedir(), '.claude');
  const sessionsDir = join(configDir, 'sessions');
  let path: string | null = null;
  let seenAsking = false;
  let askingNow = false;
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  let resolve: () => void = () => undefined;
  const answered = new Promise<void>((done) => {
    resolve = done;
  });

  const stop = () => {
    done = true;
    if (timer) clearInterval(timer);
    timer = undefined;
  };
  const poll = () => {
    path ??= findStatusFile(sessionsDir, sessionId);
    if (!path) return;
    const status = readStatus(path);
    // Unreadable mid-write is not "gone": only a file that no longer exists is.
    if (!status) {
      if (seenAsking && !exists(path)) settle();
      return;
    }
    askingNow = status.status === 'waiting' && status.waitingFor === PERMISSION_PROMPT;
    if (askingNow) seenAsking = true;
    else if (seenAsking) settle();
  };
  const settle = () => {
    askingNow = false;
    stop();
    resolve();
  };

  poll();
  if (!done) timer = setInterval(poll, POLL_MS);
  return { answered, asking: () => askingNow, stop };
}

function exists(path: string): boolean {
  try {
    readFileSync(path);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}
