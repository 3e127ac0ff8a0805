import { execFile } from 'node:child_process';

export interface DeadlineResult {
  /** The exit code; null when the program could not start (absent) or was killed at the deadline. */
  code: number | null;
  stdout: string;
}

/** Runs one program (no shell) and gives up on it at `timeoutMs`; never throws. */
export type DeadlineRunner = (command: string, args: string[], timeoutMs: number) => Promise<DeadlineResult>;

export const runWithDeadline: DeadlineRunner = (command, args, timeoutMs) =>
  new Promise((resolve) => {
    execFile(
      command,
      args,
      { encoding: 'utf8', timeout: timeoutMs, killSignal: 'SIGKILL', windowsHide: true, maxBuffer: 4 << 20 },
      (error, stdout) => {
        if (!error) return resolve({ code: 0, stdout });
        resolve({ code: typeof error.code === 'number' ? error.code : null, stdout: stdout ?? '' });
      },
    );
  });
