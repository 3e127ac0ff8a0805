import { Type } from 'typebox';

/** A tracker workspace as the daemon keeps and returns it (the tracker's own fields, renamed). */
export const TrackerWorkspace = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  /** `ACME` in `ACME-42`. */
  issuePrefix: Type.String(),
});
export type TrackerWorkspace = Type.Static<typeof TrackerWorkspace>;

/** How the watcher's realtime connection to one watched workspace is doing. */
export const TrackerConnectionState = Type.Union([
  Type.Literal('connecting'),
  Type.Literal('connected'),
  Type.Literal('disconnected'),
]);
export type TrackerConnectionState = Type.Static<typeof TrackerConnectionState>;

export const TrackerWorkspaceStatus = Type.Object({
  workspaceId: Type.String(),
  state: TrackerConnectionState,
  /** ISO time the state began. */
  since: Type.String(),
  /** Why it is not connected, in words (the tracker's answer or the network error), when known. */
  error: Type.Optional(Type.String()),
});
export type TrackerWorkspaceStatus = Type.Static<typeof TrackerWorkspaceStatus>;

/**
 * `GET /tracker/settings` (also the `PUT` reply). The token itself is never returned:
 * `tokenHint` is `mul_…` and its last four characters, null when no token is saved.
 */
export const TrackerSettingsReply = Type.Object({
  settings: Type.Object({
    workspaces: Type.Array(TrackerWorkspace),
    tokenHint: Type.Union([Type.String(), Type.Null()]),
  }),
  status: Type.Object({ workspaces: Type.Array(TrackerWorkspaceStatus) }),
});
export type TrackerSettingsReply = Type.Static<typeof TrackerSettingsReply>;

/**
 * `PUT /tracker/settings`: `{ token?, workspaceIds }`; without `token` the saved one is kept.
 * An older client's `{ token, workspaceId }` is read as one workspace.
 */
export const TrackerSettingsUpdate = Type.Object(
  {
    token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    workspaceIds: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 })),
    workspaceId: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type TrackerSettingsUpdate = Type.Static<typeof TrackerSettingsUpdate>;

/** `POST /tracker/workspaces`: the workspaces a token reaches; without `token`, the saved one's. */
export const TrackerWorkspacesRequest = Type.Object(
  { token: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })) },
  { additionalProperties: false },
);
export type TrackerWorkspacesRequest = Type.Static<typeof TrackerWorkspacesRequest>;

export const TrackerWorkspacesReply = Type.Object({ workspaces: Type.Array(TrackerWorkspace) });
export type TrackerWorkspacesReply = Type.Static<typeof TrackerWorkspacesReply>;
