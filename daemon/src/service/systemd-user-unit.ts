import { mkdir, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { syncDirectory, writeFileAtomic } from '../storage/atomic-write';
import { runChecked, runReporting } from './command-runner';
import { fileExists, linkExists } from './file-exists';
import { inheritedEnvironment, type LoginService, type ServiceHost } from './service-host';

export const SYSTEMD_UNIT_NAME = 'ringback.service';
const UNIT_FILE_MODE = 0o644;

/** `$XDG_CONFIG_HOME/systemd/user/ringback.service`; the spec ignores a relative XDG_CONFIG_HOME. */
export function systemdUnitPath(home: string, env: NodeJS.ProcessEnv): string {
  const config =
    env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(config, 'systemd', 'user', SYSTEMD_UNIT_NAME);
}

/** Where `systemctl --user enable` links the unit (its `WantedBy=default.target`). */
function systemdWantsLink(unitPath: string): string {
  return join(dirname(unitPath), 'default.target.wants', SYSTEMD_UNIT_NAME);
}

/** One word of a unit line, double-quoted so spaces survive, with `%` and `$` kept literal. */
function quoted(word: string, expandsVariables: boolean): string {
  if (/[\n\r]/.test(word))
    throw new Error(`cannot write a line break into a systemd unit: ${JSON.stringify(word)}`);
  let text = word.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('%', '%%');
  if (expandsVariables) text = text.replaceAll('$', '$$$$');
  return `"${text}"`;
}

export function systemdUnit(nodePath: string, cliScript: string, env: Record<string, string> = {}): string {
  const exec = [nodePath, cliScript].map((word) => quoted(word, true)).join(' ');
  const environment = Object.entries(env).map(
    ([name, value]) => `Environment=${quoted(`${name}=${value}`, false)}\n`,
  );
  return `# Written by \`ringback service install\`; \`ringback service uninstall\` removes it.
[Unit]
Description=Ringback daemon (rings you when a coding agent finishes)

[Service]
Type=simple
ExecStart=${exec} run
${environment.join('')}Restart=on-failure
RestartSec=5

[Install]
WantedBy=default.target
`;
}

/** A systemd user unit: started at login by the user's own manager, never system-wide. */
export function systemdUserService(host: ServiceHost): LoginService {
  const path = systemdUnitPath(host.home, host.env);
  const systemctl = (...args: string[]) => runChecked(host.run, 'systemctl', ['--user', ...args]);
  const systemctlReporting = (...args: string[]) => runReporting(host.run, 'systemctl', ['--user', ...args]);
  const where = `systemd user unit ${path}`;
  return {
    async install() {
      await mkdir(dirname(path), { recursive: true });
      await writeFileAtomic(
        path,
        systemdUnit(host.nodePath, host.cliScript, inheritedEnvironment(host.env)),
        UNIT_FILE_MODE,
      );
      await systemctl('daemon-reload');
      await systemctl('enable', SYSTEMD_UNIT_NAME);
      // restart, not start: a daemon already running from an older unit picks up the new one.
      await systemctl('restart', SYSTEMD_UNIT_NAME);
      return [`Login service installed and started: ${where}`];
    },
    async uninstall() {
      const wants = systemdWantsLink(path);
      if (!(await fileExists(path)) && !(await linkExists(wants)))
        return { lines: [`Login service: not installed (no ${path})`], warnings: [] };
      // Without a user manager (a container, WSL without systemd) nothing runs it and nothing can
      // stop it: the files go anyway, and the user is told why it was not stopped.
      const stopFailure = await systemctlReporting('disable', '--now', SYSTEMD_UNIT_NAME);
      // `enable` wrote the link; `disable` removes it, unless it could not run.
      await rm(wants, { force: true });
      await rm(path, { force: true });
      await syncDirectory(dirname(path));
      const warnings = stopFailure ? [`could not stop it: ${stopFailure}`] : [];
      // The manager forgets the removed unit; one that could not be reached has nothing to forget.
      const reloadFailure = await systemctlReporting('daemon-reload');
      if (reloadFailure && !stopFailure) warnings.push(`could not reload systemd: ${reloadFailure}`);
      const done = stopFailure ? 'Login service removed' : 'Login service stopped and removed';
      return { lines: [`${done}: ${path}`], warnings };
    },
    async status() {
      if (!(await fileExists(path))) return { installed: false, running: false, where, detail: '' };
      const enabled = await host.run('systemctl', ['--user', 'is-enabled', SYSTEMD_UNIT_NAME]);
      const active = await host.run('systemctl', ['--user', 'is-active', SYSTEMD_UNIT_NAME]);
      const word = (result: { stdout: string; stderr: string }) =>
        result.stdout.trim() || `unknown: ${result.stderr.trim().split('\n')[0] || 'no answer'}`;
      return {
        installed: true,
        running: active.code === 0,
        where,
        detail: `${word(enabled)}, ${word(active)}`,
      };
    },
  };
}
