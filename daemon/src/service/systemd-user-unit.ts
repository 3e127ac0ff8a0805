import { mkdir, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join } from 'node:path';
import { syncDirectory, writeFileAtomic } from '../storage/atomic-write';
import { runChecked } from './command-runner';
import { fileExists } from './file-exists';
import { inheritedEnvironment, type LoginService, type ServiceHost } from './service-host';

export const SYSTEMD_UNIT_NAME = 'ringback.service';
const UNIT_FILE_MODE = 0o644;

/** `$XDG_CONFIG_HOME/systemd/user/ringback.service`; the spec ignores a relative XDG_CONFIG_HOME. */
export function systemdUnitPath(home: string, env: NodeJS.ProcessEnv): string {
  const config =
    env.XDG_CONFIG_HOME && isAbsolute(env.XDG_CONFIG_HOME) ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(config, 'systemd', 'user', SYSTEMD_UNIT_NAME);
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
      if (!(await fileExists(path))) return [`Login service: not installed (no ${path})`];
      await systemctl('disable', '--now', SYSTEMD_UNIT_NAME);
      await rm(path, { force: true });
      await syncDirectory(dirname(path));
      await systemctl('daemon-reload');
      return [`Login service stopped and removed: ${path}`];
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
