import { type Static, Type } from 'typebox';

/**
 * TypeBox schemas of the Multica answers the daemon reads, in the tracker's own snake_case (facts
 * from `shared/reference/tracker-api.md`). A field is required when the daemon cannot do its work
 * without it; fields it only passes along are optional but, when present, must have their type.
 * Unknown fields are allowed: Multica adds fields, and an answer must not fail for that.
 *
 * Quirk to keep in mind: several UUID-ish fields are `""` (not `null`) when unset — agent
 * `runtime_id`, task `runtime_id` and `issue_id`. Test truthiness, never `=== null`.
 */

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Text = Type.String();
const NullableText = Nullable(Type.String());

/** `urgent` … `none`, in board sort rank order. */
export const TrackerPrioritySchema = Type.Union([
  Type.Literal('urgent'),
  Type.Literal('high'),
  Type.Literal('medium'),
  Type.Literal('low'),
  Type.Literal('none'),
]);

/** `GET /api/workspaces` items (a bare array). */
export const TrackerWorkspaceSchema = Type.Object({
  id: Text,
  name: Text,
  slug: Text,
  /** `[A-Z0-9]{1,10}`; identifiers are `<issue_prefix>-<number>`. */
  issue_prefix: Text,
  description: Type.Optional(NullableText),
  avatar_url: Type.Optional(NullableText),
  created_at: Type.Optional(Text),
  updated_at: Type.Optional(Text),
});

/**
 * An attachment from `POST /api/upload-file` (200, not 201) or inside an issue or comment.
 * Degenerate success exists: when the DB row failed the tracker answers `{id: "", url, filename}`
 * only, so check `id` before use.
 */
export const TrackerAttachmentSchema = Type.Object({
  /** `""` in the degenerate success case. */
  id: Text,
  filename: Text,
  /** Raw storage URL; may be private or relative. */
  url: Text,
  workspace_id: Type.Optional(Text),
  issue_id: Type.Optional(NullableText),
  comment_id: Type.Optional(NullableText),
  /** Short-lived; never persist. */
  download_url: Type.Optional(Text),
  /** Durable URL meant for markdown: `![<filename>](<markdown_url>)`. */
  markdown_url: Type.Optional(Text),
  content_type: Type.Optional(Text),
  size_bytes: Type.Optional(Type.Number()),
  created_at: Type.Optional(Text),
});

/** An issue (`IssueResponse`) from `GET /api/issues` or `GET /api/issues/{id}`. */
export const TrackerIssueSchema = Type.Object({
  id: Text,
  /** `<issue_prefix>-<number>`, e.g. `ACME-42`. */
  identifier: Text,
  title: Text,
  /** A status key: one of the 7 built-ins or a workspace's custom key. */
  status: Text,
  priority: TrackerPrioritySchema,
  updated_at: Text,
  /** Per-workspace sequence starting at 1; also the tail of `identifier`. */
  number: Type.Optional(Type.Number()),
  workspace_id: Type.Optional(Text),
  description: Type.Optional(NullableText),
  /** Omitted when empty; equals `status` for built-ins. */
  status_category: Type.Optional(Text),
  assignee_type: Type.Optional(
    Type.Union([Type.Literal('member'), Type.Literal('agent'), Type.Literal('squad'), Type.Null()]),
  ),
  assignee_id: Type.Optional(NullableText),
  creator_type: Type.Optional(Type.Union([Type.Literal('member'), Type.Literal('agent')])),
  creator_id: Type.Optional(Text),
  parent_issue_id: Type.Optional(NullableText),
  project_id: Type.Optional(NullableText),
  created_at: Type.Optional(Text),
  /** RFC3339 with nanoseconds; `null` on old rows. */
  last_activity_at: Type.Optional(NullableText),
  /** Detail responses only, and omitted when there are none. */
  attachments: Type.Optional(Type.Array(TrackerAttachmentSchema)),
});

