import { type RelayProcess, startRelayProcess } from './relay-process';

/** How long a relay may take over a graceful stop before it is killed. */
const STOP_GRACE_MS = 5_000;

/** SIGTERM, then SIGKILL if the relay has not exited within the grace time. */
async function stop(relay: RelayProcess): Promise<void> {
  const timer = setTimeout(() => void relay.kill('SIGKILL'), STOP_GRACE_MS);
  try {
    await relay.kill('SIGTERM');
  } finally {
    clearTimeout(timer);
  }
}

export interface RelayInstances {
  readonly size: number;
  /** Instance `index` as it runs now (a restart replaces it). */
  at(index: number): RelayProcess;
  url(index: number): string;
  urls(): string[];
  /** Ends instance `index` (SIGTERM unless told) and waits until it has exited. */
  kill(index: number, signal?: NodeJS.Signals): Promise<void>;
  /** Starts instance `index` again on the same database: on its old port, or on a new one. */
  restart(index: number, options?: { samePort?: boolean }): Promise<RelayProcess>;
  stopAll(): Promise<void>;
}

/**
 * Several relay processes on one PostgreSQL database, as behind a load balancer: each has its
 * own port and data dir, and they share everything else through the database.
 */
export async function startRelayInstances(
  count: number,
  databaseUrl: string,
  env: NodeJS.ProcessEnv = {},
): Promise<RelayInstances> {
  const args = ['--database', databaseUrl];
  const start = (reuse?: { dataDir: string; port: number }) => startRelayProcess(env, reuse, args);
  const running: RelayProcess[] = [];
  try {
    // The first creates the schema alone; the rest then start together.
    running.push(await start());
    running.push(...(await Promise.all(Array.from({ length: count - 1 }, () => start()))));
  } catch (error) {
    await Promise.all(running.map((relay) => relay.kill('SIGKILL')));
    throw error;
  }
  const at = (index: number): RelayProcess => {
    const relay = running[index];
    if (!relay) throw new RangeError(`no relay instance ${index}`);
    return relay;
  };
  return {
    size: count,
    at,
    url: (index) => at(index).url,
    urls: () => running.map((relay) => relay.url),
    kill: (index, signal = 'SIGTERM') => at(index).kill(signal),
    async restart(index, options = {}) {
      const old = at(index);
      await stop(old);
      const port = options.samePort ? Number(new URL(old.url).port) : 0;
      const fresh = await start({ dataDir: old.dataDir, port });
      running[index] = fresh;
      return fresh;
    },
    async stopAll() {
      await Promise.all(running.map(stop));
    },
  };
}
