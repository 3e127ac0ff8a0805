import { Type } from 'typebox';
import { TrackerPriority } from './daemon-event';

/** The spec's Limits for the tracker issue and dispatch endpoints. */
export const TRACKER_ISSUES_MAX = 100;
export const DISPATCH_ISSUES_MAX = 50;
export const DISPATCH_PROMPT_MAX_CHARS = 8000;
export const DISPATCH_LIST_MAX = 100;
export const UPLOAD_IMAGE_MAX_BYTES = 100 * 1024 * 1024;
export const UPLOAD_BODY_LIMIT_BYTES = 140 * 1024 * 1024;

const Id = Type.String({ minLength: 1, maxLength: 128 });
const NullableString = Type.Union([Type.String(), Type.Null()]);

/** `POST /tracker/issues`: the issues to refresh, at most 100. */
export const TrackerIssuesRequest = Type.Object(
  {
    issues: Type.Array(Type.Object({ workspaceId: Id, issueId: Id }, { additionalProperties: false }), {
      maxItems: TRACKER_ISSUES_MAX,
    }),
  },
  { additionalProperties: false },
);
export type TrackerIssuesRequest = Type.Static<typeof TrackerIssuesRequest>;

/** One refreshed issue: what the calls page sorts and groups by. */
export const TrackerIssueItem = Type.Object({
  workspaceId: Type.String(),
  /** As asked (an id or an identifier). */
  issueId: Type.String(),
  identifier: Type.String(),
  title: Type.String(),
  projectId: NullableString,
  /** The project's title; null without a project. */
  project: NullableString,
  priority: TrackerPriority,
  /** ISO time of the last activity, or of the last update when the tracker has none. */
  updatedAt: Type.String(),
  status: Type.String(),
});
export type TrackerIssueItem = Type.Static<typeof TrackerIssueItem>;

/** Deleted and inaccessible issues, and those of unwatched workspaces, are left out. */
export const TrackerIssuesReply = Type.Object({ issues: Type.Array(TrackerIssueItem) });
export type TrackerIssuesReply = Type.Static<typeof TrackerIssuesReply>;

/** `POST /tracker/dispatch/options`: another watched workspace than the first. */
export const DispatchOptionsRequest = Type.Object({ workspaceId: Id }, { additionalProperties: false });
export type DispatchOptionsRequest = Type.Static<typeof DispatchOptionsRequest>;

export const DispatchProject = Type.Object({
  id: Type.String(),
  title: Type.String(),
  /** `planned`, `in_progress` or `paused`: completed and cancelled projects are left out. */
  status: Type.String(),
  priority: TrackerPriority,
});
export type DispatchProject = Type.Static<typeof DispatchProject>;

export const DispatchAgent = Type.Object({
  id: Type.String(),
  name: Type.String(),
  avatarUrl: NullableString,
  /** Not archived, bound to a runtime, and that runtime is online: the tracker accepts a dispatch. */
  online: Type.Boolean(),
  /** Why not, in the tracker's words (`agent runtime is offline`), when not online. */
  unavailableReason: Type.Optional(Type.String()),
});
export type DispatchAgent = Type.Static<typeof DispatchAgent>;

/** `GET|POST /tracker/dispatch/options`. */
export const DispatchOptionsReply = Type.Object({
  workspaceId: Type.String(),
  projects: Type.Array(DispatchProject),
  agents: Type.Array(DispatchAgent),
});
export type DispatchOptionsReply = Type.Static<typeof DispatchOptionsReply>;

/**
 * `POST /tracker/dispatch/issues`. `query`: words of the title, a bare number (`42`) or an
 * identifier (`ACME-42`). `statuses`: status keys to keep (an empty list keeps all).
 */
export const DispatchIssuesRequest = Type.Object(
  {
    projectId: Id,
    query: Type.Optional(Type.String({ maxLength: 200 })),
    statuses: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 100 })),
    workspaceId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type DispatchIssuesRequest = Type.Static<typeof DispatchIssuesRequest>;

export const DispatchIssueItem = Type.Object({
  id: Type.String(),
  identifier: Type.String(),
  number: Type.Number(),
  title: Type.String(),
  status: Type.String(),
  priority: TrackerPriority,
  assigneeType: NullableString,
  assigneeId: NullableString,
  /** ISO time of the last activity (of the last update when none). */
  updatedAt: Type.String(),
});
export type DispatchIssueItem = Type.Static<typeof DispatchIssueItem>;

