import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createParser, RelayReady } from '@ringback/protocol';

const parseReady = createParser(RelayReady);

/**
 * Where the relay's own executable is: `RINGBACK_RELAY_BIN`, else the `@ringback/relay`
 * package installed beside the daemon. The daemon starts the relay as a process of its own
 * and never imports it, so its bundle carries neither the relay nor SQLite.
 */
export function relayExecutable(env: NodeJS.ProcessEnv): string {
  if (env.RINGBACK_RELAY_BIN) return env.RINGBACK_RELAY_BIN;
  try {
    return fileURLToPath(import.meta.resolve('@ringback/relay/relay.mjs'));
  } catch {
    throw new Error('the relay is not installed beside the daemon (set RINGBACK_RELAY_BIN to its relay.mjs)');
  }
}

export interface RelayProcess {
  url: string;
  port: number;
  claimCode: string | null;
  child: ChildProcess;
  /** Asks the relay to stop (SIGTERM) and waits for it to exit; resolves to its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the relay with `args` and resolves once it listens (it says so over IPC). Its output
 * goes to ours. The relay stops by itself if this process dies, since its IPC channel closes.
 */
export function startRelayProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  stdio: 'inherit' | 'ignore' = 'inherit',
): Promise<RelayProcess> {
  const child = spawn(process.execPath, [relayExecutable(env), ...args], {
    env,
    stdio: ['ignore', stdio, stdio, 'ipc'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    void exited.then((code) => reject(new Error(`the relay exited with code ${code} before it listened`)));
    child.on('message', (message) => {
      if (!parseReady.check(message)) return;
      const { url, port, claimCode } = parseReady.parse(message);
      resolve({ url, port, claimCode, child, stop });
    });
  });
}
