import { execFile } from 'node:child_process';

export interface CommandOutcome {
  /** The exit code; null when the command did not run to an end (not found, killed at its deadline). */
  code: number | null;
  stdout: string;
  stderr: string;
}

export type RunCommand = (
  command: string,
  args: string[],
  options: { env: NodeJS.ProcessEnv; timeoutMs: number },
) => Promise<CommandOutcome>;

/** Runs one program (no shell) with a deadline and reports how it ended; never throws. */
export const runCommand: RunCommand = (command, args, options) =>
  new Promise((resolve) => {
    execFile(
      command,
      args,
      { encoding: 'utf8', env: options.env, timeout: options.timeoutMs, windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolve({ code: 0, stdout, stderr });
        if (typeof error.code === 'number') return resolve({ code: error.code, stdout, stderr });
        const reason = error.killed
          ? `timed out after ${Math.round(options.timeoutMs / 1000)} s`
          : error.message;
        resolve({ code: null, stdout, stderr: stderr || reason });
      },
    );
  });
