import { execFile } from 'node:child_process';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one program with its arguments (no shell) and reports how it ended; never throws. */
export type CommandRunner = (command: string, args: string[]) => Promise<CommandResult>;

/** systemctl, launchctl and schtasks answer in well under a second; one that hangs is a failure. */
export const COMMAND_TIMEOUT_MS = 15_000;

export const runCommand: CommandRunner = (command, args) =>
  new Promise((resolve) => {
    execFile(
      command,
      args,
      { encoding: 'utf8', timeout: COMMAND_TIMEOUT_MS, windowsHide: true },
      (error, stdout, stderr) => {
        if (!error) return resolve({ code: 0, stdout, stderr });
        // A number is the exit code; anything else (ENOENT, a timeout's kill) did not run to an end.
        if (typeof error.code === 'number') return resolve({ code: error.code, stdout, stderr });
        const reason = error.killed ? `timed out after ${COMMAND_TIMEOUT_MS / 1000} s` : error.message;
        resolve({ code: 1, stdout, stderr: stderr || reason });
      },
    );
  });

/** A command the service needed failed: the message names it and says what it printed. */
export class ServiceCommandError extends Error {
  constructor(
    readonly command: string,
    readonly args: string[],
    readonly result: CommandResult,
  ) {
    const said = (result.stderr.trim() || result.stdout.trim()).split('\n').slice(0, 3).join(' / ');
    super(`\`${[command, ...args].join(' ')}\` failed (exit ${result.code})${said ? `: ${said}` : ''}`);
    this.name = 'ServiceCommandError';
  }
}

/** Runs a command that may fail: its failure, in words, or null when it succeeded. */
export async function runReporting(
  run: CommandRunner,
  command: string,
  args: string[],
): Promise<string | null> {
  const result = await run(command, args);
  return result.code === 0 ? null : new ServiceCommandError(command, args, result).message;
}

/** Runs a command that must succeed. */
export async function runChecked(
  run: CommandRunner,
  command: string,
  args: string[],
): Promise<CommandResult> {
  const result = await run(command, args);
  if (result.code !== 0) throw new ServiceCommandError(command, args, result);
  return result;
}
