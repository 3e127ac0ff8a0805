import { userInfo } from 'node:os';
import { delimiter, isAbsolute } from 'node:path';
import { ephemeralPathReason, withoutMountLibraries } from './ephemeral-path';
import { LOGIN_SHELL_DEADLINE_MS, readLoginShellPath } from './login-shell-path';
import { nodeInstallPlaces } from './node-install-places';

/** Always at the end: where the system's own tools are, should every other source have failed. */
const SYSTEM_DIRS = ['/usr/local/bin', '/usr/bin', '/bin', '/usr/sbin', '/sbin'];

export interface UserPath {
  /** The PATH to find node with and to write into the login service. */
  path: string;
  /** True when the login shell answered; false when only the app's PATH and the probes were used. */
  fromLoginShell: boolean;
  /**
   * Why the login shell gave no PATH, for people (it failed, printed none, or was not done by the
   * deadline; or no login shell is known). Absent when it answered, and on Windows, which has none to ask.
   */
  loginShellProblem?: string;
}

/**
 * The user's real PATH, as their terminal has it: the login shell's, then the app's own, then the
 * usual install places. Without a login shell's answer the install places come first, since the
 * shell's rc would have put them before the system's. Entries inside the AppImage's mount (its
 * AppRun prepends them) and relative entries are dropped: the service outlives both.
 * Windows gives a GUI launch the user's full Path, so it is taken as it is.
 */
export async function resolveUserPath(o: {
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  home: string;
  /** The login shell; default `$SHELL`, else the user's entry in the password database. */
  shell?: string;
  deadlineMs?: number;
}): Promise<UserPath> {
  const appPath = pathOf(o.env);
  if (o.platform === 'win32') return { path: clean(split(appPath, ';'), o.env, ';'), fromLoginShell: false };
  const shell = o.shell ?? loginShellOf(o.env);
  const login = shell
    ? await readLoginShellPath({
        shell,
        env: withoutMountLibraries(o.env),
        deadlineMs: o.deadlineMs ?? LOGIN_SHELL_DEADLINE_MS,
      })
    : null;
  const places = await nodeInstallPlaces(o);
  const entries = login
    ? [...split(login, ':'), ...split(appPath, ':'), ...places]
    : [...places, ...split(appPath, ':')];
  const path = clean([...entries, ...SYSTEM_DIRS], o.env, ':');
  if (login !== null) return { path, fromLoginShell: true };
  const seconds = Math.round((o.deadlineMs ?? LOGIN_SHELL_DEADLINE_MS) / 100) / 10;
  return {
    path,
    fromLoginShell: false,
    loginShellProblem: shell
      ? `${shell} -ilc gave no PATH within ${seconds} s`
      : 'no login shell is known ($SHELL is not set and the user database names none)',
  };
}

/** `env` with its PATH (whatever its spelling, `Path` on Windows) replaced. */
export function withPath(env: NodeJS.ProcessEnv, path: string): NodeJS.ProcessEnv {
  const key = Object.keys(env).find((name) => name.toUpperCase() === 'PATH') ?? 'PATH';
  return { ...env, [key]: path };
}

function pathOf(env: NodeJS.ProcessEnv): string {
  const key = Object.keys(env).find((name) => name.toUpperCase() === 'PATH');
  return key ? (env[key] ?? '') : '';
}

function loginShellOf(env: NodeJS.ProcessEnv): string | null {
  if (env.SHELL && isAbsolute(env.SHELL)) return env.SHELL;
  try {
    const shell = userInfo().shell;
    return shell && isAbsolute(shell) ? shell : null;
  } catch {
    return null;
  }
}

function split(path: string, separator: string): string[] {
  return path.split(separator).map((entry) => entry.trim());
}

function clean(entries: string[], env: NodeJS.ProcessEnv, separator: string): string {
  const kept: string[] = [];
  for (const entry of entries) {
    if (entry === '' || !isAbsolute(entry) || kept.includes(entry)) continue;
    if (ephemeralPathReason(entry, env) !== null) continue;
    kept.push(entry);
  }
  return kept.join(separator || delimiter);
}