/** `GET /api/issues` answer (wrapped, unlike most lists). `total` ignores limit/offset. */
export const TrackerIssueListSchema = Type.Object({
  issues: Type.Array(Type.Unknown()),
  total: Type.Optional(Type.Number()),
});

/** The seven built-in status keys, which are also the categories, in board order. */
export const TrackerStatusCategorySchema = Type.Union([
  Type.Literal('backlog'),
  Type.Literal('todo'),
  Type.Literal('in_progress'),
  Type.Literal('in_review'),
  Type.Literal('done'),
  Type.Literal('blocked'),
  Type.Literal('cancelled'),
]);

/** One entry of `GET /api/issue-statuses` → `statuses` (board order; archived ones left out). */
export const TrackerIssueStatusSchema = Type.Object({
  key: Text,
  name: Text,
  category: TrackerStatusCategorySchema,
  id: Type.Optional(Text),
  workspace_id: Type.Optional(Text),
  description: Type.Optional(NullableText),
  /** Hex colour, e.g. `#f59e0b`. */
  color: Type.Optional(Text),
  /** True for the 7 built-ins. */
  is_system: Type.Optional(Type.Boolean()),
  /** Order *within* its category (float). */
  position: Type.Optional(Type.Number()),
  archived_at: Type.Optional(NullableText),
});

export const TrackerIssueStatusListSchema = Type.Object({ statuses: Type.Array(Type.Unknown()) });

export const TrackerProjectStatusSchema = Type.Union([
  Type.Literal('planned'),
  Type.Literal('in_progress'),
  Type.Literal('paused'),
  Type.Literal('completed'),
  Type.Literal('cancelled'),
]);

/** A project from `GET /api/projects` (wrapped `{projects, total}`) or `GET /api/projects/{id}`. */
export const TrackerProjectSchema = Type.Object({
  id: Text,
  title: Text,
  status: TrackerProjectStatusSchema,
  priority: TrackerPrioritySchema,
  workspace_id: Type.Optional(Text),
  description: Type.Optional(NullableText),
  icon: Type.Optional(NullableText),
  created_at: Type.Optional(Text),
  updated_at: Type.Optional(Text),
  issue_count: Type.Optional(Type.Number()),
  done_count: Type.Optional(Type.Number()),
});

export const TrackerProjectListSchema = Type.Object({ projects: Type.Array(Type.Unknown()) });

/** An agent from `GET /api/agents` (bare array) or `GET /api/agents/{id}`. */
export const TrackerAgentSchema = Type.Object({
  id: Text,
  name: Text,
  /** `""` (not null) when no runtime is bound. */
  runtime_id: Text,
  archived_at: NullableText,
  workspace_id: Type.Optional(Text),
  description: Type.Optional(Text),
  avatar_url: Type.Optional(NullableText),
  runtime_bound: Type.Optional(Type.Boolean()),
  /** Work state (`idle`, `working`, …); says nothing about the machine being online. */
  status: Type.Optional(Text),
  owner_id: Type.Optional(NullableText),
  created_at: Type.Optional(Text),
  updated_at: Type.Optional(Text),
});

/** A runtime from `GET /api/runtimes` (bare array). An agent is dispatchable when its runtime is `online`. */
export const TrackerRuntimeSchema = Type.Object({
  id: Text,
  status: Type.Union([Type.Literal('online'), Type.Literal('offline')]),
  workspace_id: Type.Optional(Text),
  name: Type.Optional(Text),
  custom_name: Type.Optional(NullableText),
  provider: Type.Optional(Text),
  /** e.g. `cli_version`, `offline_reason`. */
  metadata: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  last_seen_at: Type.Optional(NullableText),
  created_at: Type.Optional(Text),
  updated_at: Type.Optional(Text),
});

