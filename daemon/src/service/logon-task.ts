import { runChecked } from './command-runner';
import type { LoginService, ServiceHost } from './service-host';

export const LOGON_TASK_NAME = 'Ringback';

/** `schtasks /Create` arguments: the user's own logon task at limited rights, never an admin one. */
export function logonTaskCreateArgs(nodePath: string, cliScript: string): string[] {
  for (const path of [nodePath, cliScript]) {
    if (path.includes('"')) throw new Error(`cannot quote a path holding '"' for schtasks: ${path}`);
  }
  const command = `"${nodePath}" "${cliScript}" run`;
  return ['/Create', '/TN', LOGON_TASK_NAME, '/SC', 'ONLOGON', '/RL', 'LIMITED', '/F', '/TR', command];
}

/** A Task Scheduler task that starts the daemon when this user logs on. */
export function logonTaskService(host: ServiceHost): LoginService {
  const where = `scheduled task "${LOGON_TASK_NAME}" (at logon)`;
  const query = () => host.run('schtasks', ['/Query', '/TN', LOGON_TASK_NAME]);
  return {
    async install() {
      await runChecked(host.run, 'schtasks', logonTaskCreateArgs(host.nodePath, host.cliScript));
      // A logon task first runs at the next logon: start it now too, as the other platforms do.
      await runChecked(host.run, 'schtasks', ['/Run', '/TN', LOGON_TASK_NAME]);
      return [`Login service installed and started: ${where}`];
    },
    async uninstall() {
      if ((await query()).code !== 0)
        return { lines: [`Login service: not installed (no ${where})`], warnings: [] };
      // /End fails when the task is not running, which is fine: it only has to be stopped.
      await host.run('schtasks', ['/End', '/TN', LOGON_TASK_NAME]);
      // The task is all install wrote: a refused /Delete leaves it, and fails the uninstall.
      await runChecked(host.run, 'schtasks', ['/Delete', '/TN', LOGON_TASK_NAME, '/F']);
      return { lines: [`Login service stopped and removed: ${where}`], warnings: [] };
    },
    async status() {
      const result = await query();
      if (result.code !== 0) return { installed: false, running: false, where, detail: '' };
      const running = /\bRunning\b/.test(result.stdout);
      return { installed: true, running, where, detail: running ? 'running' : 'not running' };
    },
  };
}
