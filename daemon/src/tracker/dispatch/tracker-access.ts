import { RingbackError, type TrackerWorkspace } from '@ringback/protocol';
import type { DaemonConfig } from '../../config/daemon-config';
import type { TrackerClient } from '../api';
import { readTrackerConfig } from '../tracker-config';

/** What the dispatch endpoints need from the host: the saved settings and a client per token. */
export interface TrackerAccessDeps {
  config: { read(): DaemonConfig };
  client: (token: string) => TrackerClient;
}

/** A client for the saved token and the watched workspaces, or 422 `tracker_not_configured`. */
export interface TrackerAccess {
  client: TrackerClient;
  workspaces: TrackerWorkspace[];
}

export function trackerAccess(deps: TrackerAccessDeps): TrackerAccess {
  const tracker = readTrackerConfig(deps.config.read());
  if (!tracker) {
    throw new RingbackError(
      'tracker_not_configured',
      'no tracker token is saved: set it in the tracker settings',
    );
  }
  return { client: deps.client(tracker.token), workspaces: tracker.workspaces };
}

/**
 * The workspace a request works in: the one it names, which must be watched, else the first
 * watched one (the spec's default for options and dispatches).
 */
export function chooseWorkspace(access: TrackerAccess, workspaceId?: string): TrackerWorkspace {
  if (workspaceId !== undefined) {
    const named = access.workspaces.find((w) => w.id === workspaceId);
    if (!named) throw new RingbackError('workspace_not_found', `workspace ${workspaceId} is not watched`);
    return named;
  }
  const first = access.workspaces[0];
  if (!first) {
    throw new RingbackError(
      'tracker_not_configured',
      'no tracker workspace is watched: choose one in the tracker settings',
    );
  }
  return first;
}
