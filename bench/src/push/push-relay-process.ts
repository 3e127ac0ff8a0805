import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { tempDir } from '../support';

const PUSH_RELAY = fileURLToPath(new URL('./push-relay-server.ts', import.meta.url));

export interface PushBenchRelay {
  url: string;
  stop(): Promise<void>;
}

/**
 * `push-relay-server.ts` in its own process (with tsx, as this bench runs), on a fresh data dir,
 * sending to the bench's push services at `pushOrigins`.
 */
export async function startPushRelay(
  push: 'on' | 'off',
  pushOrigins: readonly string[],
): Promise<PushBenchRelay> {
  const dataDir = await tempDir('ringback-bench-push-');
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), PUSH_RELAY, dataDir, push, pushOrigins.join(',')],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /relay listening on (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(() => reject(new Error(`push relay exited before listening:\n${output}`)));
  });
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
