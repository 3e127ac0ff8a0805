import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const RINGBACK_BIN = fileURLToPath(new URL('../../../daemon/dist/ringback.mjs', import.meta.url));
/** The relay's own executable, which `ringback relay` starts. */
export const RELAY_BIN = fileURLToPath(new URL('../../../relay/dist/relay.mjs', import.meta.url));

export function assertBuilt(): void {
  if (!existsSync(RINGBACK_BIN) || !existsSync(RELAY_BIN))
    throw new Error('daemon/dist or relay/dist is missing: run `npm run build` (npm test does it first)');
}

export interface DaemonProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `ringback run` as a real process and waits for its listening line. */
export async function startDaemonProcess(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  /** `--port` to pass; null runs on daemon.json's `localPort` like a user's daemon. */
  port: number | null = 0,
): Promise<DaemonProcess> {
  assertBuilt();
  const portArgs = port === null ? [] : ['--port', String(port)];
  const child = spawn(process.execPath, [RINGBACK_BIN, 'run', '--data-dir', dataDir, ...portArgs], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`daemon exited with ${code} before listening:\n${output}`)),
    );
  });
  return {
    url,
    port: Number(new URL(url).port),
    child,
    output: () => output,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}
