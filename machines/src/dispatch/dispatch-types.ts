import type { IssuePriority } from '../call-queue/call-queue-types';

/** `issue`: the agent writes a new issue by smart creation; `comment`: words posted on an existing one. */
export type DispatchKind = 'issue' | 'comment';

/** The spec's four dispatch states. */
export type DispatchState = 'creating' | 'created' | 'failed' | 'cancelled';

/** Tracker task statuses (tracker API §5.6). */
export type TrackerTaskStatus =
  | 'queued'
  | 'dispatched'
  | 'running'
  | 'waiting_local_directory'
  | 'deferred'
  | 'completed'
  | 'failed'
  | 'cancelled';

/** What a refresh read of the agent's task says, in the tracker's own terms. */
export interface ObservedTask {
  status: TrackerTaskStatus;
  /** The created issue's id; the tracker sends `""`, not null, until the task is linked. */
  issueId: string;
  /** RFC 3339; set on completed, failed and cancelled tasks. */
  completedAt: string | null;
  /** The tracker's failure message, if any. */
  error?: string | null;
}

/** What a refresh read of the dispatch's issue says. */
export interface ObservedIssue {
  id: string;
  /** `<PREFIX>-<number>`, e.g. `ACME-42`. */
  identifier: string;
  title: string;
  /** Status key, custom ones included. */
  status: string;
  priority: IssuePriority;
  /** RFC 3339. */
  updatedAt: string;
}

export interface DispatchInput {
  /** The quick-create task id (`issue`) or the comment id (`comment`). */
  id: string;
  kind: DispatchKind;
  workspaceId: string;
  /** The quick-create task whose refresh reads move an `issue` dispatch. */
  taskId?: string;
  /** The commented issue (`comment`). */
  issueId?: string;
  projectId?: string;
  agentId?: string;
  /** The agent that writes the issue, or the commented issue's assignee ('' when none). */
  agentName: string;
  /** The user's own words, without the appended image links. */
  prompt: string;
  /** Number of images. */
  images: number;
  /** Ms since the epoch. */
  createdAt: number;
}

/** Plain JSON (nulls, no undefined), so `getPersistedSnapshot()` round-trips through a file. */
export interface DispatchContext {
  schemaVersion: 1;
  id: string;
  kind: DispatchKind;
  workspaceId: string;
  taskId: string | null;
  projectId: string | null;
  agentId: string | null;
  agentName: string;
  prompt: string;
  images: number;
  createdAt: number;
  /** The created (`issue`) or commented (`comment`) issue, once known. */
  issueId: string | null;
  identifier: string | null;
  title: string | null;
  issueStatus: string | null;
  priority: IssuePriority | null;
  /** The `updatedAt` of the issue read shown, so an older read arriving late is ignored. */
  issueUpdatedAt: string | null;
  /**
   * When the task was first seen completed without an issue, ms since the epoch: the tracker's
   * `completedAt`, or the observation time when that is missing or unreadable.
   */
  taskCompletedAt: number | null;
  failureReason: string | null;
}

export type DispatchEvent =
  /** A refresh (list or lookup) read the agent's task; `now` is the read time, ms since the epoch. */
  | { type: 'task.observed'; task: ObservedTask; now: number }
  /** A refresh read the dispatch's issue: the shown title, status and priority follow it. */
  | { type: 'issue.observed'; issue: ObservedIssue }
  /**
   * The tracker cancelled the task (`POST /api/tasks/{id}/cancel` answered a `cancelled` task).
   * The host calls the tracker first, and only while `can({ type: 'cancel.confirmed' })`.
   */
  | { type: 'cancel.confirmed' };
