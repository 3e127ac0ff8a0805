import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { waitFor } from './temp-data-dir';

/** An interactive agent in a tmux session: type into it, press keys, read its screen. */
export interface AgentScreen {
  screen(): string;
  type(text: string): Promise<void>;
  press(key: string): void;
  waitForScreen(text: string, timeoutMs: number, what?: string): Promise<void>;
  kill(): void;
}

/** Starts `launcher` in a detached 200×50 tmux session named `name`. */
export function startInTmux(name: string, launcher: string): AgentScreen {
  execFileSync('tmux', ['new-session', '-d', '-s', name, '-x', '200', '-y', '50', launcher]);
  const screen = () => execFileSync('tmux', ['capture-pane', '-p', '-t', name], { encoding: 'utf8' });
  return {
    screen,
    type: async (text: string) => {
      execFileSync('tmux', ['send-keys', '-t', name, '-l', text]);
      // The agents' inputs drop an Enter sent in the same burst as the text.
      await new Promise((resolve) => setTimeout(resolve, 300));
      execFileSync('tmux', ['send-keys', '-t', name, 'Enter']);
    },
    press: (key: string) => execFileSync('tmux', ['send-keys', '-t', name, key]),
    waitForScreen: (text: string, timeoutMs: number, what = text) =>
      waitFor(() => screen().includes(text), timeoutMs, `${what}; the screen:\n${screen()}`),
    kill: () => {
      execFileSync('tmux', ['kill-session', '-t', name], { stdio: 'ignore' });
    },
  };
}

/** Quotes `value` for a POSIX shell. */
export const shellQuote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/** A script that sets `env`, enters `cwd` and execs `command`: what tmux runs. */
export async function writeLauncher(
  dir: string,
  env: Record<string, string>,
  cwd: string,
  command: string,
): Promise<string> {
  const path = join(dir, 'launch.sh');
  const exports = Object.entries(env).map(([key, value]) => `export ${key}=${shellQuote(value)}`);
  await writeFile(
    path,
    ['#!/bin/sh', ...exports, `cd ${shellQuote(cwd)}`, `exec ${command}`, ''].join('\n'),
    { mode: 0o755 },
  );
  return path;
}
