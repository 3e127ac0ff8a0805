import { spawn } from 'node:child_process';

/** How long the user's rc files get to set their PATH; an rc that waits for something gets no more. */
export const LOGIN_SHELL_DEADLINE_MS = 5_000;

// Markers around the answer: rc files (greetings, `nvm use`, motd) print before and after it.
const BEGIN = '__RINGBACK_PATH_BEGIN__';
const END = '__RINGBACK_PATH_END__';
/** One printf both sh-like shells and fish run alike; fish joins its PATH list with ':' in quotes. */
const PRINT_PATH = `printf '%s%s%s' '${BEGIN}' "$PATH" '${END}'`;
/** A PATH longer than this is not one; stop reading a shell that prints without end. */
const MAX_OUTPUT = 1 << 20;

/**
 * The PATH the user's login shell sets (`$SHELL -ilc`), as a terminal would have it: an app
 * started from Finder, the Dock or a desktop launcher gets a bare one without Homebrew, nvm,
 * volta or fnm. Null when the shell fails, prints no answer, or is not done by the deadline (it is
 * killed then, with everything it started: an rc may leave an agent holding the output open).
 */
export function readLoginShellPath(o: {
  shell: string;
  env: NodeJS.ProcessEnv;
  deadlineMs: number;
}): Promise<string | null> {
  return new Promise((resolve) => {
    let output = '';
    let settled = false;
    const finish = (path: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(path);
    };
    let child: ReturnType<typeof spawn>;
    try {
      // Its own process group (detached) so the deadline can end the shell and its children at once;
      // no terminal, and nothing to read, so an rc that asks a question gets end-of-file.
      child = spawn(o.shell, ['-ilc', PRINT_PATH], {
        env: o.env,
        stdio: ['ignore', 'pipe', 'ignore'],
        detached: true,
        windowsHide: true,
      });
    } catch {
      resolve(null);
      return;
    }
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      killGroup();
      finish(null);
    }, o.deadlineMs);
    child.stdout?.setEncoding('utf8');
    child.stdout?.on('data', (chunk: string) => {
      output += chunk;
      const path = between(output);
      if (path !== undefined) {
        // The answer is in: whatever the rc still does (a logout script, a lingering agent) is not waited for.
        killGroup();
        finish(path);
      } else if (output.length > MAX_OUTPUT) {
        killGroup();
        finish(null);
      }
    });
    child.on('error', () => finish(null));
    child.on('close', () => finish(between(output) ?? null));
  });
}

function between(output: string): string | null | undefined {
  const begin = output.indexOf(BEGIN);
  if (begin < 0) return undefined;
  const end = output.indexOf(END, begin + BEGIN.length);
  if (end < 0) return undefined;
  const path = output.slice(begin + BEGIN.length, end).trim();
  return path === '' ? null : path;
}
