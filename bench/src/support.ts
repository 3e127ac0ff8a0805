import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const RINGBACK_BIN = fileURLToPath(new URL('../../daemon/dist/ringback.mjs', import.meta.url));
/** The relay's own executable: measured directly, since `ringback relay` runs it as a child. */
export const RELAY_BIN = fileURLToPath(new URL('../../relay/dist/relay.mjs', import.meta.url));

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export function median(values: number[]): number {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}

export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export interface BenchDaemon {
  url: string;
  port: number;
  localApiKey: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** The real daemon (`ringback run`) in its own process, as a user runs it. */
export async function startBenchDaemon(dataDir: string, port = 0, config?: object): Promise<BenchDaemon> {
  if (config) await writeFile(join(dataDir, 'daemon.json'), JSON.stringify(config), { mode: 0o600 });
  const child = spawn(
    process.execPath,
    [RINGBACK_BIN, 'run', '--data-dir', dataDir, '--port', String(port)],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`daemon exited (${code}):\n${output}`)));
  });
  const localApiKey = (await readFile(join(dataDir, 'local-api.key'), 'utf8')).trim();
  return {
    url,
    port: Number(new URL(url).port),
    localApiKey,
    child,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