/** Non-terminal: queued, dispatched, running, waiting_local_directory, deferred. */
export const TrackerTaskStatusSchema = Type.Union([
  Type.Literal('queued'),
  Type.Literal('dispatched'),
  Type.Literal('running'),
  Type.Literal('waiting_local_directory'),
  Type.Literal('deferred'),
  Type.Literal('completed'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
]);

/** `quick_create` until the created issue is linked, then `direct`. */
export const TrackerTaskKindSchema = Type.Union([
  Type.Literal('chat'),
  Type.Literal('autopilot'),
  Type.Literal('quick_create'),
  Type.Literal('comment'),
  Type.Literal('direct'),
]);

/** A task (`AgentTaskResponse`) from agent task lists, issue task runs, or a cancel. */
export const TrackerTaskSchema = Type.Object({
  id: Text,
  agent_id: Text,
  /** `""` (not null) when the task has no issue: chat tasks, and quick-create tasks until linked. */
  issue_id: Text,
  status: TrackerTaskStatusSchema,
  /** Set on completed, failed and cancelled. */
  completed_at: NullableText,
  created_at: Text,
  kind: Type.Optional(TrackerTaskKindSchema),
  /** `""` when not set. */
  runtime_id: Type.Optional(Text),
  workspace_id: Type.Optional(Text),
  dispatched_at: Type.Optional(NullableText),
  started_at: Type.Optional(NullableText),
  /** The run's reported result, e.g. `{output: "…"}`. */
  result: Type.Optional(Type.Unknown()),
  error: Type.Optional(NullableText),
  /** Omitted when empty. */
  failure_reason: Type.Optional(Text),
  /** Omitted when none: the comment that started the run. */
  trigger_comment_id: Type.Optional(Text),
  /** Omitted when empty; present ⇒ chat task. */
  chat_session_id: Type.Optional(Text),
});

/** A comment (`CommentResponse`) from `GET|POST /api/issues/{id}/comments`. */
export const TrackerCommentSchema = Type.Object({
  id: Text,
  /** Markdown. */
  content: Text,
  issue_id: Type.Optional(Text),
  author_type: Type.Optional(
    Type.Union([
      Type.Literal('member'),
      Type.Literal('agent'),
      Type.Literal('system'),
      Type.Literal('plugin'),
    ]),
  ),
  author_id: Type.Optional(Text),
  type: Type.Optional(Text),
  /** The exact comment replied to; null for a top-level comment. */
  parent_id: Type.Optional(NullableText),
  /** Omitted when null; set on every comment an agent posts while running a task. */
  source_task_id: Type.Optional(Text),
  attachments: Type.Optional(Type.Array(TrackerAttachmentSchema)),
  created_at: Type.Optional(Text),
  updated_at: Type.Optional(Text),
});

/** `POST /api/issues/quick-create` answer (202): the issue does not exist yet. */
export const TrackerQuickCreateResultSchema = Type.Object({ task_id: Type.String({ minLength: 1 }) });

export type TrackerPriority = Static<typeof TrackerPrioritySchema>;
export type TrackerWorkspace = Static<typeof TrackerWorkspaceSchema>;
export type TrackerAttachment = Static<typeof TrackerAttachmentSchema>;
export type TrackerIssue = Static<typeof TrackerIssueSchema>;
export type TrackerStatusCategory = Static<typeof TrackerStatusCategorySchema>;
export type TrackerIssueStatus = Static<typeof TrackerIssueStatusSchema>;
export type TrackerProjectStatus = Static<typeof TrackerProjectStatusSchema>;
export type TrackerProject = Static<typeof TrackerProjectSchema>;
export type TrackerAgent = Static<typeof TrackerAgentSchema>;
export type TrackerRuntime = Static<typeof TrackerRuntimeSchema>;
export type TrackerTaskStatus = Static<typeof TrackerTaskStatusSchema>;
export type TrackerTaskKind = Static<typeof TrackerTaskKindSchema>;
export type TrackerTask = Static<typeof TrackerTaskSchema>;
export type TrackerComment = Static<typeof TrackerCommentSchema>;
export type TrackerQuickCreateResult = Static<typeof TrackerQuickCreateResultSchema>;

/** `GET /api/issues` answer, its items parsed. */
export interface TrackerIssueList {
  issues: TrackerIssue[];
  total: number;
}
