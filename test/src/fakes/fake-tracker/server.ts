import type { FastifyInstance } from 'fastify';
import { buildApp, type RecordedRequest } from './app.js';
import { registerControlRoutes } from './control.js';
import type { Core, TrackerEvent } from './core.js';
import {
  type Agent,
  type Comment,
  createState,
  type Issue,
  type IssueStatusDef,
  type Project,
  type Role,
  type Runtime,
  type Task,
  type TrackerState,
  type User,
  type Workspace,
} from './model.js';
import { RealtimeHub } from './realtime.js';
import { type SeedResult, seedDemo } from './seed.js';
import { commentJson, issueJson } from './serialize.js';
import * as statuses from './statuses.js';
import * as store from './store.js';
import { type FailOptions, type FinishOptions, TaskEngine } from './tasks.js';

export interface FakeTrackerOptions {
  /** Run `seedDemo` before listening (the CLI does). */
  seed?: boolean;
  port?: number;
  host?: string;
  /** Delay of each simulated task step; `false` = tests drive tasks by hand. Default 50 ms. */
  autoRunMs?: number | false;
  /** How long a socket may wait before its auth frame. Default 10 s, as Multica. */
  wsAuthTimeoutMs?: number;
  /** Clock for stored timestamps (epoch ms). */
  now?: () => number;
}

/** A broadcast frame plus the workspace it went to. */
export interface RecordedEvent extends TrackerEvent {
  workspaceId: string;
}

/**
 * A running fake Multica. Typical test:
 *
 *   const tracker = await startFakeTracker({ autoRunMs: false });
 *   const ws = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
 *   const { agent } = tracker.addAgent(ws.id, { name: 'Coder' });
 *   // point the daemon at tracker.url with tracker.token and X-Workspace-ID: ws.id …
 *   tracker.completeTask(taskId, { comment: 'Done' });
 *   expect(tracker.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
 *   await tracker.close();
 *
 * Helpers create rows directly (the default owner is `tracker.user`); `state` is the live model.
 */
export interface FakeTracker {
  url: string;
  wsUrl: string;
  state: TrackerState;
  /** The default user (owner of workspaces created without `ownerId`) and its PAT. */
  user: User;
  token: string;
  /** Every REST request received except `/__fake/*`, oldest first. */
  requests: RecordedRequest[];
  /** Every realtime frame broadcast, oldest first (whether or not a socket was there to get it). */
  events: RecordedEvent[];
  /** Present when started with `seed: true`. */
  seed?: SeedResult;
  app: FastifyInstance;
  /** The fake's clock (epoch ms). */
  now(): number;
  createUser(opts?: { name?: string; email?: string }): { user: User; token: string };
  issueToken(userId: string, opts?: { revoked?: boolean; expiresAt?: number | null }): string;
  createWorkspace(opts: { name: string; issuePrefix?: string; slug?: string; ownerId?: string }): Workspace;
  addMember(workspaceId: string, userId: string, role?: Role): void;
  addProject(workspaceId: string, opts: store.ProjectOptions): Project;
  addAgent(workspaceId: string, opts?: store.AgentOptions): { agent: Agent; runtime: Runtime | null };
  /** Publishes `issue:created`; `enqueueTask` also queues the assignee agent's `direct` task. */
  addIssue(workspaceId: string, opts: store.IssueOptions & { enqueueTask?: boolean }): Issue;
  /** A stored comment (publishes `comment:created`, wakes no agent). */
  addComment(issueId: string, opts: store.CommentOptions): Comment;
  addCustomStatus(workspaceId: string, opts: statuses.CustomStatusOptions): IssueStatusDef;
  setRuntimeOnline(
    runtimeId: string,
    online: boolean,
    offlineReason?: { code: string; detail: string },
  ): Runtime;
  advanceTask(taskId: string, opts?: FinishOptions): Task;
  completeTask(taskId: string, opts?: FinishOptions): Task;
  failTask(taskId: string, opts?: FailOptions): Task;
  cancelTask(taskId: string): Task;
  setAutoRun(ms: number | false): void;
  /** The next issue task finishing without its own text posts this reply. */
  queueAgentReply(text: string): void;
  tasks(filter?: { agentId?: string; issueId?: string; kind?: Task['kind'] }): Task[];
  /** Cut realtime sockets abruptly (code 1006); returns how many authenticated ones were cut. */
  dropSockets(workspaceId?: string): number;
  /** While true, `/ws` upgrades are answered 503. */
  refuseSockets(refuse: boolean): void;
  socketCount(workspaceId?: string): number;
  close(): Promise<void>;
}

