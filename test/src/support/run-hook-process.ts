import { spawn } from 'node:child_process';
import { assertBuilt, RINGBACK_BIN } from './daemon-process';

export interface HookRun {
  code: number | null;
  stdout: string;
  stderr: string;
  elapsedMs: number;
}

/** Runs the bundled `ringback hook <agent>` as an agent would: payload on stdin. */
export function runHookProcess(
  agent: string,
  stdin: string,
  env: NodeJS.ProcessEnv,
  script = RINGBACK_BIN,
): Promise<HookRun> {
  return runCommand(process.execPath, [script, 'hook', agent], stdin, env);
}

/** Runs `ringback <args>` from the bundle. */
export function runRingback(args: string[], env: NodeJS.ProcessEnv, stdin = ''): Promise<HookRun> {
  return runCommand(process.execPath, [RINGBACK_BIN, ...args], stdin, env);
}

/** Runs a shell command line, as an agent runs its configured hook command. */
export function runShellCommand(command: string, stdin: string, env: NodeJS.ProcessEnv): Promise<HookRun> {
  return runCommand('/bin/sh', ['-c', command], stdin, env);
}

async function runCommand(
  file: string,
  args: string[],
  stdin: string,
  env: NodeJS.ProcessEnv,
): Promise<HookRun> {
  assertBuilt();
  const started = performance.now();
  const child = spawn(file, args, { env, stdio: ['pipe', 'pipe', 'pipe'] });
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
