import { existsSync, readdirSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { CODEX_DAY_FOLDER_LIMIT } from './hook-constants';

function newestFirst(dir: string, pattern: RegExp): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => pattern.test(name))
      .sort()
      .reverse();
  } catch {
    return [];
  }
}

/**
 * Whether Codex keeps a rollout file for this thread (`sessions/YYYY/MM/DD/rollout-…-<id>.jsonl`):
 * only such threads can be resumed, which skips internal turns like title generation.
 * Searches the newest day folders first and stops at the first match.
 */
export function hasCodexRollout(sessionsDir: string, threadId: string, transcriptPath?: string): boolean {
  return findCodexRollout(sessionsDir, threadId, transcriptPath) !== null;
}

/** The path of a thread's rollout file, searched as `hasCodexRollout` does, or null. */
export function findCodexRollout(
  sessionsDir: string,
  threadId: string,
  transcriptPath?: string,
): string | null {
  if (!/^[A-Za-z0-9-]+$/.test(threadId)) return null;
  const fileName = (name: string) => name.startsWith('rollout-') && name.endsWith(`-${threadId}.jsonl`);
  // Fast path: Codex names the rollout file as the transcript.
  if (transcriptPath && resolve(transcriptPath).startsWith(resolve(sessionsDir) + sep)) {
    const name = transcriptPath.split(/[\\/]/).pop() ?? '';
    if (fileName(name) && existsSync(transcriptPath)) return transcriptPath;
  }
  let searched = 0;
  for (const year of newestFirst(sessionsDir, /^\d{4}$/)) {
    for (const month of newestFirst(join(sessionsDir, year), /^\d{2}$/)) {
      for (const day of newestFirst(join(sessionsDir, year, month), /^\d{2}$/)) {
        if (++searched > CODEX_DAY_FOLDER_LIMIT) return null;
        const folder = join(sessionsDir, year, month, day);
        const found = newestFirst(folder, /\.jsonl$/).find(fileName);
        if (found) return join(folder, found);
      }
    }
  }
  return null;
}
