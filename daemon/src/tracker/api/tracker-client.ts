import { Blob } from 'node:buffer';
import { setTimeout as delay } from 'node:timers/promises';
import { type Dispatcher, FormData } from 'undici';
import type { Logger } from '../../log/logger';
import { withReadRetries } from './read-retry';
import { sendTrackerRequest, type TrackerConnection, type TrackerRequest } from './tracker-http';
import {
  parseTrackerIssueList,
  parseTrackerItems,
  parseTrackerObject,
  parseTrackerProjects,
  parseTrackerStatuses,
  type TrackerCall,
} from './tracker-parse';
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
  /** Gets one warn line per failed read attempt and per malformed list item left out; defaults to silence. */
  logger?: Logger;
  dispatcher?: Dispatcher;
  /** Waits between read retries; tests pass a fake that records the delays. */
  sleep?: (ms: number) => Promise<void>;
  timeoutMs?: number;
  uploadTimeoutMs?: number;
  /** Defaults to TRACKER_MAX_BODY_BYTES. */
  maxBodyBytes?: number;
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
    ...(options.maxBodyBytes !== undefined ? { maxBodyBytes: options.maxBodyBytes } : {}),
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

  const logger = options.logger ?? silentLogger;
  // One malformed item is left out, not fatal; the log names the call, the item and the field.
  const skipped = (call: TrackerCall, what: string) =>
    logger.warn(`tracker ${call.method} ${call.path}: ${what}`);
  const get = (path: string): TrackerCall => ({ method: 'GET', path });
  const post = (path: string): TrackerCall => ({ method: 'POST', path });

  return {
    listWorkspaces: async () => {
      const path = '/api/workspaces';
      return parseTrackerItems('workspace', await read(path), get(path), skipped);
    },

    listIssues: async (ws, query = {}) => {
      const path = '/api/issues';
      return parseTrackerIssueList(await read(path, ws, issueQuery(query)), get(path), skipped);
    },

    getIssue: async (ws, idOrIdentifier) => {
      const path = `/api/issues/${segment(idOrIdentifier)}`;
      return parseTrackerObject('issue', await read(path, ws), get(path));
    },

    listIssueStatuses: async (ws) => {
      const path = '/api/issue-statuses';
      return parseTrackerStatuses(await read(path, ws), get(path), skipped);
    },

    // Wrapped `{projects, total}`, unlike agents and runtimes.
    listProjects: async (ws) => {
      const path = '/api/projects';
      return parseTrackerProjects(await read(path, ws), get(path), skipped);
    },

    getProject: async (ws, projectId) => {
      const path = `/api/projects/${segment(projectId)}`;
      return parseTrackerObject('project', await read(path, ws), get(path));
    },

    listAgents: async (ws) => {
      const path = '/api/agents';
      return parseTrackerItems('agent', await read(path, ws), get(path), skipped);
    },

    getAgent: async (ws, agentId) => {
      const path = `/api/agents/${segment(agentId)}`;
      return parseTrackerObject('agent', await read(path, ws), get(path));
    },

    listRuntimes: async (ws) => {
      const path = '/api/runtimes';
      return parseTrackerItems('runtime', await read(path, ws), get(path), skipped);
    },

    listAgentTasks: async (ws, agentId) => {
      const path = `/api/agents/${segment(agentId)}/tasks`;
      return parseTrackerItems('task', await read(path, ws), get(path), skipped);
    },

    listIssueTaskRuns: async (ws, issueId) => {
      const path = `/api/issues/${segment(issueId)}/task-runs`;
      return parseTrackerItems('task', await read(path, ws), get(path), skipped);
    },

    listComments: async (ws, issueId) => {
      const path = `/api/issues/${segment(issueId)}/comments`;
      return parseTrackerItems('comment', await read(path, ws), get(path), skipped);
    },

    quickCreate: async (ws, input) => {
      const path = '/api/issues/quick-create';
      const answer = parseTrackerObject('quickCreate', await write(path, ws, { json: input }), post(path));
      return { task_id: answer.task_id };
    },

    cancelTask: async (ws, taskId) => {
      const path = `/api/tasks/${segment(taskId)}/cancel`;
      return parseTrackerObject('task', await write(path, ws, {}), post(path));
    },

    createComment: async (ws, issueId, input) => {
      const path = `/api/issues/${segment(issueId)}/comments`;
      return parseTrackerObject('comment', await write(path, ws, { json: input }), post(path));
    },

    uploadFile: async (ws, file) => {
      const path = '/api/upload-file';
      const form = new FormData();
      form.append('file', new Blob([file.data], { type: file.contentType }), file.filename);
      return parseTrackerObject('attachment', await write(path, ws, { form }, uploadTimeoutMs), post(path));
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
