import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';

/**
 * On Linux the check runs in a D-Bus session of its own with a throwaway gnome-keyring in it, so
 * safeStorage keeps the token in a real keyring (never the user's) and the restart can be checked.
 */
export function toolsForLinuxSession(hasDisplay: boolean): string[] {
  return [...(hasDisplay ? [] : ['xvfb-run']), 'dbus-run-session', 'gnome-keyring-daemon'];
}

/** The command that runs the check again inside that session (and a virtual X server if needed). */
export function linuxSessionCommand(o: { hasDisplay: boolean; node: string; args: string[] }): string[] {
  return [...(o.hasDisplay ? [] : ['xvfb-run', '-a']), 'dbus-run-session', '--', o.node, ...o.args];
}

/** The names among `tools` with no executable file in any of PATH's folders. */
export function missingTools(tools: string[], pathEnv: string | undefined): string[] {
  const dirs = (pathEnv ?? '').split(':').filter((dir) => dir !== '');
  return tools.filter((tool) => !dirs.some((dir) => isExecutable(join(dir, tool))));
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts gnome-keyring's Secret Service on the current (private) session bus, its files and
 * sockets in `dir`, with a throwaway password for the login keyring it creates there. Its own
 * control folder keeps it from finding, and unlocking, a keyring the user already runs. It ends
 * with the session bus. Throws, with what the daemon said, when it cannot be started.
 */
export function startThrowawayKeyring(dir: string, env: NodeJS.ProcessEnv): void {
  if (!env.DBUS_SESSION_BUS_ADDRESS)
    throw new Error('no D-Bus session for the keyring (the check runs itself under dbus-run-session)');
  const { GNOME_KEYRING_CONTROL: _control, ...rest } = env;
  const keyringEnv = { ...rest, HOME: dir, XDG_DATA_HOME: join(dir, 'data') };
  const control = `--control-directory=${join(dir, 'control')}`;
  // --unlock reads the password on stdin and creates the login keyring with it; --start then
  // brings up the secrets component in that daemon (the usual pair outside a desktop login).
  const password = randomBytes(16).toString('hex');
  for (const args of [
    ['--unlock', '--components=secrets', control],
    ['--start', '--components=secrets', control],
  ]) {
    const run = spawnSync('gnome-keyring-daemon', args, {
      env: keyringEnv,
      input: `${password}\n`,
      encoding: 'utf8',
      timeout: 30_000,
    });
    if (run.error || run.status !== 0) {
      const said = run.error?.message ?? (run.stderr.trim() || `exit ${run.status}`);
      throw new Error(`could not start gnome-keyring-daemon ${args[0]}: ${said}`);
    }
  }
}

/** Whether the Secret Service (org.freedesktop.secrets) has an owner on the session bus now. */
export function secretServiceOnBus(env: NodeJS.ProcessEnv): boolean {
  const run = spawnSync(
    'dbus-send',
    [
      '--session',
      '--print-reply',
      '--dest=org.freedesktop.DBus',
      '/org/freedesktop/DBus',
      'org.freedesktop.DBus.NameHasOwner',
      'string:org.freedesktop.secrets',
    ],
    { env, encoding: 'utf8', timeout: 10_000 },
  );
  return run.status === 0 && /boolean true/.test(run.stdout);
}
