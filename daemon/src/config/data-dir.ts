import { homedir } from 'node:os';
import { join } from 'node:path';
import { HOOK_SECRET_FILE } from '../hook/hook-constants';

/** The daemon's data directory: `--data-dir`, else `$RINGBACK_HOME`, else `~/.ringback`. */
export function resolveDataDir(explicit?: string, env: NodeJS.ProcessEnv = process.env): string {
  if (explicit) return explicit;
  if (env.RINGBACK_HOME) return env.RINGBACK_HOME;
  return join(homedir(), '.ringback');
}

export const DEFAULT_LOCAL_PORT = 8790;

/** Names of the files in the data directory. */
export const DATA_FILES = {
  config: 'daemon.json',
  localApiKey: 'local-api.key',
  outbox: 'outbox.json',
  outboxJournal: 'outbox.journal',
  outboxEntries: 'outbox',
  deviceToken: 'device.token',
  /** This computer's device id on the relay, pinned at login (see OwnDevice). */
  device: 'device.json',
  replies: 'replies.json',
  /** Recent permission calls (event id, request id, expiry): a late decision is answered too late. */
  permissions: 'permissions.json',
  /** This run's key for the permission hook's answers (made at each start, mode 600). */
  answerKey: HOOK_SECRET_FILE,
  dispatches: 'dispatches.json',
  trackerWatch: 'tracker-watch.json',
} as const;
