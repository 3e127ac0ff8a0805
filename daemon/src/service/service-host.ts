import type { CommandRunner } from './command-runner';

/** Everything the login service touches of the machine, injected so tests run every platform here. */
export interface ServiceHost {
  platform: NodeJS.Platform;
  home: string;
  /** The user's id: launchd names the per-user domain `gui/<uid>`. */
  uid: number;
  env: NodeJS.ProcessEnv;
  /** The absolute node binary and `dist/ringback.mjs` the service runs. */
  nodePath: string;
  cliScript: string;
  run: CommandRunner;
}

/** What `ringback service status` and `ringback status` report. */
export interface LoginServiceStatus {
  installed: boolean;
  running: boolean;
  /** What and where, e.g. "systemd user unit /home/ann/.config/systemd/user/ringback.service". */
  where: string;
  /** The service manager's own words, e.g. "enabled, active". */
  detail: string;
}

/**
 * What an uninstall did. `lines` say what was removed; `warnings` what could not be done although
 * nothing install wrote is left (the service manager could not be asked to stop it, say).
 */
export interface UninstallOutcome {
  lines: string[];
  warnings: string[];
}

/**
 * One platform's way of running the daemon at login. Install returns lines to print; uninstall
 * throws only when something install wrote is still there.
 */
export interface LoginService {
  install(): Promise<string[]>;
  uninstall(): Promise<UninstallOutcome>;
  status(): Promise<LoginServiceStatus>;
}

/** The variables the service's daemon inherits from whoever installed it. */
export function inheritedEnvironment(env: NodeJS.ProcessEnv): Record<string, string> {
  // PATH so the daemon finds `claude` and `codex` as the user's shell does (launchd and systemd
  // start services with a bare PATH); RINGBACK_HOME so it uses the same data dir. Nothing secret.
  const kept: Record<string, string> = {};
  for (const name of ['PATH', 'RINGBACK_HOME']) {
    const value = env[name];
    if (value) kept[name] = value;
  }
  return kept;
}
