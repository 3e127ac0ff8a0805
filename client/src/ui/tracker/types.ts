/**
 * The tracker shapes the settings page shows. They mirror `TrackerWorkspace` and
 * `TrackerWorkspaceStatus` of @ringback/protocol field for field, so the daemon's replies pass
 * straight in, while this presentational layer stays free of the wire package.
 */

export type Workspace = {
  id: string;
  name: string;
  slug: string;
  /** `ACME` in `ACME-42`. */
  issuePrefix: string;
};

export type WorkspaceConnectionState = 'connecting' | 'connected' | 'disconnected';

export type WorkspaceStatus = {
  workspaceId: string;
  state: WorkspaceConnectionState;
  /** ISO time the state began. */
  since: string;
  /** Why it is not connected, in words, when known. */
  error?: string;
};
