import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  ErrorBody,
  type PermissionCallSettings,
  PermissionCallSettingsReply,
  PermissionCallSettingsUpdate,
  Presence,
  PresenceReport,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigStore } from '../config/config-store';
import {
  readPermissionCallSettings,
  updatedPermissionCallSettings,
  withPermissionCallSettings,
} from '../config/permission-call-settings';
import type { PresenceMonitor } from '../presence/presence-monitor';

export interface PermissionCallRoutesDeps {
  config: ConfigStore;
  presence: Pick<PresenceMonitor, 'current' | 'reportDesktopIdle'>;
  /**
   * The wait changed: the installed hooks' timeouts follow (errors are the callee's to report).
   * Two changes may call it at once: it must write the wait in force when it runs, not `settings`.
   */
  onWaitChanged(settings: PermissionCallSettings): Promise<void>;
}

/**
 * `GET/PUT /settings/permission-calls` (also through the relay: the phone's switches, and
 * `ringback away`), and `POST /presence`, where the desktop app reports the system idle time
 * (local only: only this computer knows it).
 */
export function permissionCallRoutes(deps: PermissionCallRoutesDeps): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const reply = async (settings: PermissionCallSettings): Promise<PermissionCallSettingsReply> => ({
      settings,
      presence: await deps.presence.current(),
    });

    routes.get(
      '/settings/permission-calls',
      { config: { relayable: true }, schema: { response: { 200: PermissionCallSettingsReply } } },
      async () => reply(readPermissionCallSettings(deps.config.read())),
    );

    routes.put(
      '/settings/permission-calls',
      {
        config: { relayable: true },
        schema: {
          body: PermissionCallSettingsUpdate,
          response: { 200: PermissionCallSettingsReply, '4xx': ErrorBody },
        },
      },
      async (request) => {
        // Read, merge and write inside the store's update, which runs one change at a time: two
        // requests at once (the phone's switch, the tray's away) both land, neither is lost.
        let waitChanged = false;
        const updated = await deps.config.update((config) => {
          const before = readPermissionCallSettings(config);
          const settings = updatedPermissionCallSettings(before, request.body);
          waitChanged = settings.waitSeconds !== before.waitSeconds;
          return withPermissionCallSettings(config, settings);
        });
        const settings = readPermissionCallSettings(updated);
        if (waitChanged) await deps.onWaitChanged(settings);
        return reply(settings);
      },
    );

    routes.post(
      '/presence',
      { schema: { body: PresenceReport, response: { 200: Presence, '4xx': ErrorBody } } },
      async (request) => {
        deps.presence.reportDesktopIdle(request.body.idleSeconds);
        return deps.presence.current();
      },
    );
  };
}
