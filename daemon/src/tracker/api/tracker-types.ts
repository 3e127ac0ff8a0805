/**
 * Wire types of the Multica tracker, exactly as its JSON names them (snake_case), for the subset
 * the daemon reads and writes. Facts from `shared/reference/tracker-api.md`; fields a client does
 * not use are left out (they still arrive at runtime). Timestamps are RFC3339 strings.
 *
 * Quirk to keep in mind: several UUID-ish fields are `""` (not `null`) when unset — agent
 * `runtime_id`, task `runtime_id` and `issue_id`. Test truthiness, never `=== null`.
 */

/** `urgent` … `none`, in board sort rank order. */
export type TrackerPriority = 'urgent' | 'high' | 'medium' | 'low' | 'none';

/** `GET /api/workspaces` items (a bare array). */
export interface TrackerWorkspace {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  /** `[A-Z0-9]{1,10}`; identifiers are `<issue_prefix>-<number>`. */
  issue_prefix: string;
  avatar_url: string | null;
  created_at: string;
  updated_at: string;
}

/** An issue (`IssueResponse`) from `GET /api/issues` or `GET /api/issues/{id}`. */
export interface TrackerIssue {
  id: string;
  workspace_id: string;
  /** Per-workspace sequence starting at 1. */
  number: number;
  /** `<issue_prefix>-<number>`, e.g. `ACME-42`. */
  identifier: string;
  title: string;
  description: string | null;
  /** A status key: one of the 7 built-ins or a workspace's custom key. */
  status: string;
  /** Omitted when empty; equals `status` for built-ins. */
  status_category?: string;
  priority: TrackerPriority;
  assignee_type: 'member' | 'agent' | 'squad' | null;
  assignee_id: string | null;
  creator_type: 'member' | 'agent';
  creator_id: string;
  parent_issue_id: string | null;
  project_id: string | null;
  created_at: string;
  updated_at: string;
  /** RFC3339 with nanoseconds; `null` on old rows. */
  last_activity_at: string | null;
  /** Detail responses only, and omitted when there are none. */
  attachments?: TrackerAttachment[];
}

/** `GET /api/issues` answer (wrapped, unlike most lists). `total` ignores limit/offset. */
export interface TrackerIssueList {
  issues: TrackerIssue[];
  total: number;
}

/** The seven built-in status keys, which are also the categories, in board order. */
export type TrackerStatusCategory =
  | 'backlog'
  | 'todo'
  | 'in_progress'
  | 'in_review'
  | 'done'
  | 'blocked'
  | 'cancelled';