export async function startFakeTracker(options: FakeTrackerOptions = {}): Promise<FakeTracker> {
  const state = createState();
  const now = options.now ?? Date.now;
  const events: RecordedEvent[] = [];
  const requests: RecordedRequest[] = [];
  let baseUrl = '';
  const hub = new RealtimeHub(state, now, options.wsAuthTimeoutMs);
  const core: Core = {
    state,
    now,
    publicUrl: () => baseUrl,
    emit: (workspaceId, event) => {
      events.push({ ...event, workspaceId });
      hub.broadcast(workspaceId, event);
    },
  };
  const engine = new TaskEngine(core, options.autoRunMs ?? 50);
  const owner = store.createUser(core, { name: 'Ada Owner', email: 'ada@example.test' });

  const requireIssue = (id: string) => {
    const issue = state.issues.get(id);
    if (!issue) throw new Error(`unknown issue ${id}`);
    return issue;
  };

  const tracker: FakeTracker = {
    url: '',
    wsUrl: '',
    state,
    user: owner.user,
    token: owner.token,
    requests,
    events,
    app: undefined as unknown as FastifyInstance,
    now,
    createUser: (opts) => store.createUser(core, opts),
    issueToken: (userId, opts) => store.issueToken(core, userId, opts),
    createWorkspace: (opts) =>
      store.createWorkspace(core, { ...opts, ownerId: opts.ownerId ?? owner.user.id }),
    addMember: (workspaceId, userId, role) => store.addMember(core, workspaceId, userId, role),
    addProject: (workspaceId, opts) => store.addProject(core, workspaceId, opts),
    addAgent: (workspaceId, opts) => store.addAgent(core, workspaceId, opts),
    addIssue: (workspaceId, opts) => {
      const issue = store.addIssue(core, workspaceId, opts);
      core.emit(workspaceId, {
        type: 'issue:created',
        payload: { issue: issueJson(state, issue, baseUrl) },
        actor_id: issue.creatorId,
        actor_type: issue.creatorType,
      });
      if (opts.enqueueTask) engine.enqueueForAssignment(issue);
      return issue;
    },
    addComment: (issueId, opts) => {
      const issue = requireIssue(issueId);
      const comment = store.insertComment(core, issue, opts);
      core.emit(issue.workspaceId, {
        type: 'comment:created',
        payload: {
          comment: commentJson(state, comment, baseUrl),
          issue_title: issue.title,
          issue_assignee_type: issue.assigneeType,
          issue_assignee_id: issue.assigneeId,
          issue_status: issue.status,
          issue_revision: issue.revision,
        },
        actor_id: comment.authorId,
        actor_type: comment.authorType,
      });
      return comment;
    },
    addCustomStatus: (workspaceId, opts) => statuses.addCustomStatus(core, workspaceId, opts),
    setRuntimeOnline: (runtimeId, online, offlineReason) => {
      const runtime = state.runtimes.get(runtimeId);
      if (!runtime) throw new Error(`unknown runtime ${runtimeId}`);
      runtime.status = online ? 'online' : 'offline';
      runtime.offlineReason = online ? null : (offlineReason ?? null);
      runtime.updatedAt = now();
      if (online) runtime.lastSeenAt = now();
      engine.runtimeChanged(runtimeId);
      return runtime;
    },
    advanceTask: (taskId, opts) => engine.advance(taskId, opts),
    completeTask: (taskId, opts) => engine.complete(taskId, opts),
    failTask: (taskId, opts) => engine.fail(taskId, opts),
    cancelTask: (taskId) => engine.cancel(taskId),
    setAutoRun: (ms) => engine.setAutoRun(ms),
    queueAgentReply: (text) => engine.queueReply(text),
    tasks: (filter = {}) =>
      [...state.tasks.values()].filter(
        (t) =>
          (!filter.agentId || t.agentId === filter.agentId) &&
          (filter.issueId === undefined || t.issueId === filter.issueId) &&
          (!filter.kind || t.kind === filter.kind),
      ),
    dropSockets: (workspaceId) => hub.drop(workspaceId),
    refuseSockets: (refuse) => {
      hub.refuse = refuse;
    },
    socketCount: (workspaceId) => hub.count(workspaceId),
    close: async () => {
      engine.close();
      hub.drop();
      await tracker.app.close();
    },
  };

  tracker.app = await buildApp({
    core,
    engine,
    hub,
    requests,
    control: (app) => registerControlRoutes(app, tracker),
  });
  const host = options.host ?? '127.0.0.1';
  await tracker.app.listen({ host, port: options.port ?? 0 });
  const address = tracker.app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  baseUrl = `http://${urlHost}:${port}`;
  tracker.url = baseUrl;
  tracker.wsUrl = `ws://${urlHost}:${port}/ws`;
  if (options.seed) tracker.seed = seedDemo(tracker);
  return tracker;
}
