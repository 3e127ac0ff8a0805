import { mkdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { syncDirectory, writeFileAtomic } from '../storage/atomic-write';
import { runChecked, runReporting } from './command-runner';
import { fileExists } from './file-exists';
import { inheritedEnvironment, type LoginService, type ServiceHost } from './service-host';

export const LAUNCH_AGENT_LABEL = 'dev.ringback.daemon';
const PLIST_FILE_MODE = 0o644;

export function launchAgentPath(home: string): string {
  return join(home, 'Library', 'LaunchAgents', `${LAUNCH_AGENT_LABEL}.plist`);
}

export function launchAgentLogDir(home: string): string {
  return join(home, 'Library', 'Logs', 'Ringback');
}

function xml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

const string = (text: string) => `<string>${xml(text)}</string>`;

export function launchAgentPlist(
  home: string,
  nodePath: string,
  cliScript: string,
  env: Record<string, string> = {},
): string {
  const logs = launchAgentLogDir(home);
  const environment = Object.entries(env).map(
    ([name, value]) => `\n    <key>${xml(name)}</key>\n    ${string(value)}`,
  );
  const environmentBlock = environment.length
    ? `\n  <key>EnvironmentVariables</key>\n  <dict>${environment.join('')}\n  </dict>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  ${string(LAUNCH_AGENT_LABEL)}
  <key>ProgramArguments</key>
  <array>
    ${string(nodePath)}
    ${string(cliScript)}
    ${string('run')}
  </array>
  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <true/>
  <key>StandardOutPath</key>
  ${string(join(logs, 'daemon.log'))}
  <key>StandardErrorPath</key>
  ${string(join(logs, 'daemon.err.log'))}${environmentBlock}
</dict>
</plist>
`;
}

/** A LaunchAgent in the user's own `gui/<uid>` domain, never a system LaunchDaemon. */
export function launchAgentService(host: ServiceHost): LoginService {
  const path = launchAgentPath(host.home);
  const domain = `gui/${host.uid}`;
  const target = `${domain}/${LAUNCH_AGENT_LABEL}`;
  const where = `LaunchAgent ${path}`;
  const loaded = async () => (await host.run('launchctl', ['print', target])).code === 0;
  return {
    async install() {
      await mkdir(dirname(path), { recursive: true });
      await mkdir(launchAgentLogDir(host.home), { recursive: true });
      const plist = launchAgentPlist(
        host.home,
        host.nodePath,
        host.cliScript,
        inheritedEnvironment(host.env),
      );
      await writeFileAtomic(path, plist, PLIST_FILE_MODE);
      // bootstrap refuses a label that is already loaded: unload the old one so the new plist counts.
      if (await loaded()) await runChecked(host.run, 'launchctl', ['bootout', target]);
      await runChecked(host.run, 'launchctl', ['bootstrap', domain, path]);
      return [`Login service installed and started: ${where}`, `Logs: ${launchAgentLogDir(host.home)}`];
    },
    async uninstall() {
      const present = await fileExists(path);
      const isLoaded = await loaded();
      if (!isLoaded && !present)
        return { lines: [`Login service: not installed (no ${path})`], warnings: [] };
      // The plist goes even when launchd refuses to boot it out: it is what install wrote.
      const stopFailure = isLoaded ? await runReporting(host.run, 'launchctl', ['bootout', target]) : null;
      await rm(path, { force: true });
      await syncDirectory(dirname(path));
      return stopFailure
        ? { lines: [`Login service removed: ${path}`], warnings: [`could not stop it: ${stopFailure}`] }
        : { lines: [`Login service stopped and removed: ${path}`], warnings: [] };
    },
    async status() {
      const installed = await fileExists(path);
      const printed = await host.run('launchctl', ['print', target]);
      if (printed.code !== 0) return { installed, running: false, where, detail: 'not loaded' };
      const state = /^\s*state = (.+)$/m.exec(printed.stdout)?.[1]?.trim() ?? 'loaded';
      return { installed, running: state === 'running', where, detail: `loaded, ${state}` };
    },
  };
}
