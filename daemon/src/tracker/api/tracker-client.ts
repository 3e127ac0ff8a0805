import { Blob } from 'node:buffer';
import { setTimeout as delay } from 'node:timers/promises';
import { type Dispatcher, FormData } from 'undici';
import type { Logger } from '../../log/logger';
import { withReadRetries } from './read-retry';
import { TrackerRequestError } from './tracker-error';
import { sendTrackerRequest, type TrackerConnection, type TrackerRequest } from './tracker-http';
import type {
  TrackerAgent,
  TrackerAttachment,
  TrackerComment,
  TrackerCreateCommentInput,
  TrackerIssue,
  TrackerIssueList,
  TrackerIssueQuery,
  TrackerIssueStatus,
  TrackerProject,
  TrackerQuickCreateInput,
  TrackerQuickCreateResult,
  TrackerRuntime,
  TrackerTask,
  TrackerUploadInput,
  TrackerWorkspace,
} from './tracker-types';

/** A call that hangs must not hold a route or the watcher: 15 s, then it is a network error. */
export const TRACKER_TIMEOUT_MS = 15_000;
/** Uploads carry up to 100 MB, so they get longer. */
export const TRACKER_UPLOAD_TIMEOUT_MS = 120_000;

export interface TrackerClientOptions {
  baseUrl: string;
  token: string;
  /** Gets one warn line per failed read attempt; defaults to silence. */
  logger?: Logger;
  dispatcher?: Dispatcher;
  /** Waits between read retries; tests pass a fake that records the delays. */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  uploadTimeoutMs?: number;
}

/**
 * The Multica calls the daemon makes. Reads (GET) are retried per the spec; writes are sent exactly
 * once, even on a network error, so a comment or a dispatch is never made twice. Every failure is a
 * TrackerRequestError. `ws` is a workspace id, sent as `X-Workspace-ID`.
 */
export interface TrackerClient {
  listWorkspaces(): Promise<TrackerWorkspace[]>;
  listIssues(ws: string, query?: TrackerIssueQuery): Promise<TrackerIssueList>;
  /** `idOrIdentifier`: a UUID or `PREFIX-n` (case-insensitive). */
  getIssue(ws: string, idOrIdentifier: string): Promise<TrackerIssue>;
  /** As the tracker returns them (board order, archived excluded by default). */
  listIssueStatuses(ws: string): Promise<TrackerIssueStatus[]>;
  listProjects(ws: string): Promise<TrackerProject[]>;
  getProject(ws: string, projectId: string): Promise<TrackerProject>;
  listAgents(ws: string): Promise<TrackerAgent[]>;
  getAgent(ws: string, agentId: string): Promise<TrackerAgent>;
  listRuntimes(ws: string): Promise<TrackerRuntime[]>;
  /** Every task of the agent, newest first (no pagination). */
  listAgentTasks(ws: string, agentId: string): Promise<TrackerTask[]>;
  listIssueTaskRuns(ws: string, issueIdOrIdentifier: string): Promise<TrackerTask[]>;
  /** Oldest first (the newest 2000). */
  listComments(ws: string, issueIdOrIdentifier: string): Promise<TrackerComment[]>;
  quickCreate(ws: string, input: TrackerQuickCreateInput): Promise<TrackerQuickCreateResult>;
  /** Cancelling an already finished task is not an error: the task comes back unchanged. */
  cancelTask(ws: string, taskId: string): Promise<TrackerTask>;
  createComment(
    ws: string,
    issueIdOrIdentifier: string,
    input: TrackerCreateCommentInput,
  ): Promise<TrackerComment>;
  uploadFile(ws: string, file: TrackerUploadInput): Promise<TrackerAttachment>;
}

const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