/** One entry of `GET /api/issue-statuses` → `statuses`. */
export interface TrackerIssueStatus {
  id: string;
  workspace_id: string;
  key: string;
  name: string;
  description: string | null;
  category: TrackerStatusCategory;
  /** Hex colour, e.g. `#f59e0b`. */
  color: string;
  /** True for the 7 built-ins. */
  is_system: boolean;
  /** Order *within* its category (float). */
  position: number;
  /** Archived statuses only come back with `?include_archived=true`. */
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

export type TrackerProjectStatus = 'planned' | 'in_progress' | 'paused' | 'completed' | 'cancelled';

/** A project from `GET /api/projects` (wrapped `{projects, total}`) or `GET /api/projects/{id}`. */
export interface TrackerProject {
  id: string;
  workspace_id: string;
  title: string;
  description: string | null;
  icon: string | null;
  status: TrackerProjectStatus;
  priority: TrackerPriority;
  created_at: string;
  updated_at: string;
  issue_count: number;
  done_count: number;
}

/** An agent from `GET /api/agents` (bare array) or `GET /api/agents/{id}`. */
export interface TrackerAgent {
  id: string;
  workspace_id: string;
  name: string;
  description: string;
  avatar_url: string | null;
  /** `""` (not null) when no runtime is bound. */
  runtime_id: string;
  runtime_bound?: boolean;
  /** Work state (`idle`, `working`, …); says nothing about the machine being online. */
  status: string;
  owner_id: string | null;
  archived_at: string | null;
  created_at: string;
  updated_at: string;
}

/** A runtime from `GET /api/runtimes` (bare array). An agent is dispatchable when its runtime is `online`. */
export interface TrackerRuntime {
  id: string;
  workspace_id: string;
  name: string;
  custom_name: string | null;
  provider: string;
  status: 'online' | 'offline';
  /** e.g. `cli_version`, `offline_reason`. */
  metadata: Record<string, unknown>;
  last_seen_at: string | null;
  created_at: string;
  updated_at: string;
}

/** Non-terminal: queued, dispatched, running, waiting_local_directory, deferred. */
export type TrackerTaskStatus =
  | 'queued'
  | 'dispatched'
  | 'running'
  | 'waiting_local_directory'
  | 'deferred'
  | 'completed'
  | 'failed'
  | 'cancelled';

/** `quick_create` until the created issue is linked, then `direct`. */
export type TrackerTaskKind = 'chat' | 'autopilot' | 'quick_create' | 'comment' | 'direct';

/** A task (`AgentTaskResponse`) from agent task lists, issue task runs, or a cancel. */
export interface TrackerTask {
  id: string;
  agent_id: string;
  /** `""` when not set. */
  runtime_id: string;
  /** `""` (not null) when the task has no issue: chat tasks, and quick-create tasks until linked. */
  issue_id: string;
  workspace_id: string;
  status: TrackerTaskStatus;
  kind: TrackerTaskKind;
  dispatched_at: string | null;
  started_at: string | null;
  /** Set on completed, failed and cancelled. */
  completed_at: string | null;
  error: string | null;
  /** Omitted when empty. */
  failure_reason?: string;
  /** Omitted when none: the comment that started the run. */
  trigger_comment_id?: string;
  /** Omitted when empty; present ⇒ chat task. */
  chat_session_id?: string;
  created_at: string;
}

/** A comment (`CommentResponse`) from `GET|POST /api/issues/{id}/comments`. */
export interface TrackerComment {
  id: string;
  issue_id: string;
  author_type: 'member' | 'agent' | 'system' | 'plugin';
  author_id: string;
  /** Markdown. */
  content: string;
  type: 'comment' | 'progress_update' | 'status_change' | 'system';
  /** The exact comment replied to; null for a top-level comment. */
  parent_id: string | null;
  /** Omitted when null; set on every comment an agent posts while running a task. */
  source_task_id?: string;
  attachments?: TrackerAttachment[];
  created_at: string;
  updated_at: string;
}

/**
 * An attachment from `POST /api/upload-file` (200, not 201). Degenerate success exists: when the
 * DB row failed the tracker answers `{id: "", url, filename}` only, so check `id` before use.
 */
export interface TrackerAttachment {
  /** `""` in the degenerate success case. */
  id: string;
  workspace_id?: string;
  issue_id?: string | null;
  comment_id?: string | null;
  filename: string;
  /** Raw storage URL; may be private or relative. */
  url: string;
  /** Short-lived; never persist. */
  download_url?: string;
  /** Durable URL meant for markdown: `![<filename>](<markdown_url>)`. */
  markdown_url?: string;
  content_type?: string;
  size_bytes?: number;
  created_at?: string;
}

/** `POST /api/issues/quick-create` body. Exactly one of `agent_id` / `squad_id` on the wire; we only use agents. */
export interface TrackerQuickCreateInput {
  prompt: string;
  agent_id: string;
  project_id?: string;
  attachment_ids?: string[];
}

/** `POST /api/issues/quick-create` answer (202): the issue does not exist yet. */
export interface TrackerQuickCreateResult {
  task_id: string;
}

/** `POST /api/issues/{id}/comments` body. */
export interface TrackerCreateCommentInput {
  content: string;
  parent_id?: string;
  attachment_ids?: string[];
}

/** Query of `GET /api/issues` the daemon uses; keys are ours, mapped to the wire in the client. */
export interface TrackerIssueQuery {
  projectId?: string;
  /** e.g. `last_activity` (DESC by default, nulls last), `updated_at`, `position`. */
  sort?: string;
  direction?: 'asc' | 'desc';
  /** Capped at 100 by the tracker. */
  limit?: number;
  offset?: number;
  /** Every word in the title, or an issue number (`42`, `ACME-42`). */
  q?: string;
  /** Status keys; sent as `statuses=a,b`. */
  statuses?: string[];
}

/** One file for `POST /api/upload-file` (part `file`). */
export interface TrackerUploadInput {
  filename: string;
  contentType: string;
  data: Uint8Array;
}
