import { join } from 'node:path';

/**
 * The daemon's data directory as the daemon itself resolves it without `--data-dir`:
 * `$RINGBACK_HOME`, else `~/.ringback`. The desktop app reads the daemon's key and port there.
 */
export function daemonDataDir(env: NodeJS.ProcessEnv, home: string): string {
  const explicit = env.RINGBACK_HOME?.trim();
  return explicit ? explicit : join(home, '.ringback');
}