export function createTrackerClient(options: TrackerClientOptions): TrackerClient {
  const connection: TrackerConnection = {
    baseUrl: options.baseUrl,
    token: options.token,
    ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
  };
  const retry = {
    sleep: options.sleep ?? ((ms: number) => delay(ms)),
    logger: options.logger ?? silentLogger,
  };
  const timeoutMs = options.timeoutMs ?? TRACKER_TIMEOUT_MS;
  const uploadTimeoutMs = options.uploadTimeoutMs ?? TRACKER_UPLOAD_TIMEOUT_MS;

  const read = (path: string, workspaceId?: string, query?: TrackerRequest['query']) =>
    withReadRetries(
      () =>
        sendTrackerRequest(connection, {
          method: 'GET',
          path,
          timeoutMs,
          ...(workspaceId !== undefined ? { workspaceId } : {}),
          ...(query ? { query } : {}),
        }),
      retry,
    );
  // Writes: one attempt, whatever happens.
  const write = (
    path: string,
    workspaceId: string,
    body: Pick<TrackerRequest, 'json' | 'form'>,
    ms = timeoutMs,
  ) => sendTrackerRequest(connection, { method: 'POST', path, workspaceId, timeoutMs: ms, ...body });

  return {
    listWorkspaces: async () =>
      arrayOf<TrackerWorkspace>(await read('/api/workspaces'), 'GET', '/api/workspaces'),

    listIssues: async (ws, query = {}) => {
      const path = '/api/issues';
      const body = await read(path, ws, issueQuery(query));
      const list = objectOf(body, 'GET', path);
      return {
        issues: arrayOf<TrackerIssue>(list.issues, 'GET', path),
        total: typeof list.total === 'number' ? list.total : 0,
      };
    },

    getIssue: async (ws, idOrIdentifier) => {
      const path = `/api/issues/${segment(idOrIdentifier)}`;
      return objectOf(await read(path, ws), 'GET', path) as unknown as TrackerIssue;
    },

    listIssueStatuses: async (ws) => {
      const path = '/api/issue-statuses';
      return arrayOf<TrackerIssueStatus>(objectOf(await read(path, ws), 'GET', path).statuses, 'GET', path);
    },

    // Wrapped `{projects, total}`, unlike agents and runtimes.
    listProjects: async (ws) => {
      const path = '/api/projects';
      return arrayOf<TrackerProject>(objectOf(await read(path, ws), 'GET', path).projects, 'GET', path);
    },

    getProject: async (ws, projectId) => {
      const path = `/api/projects/${segment(projectId)}`;
      return objectOf(await read(path, ws), 'GET', path) as unknown as TrackerProject;
    },

    listAgents: async (ws) => arrayOf<TrackerAgent>(await read('/api/agents', ws), 'GET', '/api/agents'),

    getAgent: async (ws, agentId) => {
      const path = `/api/agents/${segment(agentId)}`;
      return objectOf(await read(path, ws), 'GET', path) as unknown as TrackerAgent;
    },

    listRuntimes: async (ws) =>
      arrayOf<TrackerRuntime>(await read('/api/runtimes', ws), 'GET', '/api/runtimes'),

    listAgentTasks: async (ws, agentId) => {
      const path = `/api/agents/${segment(agentId)}/tasks`;
      return arrayOf<TrackerTask>(await read(path, ws), 'GET', path);
    },

    listIssueTaskRuns: async (ws, issueId) => {
      const path = `/api/issues/${segment(issueId)}/task-runs`;
      return arrayOf<TrackerTask>(await read(path, ws), 'GET', path);
    },

    listComments: async (ws, issueId) => {
      const path = `/api/issues/${segment(issueId)}/comments`;
      return arrayOf<TrackerComment>(await read(path, ws), 'GET', path);
    },

    quickCreate: async (ws, input) => {
      const path = '/api/issues/quick-create';
      const answer = objectOf(await write(path, ws, { json: input }), 'POST', path);
      if (typeof answer.task_id !== 'string' || answer.task_id === '') throw shapeError('POST', path);
      return { task_id: answer.task_id };
    },

    cancelTask: async (ws, taskId) => {
      const path = `/api/tasks/${segment(taskId)}/cancel`;
      return objectOf(await write(path, ws, {}), 'POST', path) as unknown as TrackerTask;
    },

    createComment: async (ws, issueId, input) => {
      const path = `/api/issues/${segment(issueId)}/comments`;
      return objectOf(await write(path, ws, { json: input }), 'POST', path) as unknown as TrackerComment;
    },

    uploadFile: async (ws, file) => {
      const path = '/api/upload-file';
      const form = new FormData();
      form.append('file', new Blob([file.data], { type: file.contentType }), file.filename);
      return objectOf(
        await write(path, ws, { form }, uploadTimeoutMs),
        'POST',
        path,
      ) as unknown as TrackerAttachment;
    },
  };
}

function issueQuery(query: TrackerIssueQuery): TrackerRequest['query'] {
  return {
    project_id: query.projectId,
    sort: query.sort,
    direction: query.direction,
    limit: query.limit === undefined ? undefined : String(query.limit),
    offset: query.offset === undefined ? undefined : String(query.offset),
    q: query.q,
    statuses: query.statuses && query.statuses.length > 0 ? query.statuses.join(',') : undefined,
  };
}

/** Ids and identifiers go into the path escaped, so a stray `/` or `?` cannot reach another route. */
function segment(value: string): string {
  return encodeURIComponent(value);
}

function arrayOf<T>(value: unknown, method: string, path: string): T[] {
  if (!Array.isArray(value)) throw shapeError(method, path);
  return value as T[];
}

function objectOf(value: unknown, method: string, path: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw shapeError(method, path);
  return value as Record<string, unknown>;
}

/** A 2xx whose JSON is not the documented shape: a tracker we do not understand, not worth retrying. */
function shapeError(method: string, path: string): TrackerRequestError {
  return new TrackerRequestError({ kind: 'http', method, path, detail: 'unexpected answer shape' });
}
