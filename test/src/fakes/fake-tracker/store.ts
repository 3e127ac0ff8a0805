import type { Core } from './core.js';
import { hashToken, newPat, uuidv7 } from './ids.js';
import type {
  Agent,
  Comment,
  Issue,
  Priority,
  Project,
  ProjectStatus,
  Role,
  Runtime,
  User,
  Workspace,
} from './model.js';
import { requireWorkspace } from './queries.js';
import { seedBuiltinStatuses, statusCategoryOf } from './statuses.js';

export function createUser(
  core: Core,
  opts: { name?: string; email?: string } = {},
): { user: User; token: string } {
  const now = core.now();
  const id = uuidv7(now);
  const name = opts.name ?? `User ${core.state.users.size + 1}`;
  const user: User = {
    id,
    name,
    email: opts.email ?? `user${core.state.users.size + 1}@example.test`,
    createdAt: now,
    updatedAt: now,
  };
  core.state.users.set(id, user);
  return { user, token: issueToken(core, id) };
}

/** Mint another PAT for a user; `expiresAt` in the past or `revoked` make it answer 401 `invalid token`. */
export function issueToken(
  core: Core,
  userId: string,
  opts: { revoked?: boolean; expiresAt?: number | null } = {},
): string {
  const token = newPat();
  core.state.pats.set(hashToken(token), {
    hash: hashToken(token),
    userId,
    revoked: opts.revoked ?? false,
    expiresAt: opts.expiresAt ?? null,
  });
  return token;
}

export interface WorkspaceOptions {
  name: string;
  /** 1–10 of `[A-Z0-9]`; defaults to the first 4 alphanumerics of the slug, uppercased, as Multica does. */
  issuePrefix?: string;
  slug?: string;
  description?: string | null;
  ownerId: string;
}

export function createWorkspace(core: Core, opts: WorkspaceOptions): Workspace {
  const now = core.now();
  const slug =
    opts.slug ??
    opts.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  const prefix =
    opts.issuePrefix ??
    (slug
      .replace(/[^a-z0-9]/g, '')
      .slice(0, 4)
      .toUpperCase() ||
      'WS');
  const ws: Workspace = {
    id: uuidv7(now),
    name: opts.name,
    slug,
    description: opts.description ?? null,
    issuePrefix: prefix,
    members: new Map([[opts.ownerId, 'owner']]),
    issueCounter: 0,
    createdAt: now,
    updatedAt: now,
  };
  core.state.workspaces.set(ws.id, ws);
  seedBuiltinStatuses(core, ws.id);
  return ws;
}

export function addMember(core: Core, workspaceId: string, userId: string, role: Role = 'member'): void {
  requireWorkspace(core.state, workspaceId).members.set(userId, role);
}

export interface ProjectOptions {
  title: string;
  description?: string | null;
  icon?: string | null;
  status?: ProjectStatus;
  priority?: Priority;
}

export function addProject(core: Core, workspaceId: string, opts: ProjectOptions): Project {
  requireWorkspace(core.state, workspaceId);
  const now = core.now();
  const project: Project = {
    id: uuidv7(now),
    workspaceId,
    title: opts.title,
    description: opts.description ?? null,
    icon: opts.icon ?? null,
    status: opts.status ?? 'in_progress',
    priority: opts.priority ?? 'none',
    leadType: null,
    leadId: null,
    startDate: null,
    dueDate: null,
    createdAt: now,
    updatedAt: now,
  };
  core.state.projects.set(project.id, project);
  return project;
}

export interface AgentOptions {
  name?: string;
  description?: string;
  /** Default true. Ignored with `noRuntime`. */
  runtimeOnline?: boolean;
  /** Agent with `runtime_id: ""`: quick-create answers 422 `agent_runtime_required`. */
  noRuntime?: boolean;
  permissionMode?: 'private' | 'public_to';
  ownerId?: string | null;
  cliVersion?: string;
  provider?: string;
  archived?: boolean;
}

