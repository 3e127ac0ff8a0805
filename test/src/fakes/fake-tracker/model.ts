/**
 * The fake tracker's in-memory model. Times are epoch milliseconds and absent UUIDs are `null`
 * (or `''` where Multica itself stores an empty string); `serialize.ts` turns rows into wire JSON.
 * Maps keep insertion order, which is creation order.
 */

export const STATUS_CATEGORIES = [
  'backlog',
  'todo',
  'in_progress',
  'in_review',
  'done',
  'blocked',
  'cancelled',
] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

export const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const PROJECT_STATUSES = ['planned', 'in_progress', 'paused', 'completed', 'cancelled'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export type Role = 'owner' | 'admin' | 'member';

export interface User {
  id: string;
  name: string;
  email: string;
  createdAt: number;
  updatedAt: number;
}

export interface Pat {
  hash: string;
  userId: string;
  revoked: boolean;
  expiresAt: number | null;
}

export interface Workspace {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  issuePrefix: string;
  members: Map<string, Role>;
  /** Last issue number handed out; numbers are never reused. */
  issueCounter: number;
  createdAt: number;
  updatedAt: number;
}

export interface IssueStatusDef {
  id: string;
  workspaceId: string;
  key: string;
  name: string;
  description: string;
  category: StatusCategory;
  color: string;
  isSystem: boolean;
  position: number;
  archivedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface Project {
  id: string;
  workspaceId: string;
  title: string;
  description: string | null;
  icon: string | null;
  status: ProjectStatus;
  priority: Priority;
  leadType: 'member' | 'agent' | null;
  leadId: string | null;
  startDate: string | null;
  dueDate: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface Runtime {
  id: string;
  workspaceId: string;
  name: string;
  provider: string;
  status: 'online' | 'offline';
  ownerId: string | null;
  /** Reported by Multica's runtime daemon; quick-create refuses CLIs older than 0.2.21. */
  cliVersion: string;
  /** Daemon-reported reason; code `not_executable` makes the verdict `runtime_unusable`. */
  offlineReason: { code: string; detail: string } | null;
  lastSeenAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface Agent {
  id: string;
  workspaceId: string;
  /** `''` when no runtime is bound, as Multica emits it. */
  runtimeId: string;
  name: string;
  description: string;
  instructions: string;
  permissionMode: 'private' | 'public_to';
  ownerId: string | null;
  status: 'idle' | 'working';
  model: string;
  archivedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface Issue {
  id: string;
  workspaceId: string;
  number: number;
  title: string;
  description: string | null;
  status: string;
  priority: Priority;
  assigneeType: 'member' | 'agent' | null;
  assigneeId: string | null;
  creatorType: 'member' | 'agent';
  creatorId: string;
  parentIssueId: string | null;
  projectId: string | null;
  position: number;
  startDate: string | null;
  dueDate: string | null;
  revision: number;
  lastActivityAt: number | null;
  /** Set when a quick-create task made the issue; how the server links the task on completion. */
  originTaskId: string | null;
  createdAt: number;
  updatedAt: number;
}

export type CommentAuthorType = 'member' | 'agent' | 'system';

export interface Comment {
  id: string;
  issueId: string;
  authorType: CommentAuthorType;
  authorId: string;
  content: string;
  type: 'comment' | 'progress_update' | 'status_change' | 'system';
  parentId: string | null;
  sourceTaskId: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface Attachment {
  id: string;
  workspaceId: string;
  issueId: string | null;
  commentId: string | null;
  uploaderId: string;
  filename: string;
  contentType: string;
  bytes: Buffer;
  createdAt: number;
}

export const TERMINAL_TASK_STATUSES = ['completed', 'failed', 'cancelled'] as const;
export type TaskStatus = 'queued' | 'dispatched' | 'running' | (typeof TERMINAL_TASK_STATUSES)[number];
export type TaskKind = 'quick_create' | 'direct' | 'comment';

/** What a quick-create request asked for; rides in the task until the agent creates the issue. */
export interface QuickCreateContext {
  prompt: string;
  requesterId: string;
  projectId: string | null;
  parentIssueId: string | null;
  priority: Priority | null;
  dueDate: string | null;
  attachmentIds: string[];
}

export interface Task {
  id: string;
  workspaceId: string;
  agentId: string;
  runtimeId: string;
  /** `''` until the task is linked to an issue (quick-create) — Multica's own convention. */
  issueId: string;
  status: TaskStatus;
  kind: TaskKind;
  priority: number;
  dispatchedAt: number | null;
  startedAt: number | null;
  completedAt: number | null;
  result: unknown;
  error: string | null;
  failureReason: string;
  attempt: number;
  maxAttempts: number;
  triggerCommentId: string | null;
  coalescedCommentIds: string[];
  quickCreate: QuickCreateContext | null;
  /** Text the simulated agent posts when this task completes (set by tests). */
  reply: string | null;
  createdAt: number;
}

export interface TrackerState {
  users: Map<string, User>;
  /** Keyed by SHA-256 hex of the token. */
  pats: Map<string, Pat>;
  workspaces: Map<string, Workspace>;
  statuses: Map<string, IssueStatusDef>;
  projects: Map<string, Project>;
  runtimes: Map<string, Runtime>;
  agents: Map<string, Agent>;
  issues: Map<string, Issue>;
  comments: Map<string, Comment>;
  attachments: Map<string, Attachment>;
  tasks: Map<string, Task>;
}

export function createState(): TrackerState {
  return {
    users: new Map(),
    pats: new Map(),
    workspaces: new Map(),
    statuses: new Map(),
    projects: new Map(),
    runtimes: new Map(),
    agents: new Map(),
    issues: new Map(),
    comments: new Map(),
    attachments: new Map(),
    tasks: new Map(),
  };
}

export function isTerminal(status: TaskStatus): boolean {
  return (TERMINAL_TASK_STATUSES as readonly string[]).includes(status);
}
