import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  createParser,
  ErrorBody,
  RingbackError,
  TrackerSettingsReply,
  TrackerSettingsUpdate,
  type TrackerWorkspace,
  type TrackerWorkspaceStatus,
  TrackerWorkspacesReply,
  TrackerWorkspacesRequest,
} from '@ringback/protocol';
import type { FastifyPluginAsync } from 'fastify';
import type { ConfigStore } from '../config/config-store';
import { secretHint } from '../config/llm-channel';
import { readTrackerConfig, withTrackerConfig } from '../tracker/tracker-config';

const parseWorkspacesRequest = createParser(TrackerWorkspacesRequest);

export interface TrackerSettingsDeps {
  config: ConfigStore;
  /**
   * The workspaces a token reaches (the tracker's `GET /api/workspaces`); throws a RingbackError
   * (`invalid_tracker_token`, `tracker_unreachable`) when the tracker says no or cannot be reached.
   */
  listWorkspaces(token: string): Promise<TrackerWorkspace[]>;
  /** The realtime connections: their states, and a reconnect once the settings change. */
  watcher: { statuses(): TrackerWorkspaceStatus[]; reload(): void };
}

/**
 * `GET/PUT/DELETE /tracker/settings` and `POST /tracker/workspaces` (also through the relay, so a
 * phone can set them up). The token is checked against the tracker before anything is saved, and
 * only its hint is ever returned.
 */
export function trackerSettingsRoutes(deps: TrackerSettingsDeps): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<TypeBoxTypeProvider>();
    const relayable = { relayable: true };

    const current = (): TrackerSettingsReply => {
      const tracker = readTrackerConfig(deps.config.read());
      const watched = new Set(tracker?.workspaces.map((w) => w.id));
      return {
        settings: {
          workspaces: tracker?.workspaces ?? [],
          tokenHint: tracker ? secretHint(tracker.token) : null,
        },
        status: { workspaces: deps.watcher.statuses().filter((s) => watched.has(s.workspaceId)) },
      };
    };

    const savedToken = (): string => {
      const tracker = readTrackerConfig(deps.config.read());
      if (!tracker)
        throw new RingbackError('tracker_not_configured', 'no tracker token is saved: send token');
      return tracker.token;
    };

    routes.get(
      '/tracker/settings',
      { config: relayable, schema: { response: { 200: TrackerSettingsReply } } },
      async () => current(),
    );

    routes.post(
      '/tracker/workspaces',
      {
        config: relayable,
        schema: { response: { 200: TrackerWorkspacesReply, '4xx': ErrorBody } },
      },
      async (request) => {
        // `{ token? }`, which may also come as no body at all.
        const { token: sent } = parseWorkspacesRequest.parse(request.body ?? {});
        const token = sent?.trim() || savedToken();
        return { workspaces: await deps.listWorkspaces(token) };
      },
    );

    routes.put(
      '/tracker/settings',
      {
        config: relayable,
        schema: { body: TrackerSettingsUpdate, response: { 200: TrackerSettingsReply, '4xx': ErrorBody } },
      },
      async (request) => {
        const { token: sent, workspaceIds, workspaceId } = request.body;
        // An older client's `{ token, workspaceId }` names one workspace.
        const wanted = [...new Set(workspaceIds ?? (workspaceId ? [workspaceId] : []))];
        if (wanted.length === 0) {
          throw new RingbackError(
            'invalid_request',
            'send workspaceIds: the workspaces to watch (at least one)',
          );
        }
        const token = sent?.trim() || savedToken();
        const reachable = new Map((await deps.listWorkspaces(token)).map((w) => [w.id, w]));
        const missing = wanted.filter((id) => !reachable.has(id));
        if (missing.length) {
          throw new RingbackError(
            'workspace_not_found',
            `this token reaches no workspace ${missing.join(', ')}`,
          );
        }
        const workspaces = wanted.map((id) => reachable.get(id) as TrackerWorkspace);
        await deps.config.update((config) => withTrackerConfig(config, { token, workspaces }));
        deps.watcher.reload();
        return current();
      },
    );

    routes.delete(
      '/tracker/settings',
      { config: relayable, schema: { response: { 200: TrackerSettingsReply } } },
      async () => {
        await deps.config.update((config) => withTrackerConfig(config, null));
        deps.watcher.reload();
        return current();
      },
    );
  };
}