export function addAgent(
  core: Core,
  workspaceId: string,
  opts: AgentOptions = {},
): { agent: Agent; runtime: Runtime | null } {
  const ws = requireWorkspace(core.state, workspaceId);
  const now = core.now();
  const ownerId = opts.ownerId === undefined ? ([...ws.members.keys()][0] ?? null) : opts.ownerId;
  let runtime: Runtime | null = null;
  if (!opts.noRuntime) {
    const online = opts.runtimeOnline ?? true;
    runtime = {
      id: uuidv7(now),
      workspaceId,
      name: `${opts.name ?? 'agent'} runtime`,
      provider: opts.provider ?? 'claude',
      status: online ? 'online' : 'offline',
      ownerId,
      cliVersion: opts.cliVersion ?? '0.5.0',
      offlineReason: null,
      lastSeenAt: now,
      createdAt: now,
      updatedAt: now,
    };
    core.state.runtimes.set(runtime.id, runtime);
  }
  const agent: Agent = {
    id: uuidv7(now),
    workspaceId,
    runtimeId: runtime?.id ?? '',
    name: opts.name ?? `Agent ${core.state.agents.size + 1}`,
    description: opts.description ?? '',
    instructions: '',
    permissionMode: opts.permissionMode ?? 'public_to',
    ownerId,
    status: 'idle',
    model: 'fake-model',
    archivedAt: opts.archived ? now : null,
    createdAt: now,
    updatedAt: now,
  };
  core.state.agents.set(agent.id, agent);
  return { agent, runtime };
}

export interface IssueOptions {
  title: string;
  description?: string | null;
  status?: string;
  priority?: Priority;
  projectId?: string | null;
  assignee?: { type: 'member' | 'agent'; id: string } | null;
  creator?: { type: 'member' | 'agent'; id: string };
  parentIssueId?: string | null;
  dueDate?: string | null;
  startDate?: string | null;
  /** Epoch ms; `null` models old rows. Defaults to the creation time. */
  lastActivityAt?: number | null;
  createdAt?: number;
  position?: number;
  originTaskId?: string | null;
}

/** Insert an issue (number from the workspace counter) and publish `issue:created`. */
export function addIssue(core: Core, workspaceId: string, opts: IssueOptions): Issue {
  const ws = requireWorkspace(core.state, workspaceId);
  const status = opts.status ?? 'todo';
  if (!statusCategoryOf(core.state, workspaceId, status)) throw new Error(`unknown status ${status}`);
  const createdAt = opts.createdAt ?? core.now();
  ws.issueCounter += 1;
  const creator = opts.creator ?? { type: 'member' as const, id: [...ws.members.keys()][0] ?? '' };
  const issue: Issue = {
    id: uuidv7(core.now()),
    workspaceId,
    number: ws.issueCounter,
    title: opts.title,
    description: opts.description ?? null,
    status,
    priority: opts.priority ?? 'none',
    assigneeType: opts.assignee?.type ?? null,
    assigneeId: opts.assignee?.id ?? null,
    creatorType: creator.type,
    creatorId: creator.id,
    parentIssueId: opts.parentIssueId ?? null,
    projectId: opts.projectId ?? null,
    position: opts.position ?? ws.issueCounter * 1024,
    startDate: opts.startDate ?? null,
    dueDate: opts.dueDate ?? null,
    revision: 1,
    lastActivityAt: opts.lastActivityAt === undefined ? createdAt : opts.lastActivityAt,
    originTaskId: opts.originTaskId ?? null,
    createdAt,
    updatedAt: createdAt,
  };
  core.state.issues.set(issue.id, issue);
  return issue;
}

export interface CommentOptions {
  content: string;
  author: { type: 'member' | 'agent' | 'system'; id: string };
  parentId?: string | null;
  sourceTaskId?: string | null;
  type?: Comment['type'];
  createdAt?: number;
}

/** Insert a comment and bump the issue's activity; the caller publishes `comment:created`. */
export function insertComment(core: Core, issue: Issue, opts: CommentOptions): Comment {
  const createdAt = opts.createdAt ?? core.now();
  const comment: Comment = {
    id: uuidv7(core.now()),
    issueId: issue.id,
    authorType: opts.author.type,
    authorId: opts.author.id,
    content: opts.content,
    type: opts.type ?? 'comment',
    parentId: opts.parentId ?? null,
    sourceTaskId: opts.sourceTaskId ?? null,
    createdAt,
    updatedAt: createdAt,
  };
  core.state.comments.set(comment.id, comment);
  issue.lastActivityAt = Math.max(issue.lastActivityAt ?? 0, createdAt);
  return comment;
}
