import type { PermissionCallSettings } from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigStore } from '../config/config-store';
import { permissionHookTimeoutSeconds, readPermissionCallSettings } from '../config/permission-call-settings';
import { updatePermissionHookTimeouts } from '../install/permission-hook-timeouts';
import type { Logger } from '../log/logger';
import type { PermissionGate } from '../permission/permission-gate';
import { createPermissionPolicy } from '../permission/permission-policy';
import { permissionCallRoutes } from '../routes/permission-calls';
import { osIdleReader } from './os-idle';
import { PresenceMonitor } from './presence-monitor';
import { type DeadlineRunner, runWithDeadline } from './run-with-deadline';

export interface PermissionCallsOptions {
  config: ConfigStore;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** Whose agents' hook files the wait's timeouts are written to. */
  home: string;
  /** The daemon's environment: `CODEX_HOME`, and the session type the OS idle reader follows. */
  env: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  run?: DeadlineRunner;
}

export interface PermissionCalls {
  /** The gate the permission registry asks for each request. */
  gate: PermissionGate;
  presence: PresenceMonitor;
  routes: FastifyPluginAsync;
}

/** Permission calls' settings, the user's presence and the gate made of both, wired together. */
export function createPermissionCalls(options: PermissionCallsOptions): PermissionCalls {
  const settings = (): PermissionCallSettings => readPermissionCallSettings(options.config.read());
  const presence = new PresenceMonitor({
    settings,
    readOsIdle: osIdleReader(
      options.platform ?? process.platform,
      options.run ?? runWithDeadline,
      options.env,
    ),
  });
  const rewriteTimeouts = async (next: PermissionCallSettings): Promise<void> => {
    const timeout = permissionHookTimeoutSeconds(next);
    for (const change of await updatePermissionHookTimeouts(options.home, options.env, timeout)) {
      if (change.outcome === 'updated')
        options.logger.info(
          `permission wait now ${next.waitSeconds} s: ${change.agent} hook timeout set to ${timeout} s`,
        );
      else if (change.outcome === 'kept' || change.outcome === 'failed')
        options.logger.warn(
          `permission wait now ${next.waitSeconds} s: ${change.agent} hook timeout not changed (${change.why})`,
        );
    }
  };
  let rewriting: Promise<unknown> = Promise.resolve();
  const routes = permissionCallRoutes({
    config: options.config,
    presence,
    // One rewrite at a time, each with the wait in force when it runs: two quick changes of the
    // wait never leave the hooks with the older one.
    onWaitChanged: () => {
      const run = rewriting.then(() => rewriteTimeouts(settings()));
      rewriting = run.catch(() => undefined);
      return run;
    },
  });
  return { gate: createPermissionPolicy({ settings, presence }), presence, routes };
}