/** At most 50, most recent activity first. */
export const DispatchIssuesReply = Type.Object({ issues: Type.Array(DispatchIssueItem) });
export type DispatchIssuesReply = Type.Static<typeof DispatchIssuesReply>;

export const DispatchStatusesRequest = Type.Object(
  { workspaceId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type DispatchStatusesRequest = Type.Static<typeof DispatchStatusesRequest>;

/** The spec's Issue status item: `backlog`, `in_progress`, or a custom key, with its name. */
export const IssueStatusItem = Type.Object({ key: Type.String(), name: Type.String() });
export type IssueStatusItem = Type.Static<typeof IssueStatusItem>;

/** Board order; custom statuses in, archived ones out. */
export const DispatchStatusesReply = Type.Object({ statuses: Type.Array(IssueStatusItem) });
export type DispatchStatusesReply = Type.Static<typeof DispatchStatusesReply>;

/** `POST /tracker/uploads`: one image, base64 in `data` (a `data:` URL prefix is accepted). */
export const TrackerUploadRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 255 }),
    type: Type.String({ maxLength: 255 }),
    data: Type.String({ minLength: 1, maxLength: UPLOAD_BODY_LIMIT_BYTES }),
    workspaceId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type TrackerUploadRequest = Type.Static<typeof TrackerUploadRequest>;

/** The spec's Attachment: what a dispatch names to show an uploaded image. */
export const DispatchAttachment = Type.Object(
  {
    id: Id,
    filename: Type.String({ maxLength: 255 }),
    markdownUrl: Type.String({ minLength: 1, maxLength: 2048 }),
  },
  { additionalProperties: false },
);
export type DispatchAttachment = Type.Static<typeof DispatchAttachment>;

export const TrackerUploadReply = Type.Object({ attachment: DispatchAttachment });
export type TrackerUploadReply = Type.Static<typeof TrackerUploadReply>;

/**
 * `POST /tracker/dispatches`. Either a new issue written by an agent (`projectId` and `agentId`),
 * or a comment on an existing issue (`issueId`, no `projectId` nor `agentId`); anything else is
 * 400 `invalid_dispatch`. Words, images, or both; at most 8000 characters of words.
 */
export const DispatchRequest = Type.Object(
  {
    projectId: Type.Optional(Id),
    agentId: Type.Optional(Id),
    issueId: Type.Optional(Id),
    prompt: Type.Optional(Type.String({ maxLength: 4 * DISPATCH_PROMPT_MAX_CHARS })),
    attachments: Type.Optional(Type.Array(DispatchAttachment, { maxItems: 1000 })),
    workspaceId: Type.Optional(Id),
  },
  { additionalProperties: false },
);
export type DispatchRequest = Type.Static<typeof DispatchRequest>;

export const DispatchRecordKind = Type.Union([Type.Literal('issue'), Type.Literal('comment')]);
export type DispatchRecordKind = Type.Static<typeof DispatchRecordKind>;

export const DispatchRecordState = Type.Union([
  Type.Literal('creating'),
  Type.Literal('created'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
]);
export type DispatchRecordState = Type.Static<typeof DispatchRecordState>;

/** The spec's Dispatch record. Issue fields appear once known; `failureReason` only when failed. */
export const DispatchRecord = Type.Object({
  /** The quick-create task id (`issue`), or the comment id (`comment`). */
  id: Type.String(),
  kind: DispatchRecordKind,
  state: DispatchRecordState,
  /** The user's own words, without the appended image links. */
  prompt: Type.String(),
  images: Type.Number(),
  /** The agent writing the issue; for a comment, the issue's assigned agent ('' when none). */
  agentName: Type.String(),
  /** ISO time the dispatch was made. */
  createdAt: Type.String(),
  workspaceId: Type.String(),
  issueId: Type.Optional(Type.String()),
  identifier: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  status: Type.Optional(Type.String()),
  priority: Type.Optional(TrackerPriority),
  failureReason: Type.Optional(Type.String()),
});
export type DispatchRecord = Type.Static<typeof DispatchRecord>;

export const DispatchReply = Type.Object({ dispatch: DispatchRecord });
export type DispatchReply = Type.Static<typeof DispatchReply>;

/** At most 100, newest first. */
export const DispatchListReply = Type.Object({ dispatches: Type.Array(DispatchRecord) });
export type DispatchListReply = Type.Static<typeof DispatchListReply>;

/** `POST /tracker/dispatches/lookup` and `/cancel`. */
export const DispatchIdRequest = Type.Object({ id: Id }, { additionalProperties: false });
export type DispatchIdRequest = Type.Static<typeof DispatchIdRequest>;
