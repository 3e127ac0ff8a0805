import { spawn } from 'node:child_process';
import { assertBuilt, RINGBACK_BIN } from './daemon-process';

export interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
  elapsedMs: number;
}

/** Runs the bundled `ringback hook <agent>` as an agent would: payload on stdin. */
export async function runHookProcess(
  agent: string,
  stdin: string,
  env: NodeJS.ProcessEnv,
  script = RINGBACK_BIN,
): Promise<HookRun> {
  assertBuilt();
  const started = performance.now();
  const child = spawn(process.execPath, [script, 'hook', agent], {
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.on('error', () => undefined);
  child.stdin.end(stdin);
  const code = await new Promise<number | null>((resolve) =>
    child.once('exit', (exitCode) => resolve(exitCode)),
  );
  return { code, stdout, stderr, elapsedMs: performance.now() - started };
}
