import type { TrackerWorkspace } from '@ringback/protocol';
import type { DaemonConfig } from '../config/daemon-config';

/** The public Multica API; `RINGBACK_TRACKER_API_URL` points the daemon elsewhere (self-hosted, the fake). */
export const DEFAULT_TRACKER_API_URL = 'https://api.multica.ai';

/** `daemon.json` → `tracker`: the token (never returned by the API) and the watched workspaces. */
export interface TrackerConfig {
  token: string;
  workspaces: TrackerWorkspace[];
}

export function trackerApiUrl(env: NodeJS.ProcessEnv): string {
  const configured = env.RINGBACK_TRACKER_API_URL?.trim();
  return (configured || DEFAULT_TRACKER_API_URL).replace(/\/+$/, '');
}

function isWorkspace(value: unknown): value is TrackerWorkspace {
  const w = value as Partial<TrackerWorkspace> | null;
  return typeof w?.id === 'string' && typeof w.name === 'string' && typeof w.slug === 'string';
}

/** The saved tracker settings, or null without a token. A hand-edited list keeps its good items. */
export function readTrackerConfig(config: DaemonConfig): TrackerConfig | null {
  const raw = config.tracker as { token?: unknown; workspaces?: unknown } | undefined;
  if (typeof raw?.token !== 'string' || !raw.token.trim()) return null;
  const workspaces = Array.isArray(raw.workspaces)
    ? raw.workspaces.filter(isWorkspace).map((w) => ({ ...w, issuePrefix: w.issuePrefix ?? '' }))
    : [];
  return { token: raw.token, workspaces };
}

export function withTrackerConfig(config: DaemonConfig, tracker: TrackerConfig | null): DaemonConfig {
  const { tracker: _previous, ...rest } = config;
  return tracker ? { ...rest, tracker } : rest;
}
