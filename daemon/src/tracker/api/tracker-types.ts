/**
 * What the daemon sends to the Multica tracker, and the answer types it reads (those are the
 * static types of the TypeBox schemas in `tracker-schemas.ts`, re-exported here).
 */
export type {
  TrackerAgent,
  TrackerAttachment,
  TrackerComment,
  TrackerIssue,
  TrackerIssueList,
  TrackerIssueStatus,
  TrackerPriority,
  TrackerProject,
  TrackerProjectStatus,
  TrackerQuickCreateResult,
  TrackerRuntime,
  TrackerStatusCategory,
  TrackerTask,
  TrackerTaskKind,
  TrackerTaskStatus,
  TrackerWorkspace,
} from './tracker-schemas';

/** `POST /api/issues/quick-create` body. Exactly one of `agent_id` / `squad_id` on the wire; we only use agents. */
export interface TrackerQuickCreateInput {
  prompt: string;
  agent_id: string;
  project_id?: string;
  attachment_ids?: string[];
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
