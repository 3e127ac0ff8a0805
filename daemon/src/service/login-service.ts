import { homedir } from 'node:os';
import type { CliIo } from '../cli/cli-io';
import { runCommand } from './command-runner';
import { launchAgentService } from './launch-agent';
import { logonTaskService } from './logon-task';
import type { LoginService, LoginServiceStatus, ServiceHost } from './service-host';
import { systemdUserService } from './systemd-user-unit';

/** The real machine: this process's platform and user, commands run for real. */
export function processServiceHost(io: Pick<CliIo, 'env' | 'home' | 'nodePath' | 'cliScript'>): ServiceHost {
  return {
    platform: process.platform,
    home: io.home || homedir(),
    uid: process.getuid?.() ?? -1,
    env: io.env,
    nodePath: io.nodePath,
    cliScript: io.cliScript,
    run: runCommand,
  };
}

/** This platform's login service, or null where Ringback has none. */
export function loginServiceFor(host: ServiceHost): LoginService | null {
  switch (host.platform) {
    case 'linux':
      return systemdUserService(host);
    case 'darwin':
      return launchAgentService(host);
    case 'win32':
      return logonTaskService(host);
    default:
      return null;
  }
}

/** The one line `ringback status` and `ringback service status` print. */
export function loginServiceLine(status: LoginServiceStatus): string {
  if (!status.installed && !status.running)
    return 'Login service: not installed (`ringback service install` starts the daemon at login)';
  const state = status.running ? 'running' : 'NOT running';
  const installed = status.installed ? 'installed' : 'NOT installed but loaded';
  return `Login service: ${installed}, ${state} (${status.where}${status.detail ? `: ${status.detail}` : ''})`;
}

/** The status line, never throwing: `ringback status` must print whatever the service manager says. */
export async function readLoginServiceLine(host: ServiceHost): Promise<string> {
  const service = loginServiceFor(host);
  if (!service) return `Login service: not available on ${host.platform}`;
  try {
    return loginServiceLine(await service.status());
  } catch (error) {
    return `Login service: unknown (${(error as Error).message})`;
  }
}
