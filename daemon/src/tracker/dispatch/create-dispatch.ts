import type { DispatchActor, DispatchInput } from '@ringback/machines';
import { type DispatchRequest, RingbackError } from '@ringback/protocol';
import type { Logger } from '../../log/logger';
import { isTrackerRequestError, type TrackerAgent, type TrackerIssue } from '../api';
import { trackerFailure } from '../tracker-failure';
import { dispatchContent } from './dispatch-content';
import { observedIssue } from './dispatch-refresh';
import type { DispatchStore } from './dispatch-store';
import { chooseWorkspace, type TrackerAccess } from './tracker-access';

export interface CreateDispatchDeps {
  access: TrackerAccess;
  store: DispatchStore;
  logger: Logger;
  now: () => number;
}

/**
 * `POST /tracker/dispatches`: a new issue by smart creation (`projectId` + `agentId`), or a
 * comment on an existing issue (`issueId` alone). Any other mix is 400 `invalid_dispatch`, as is
 * a dispatch without words and images or with more than 8000 characters of words. The record is
 * written to `dispatches.json` before it is returned.
 */
export async function createDispatch(
  request: DispatchRequest,
  deps: CreateDispatchDeps,
): Promise<DispatchActor> {
  const { projectId, agentId, issueId } = request;
  const isIssue = projectId !== undefined || agentId !== undefined;
  if (isIssue && issueId !== undefined) {
    throw new RingbackError(
      'invalid_dispatch',
      'send projectId and agentId for a new issue, or issueId alone for a comment',
    );
  }
  if (!isIssue && issueId === undefined) {
    throw new RingbackError(
      'invalid_dispatch',
      'send projectId and agentId for a new issue, or issueId for a comment',
    );
  }
  if (isIssue && (projectId === undefined || agentId === undefined)) {
    throw new RingbackError(
      'invalid_dispatch',
      `a new issue needs ${projectId === undefined ? 'projectId' : 'agentId'} too`,
    );
  }
  const content = dispatchContent(request.prompt, request.attachments);
  const workspace = chooseWorkspace(deps.access, request.workspaceId);
  const base = { workspaceId: workspace.id, prompt: content.words, images: content.attachmentIds.length };
  if (issueId !== undefined) return commentDispatch(issueId, content, base, deps);
  return issueDispatch(projectId as string, agentId as string, content, base, deps);
}

type Content = ReturnType<typeof dispatchContent>;
type Base = Pick<DispatchInput, 'workspaceId' | 'prompt' | 'images'>;

async function issueDispatch(
  projectId: string,
  agentId: string,
  content: Content,
  base: Base,
  deps: CreateDispatchDeps,
): Promise<DispatchActor> {
  const { client } = deps.access;
  const ws = base.workspaceId;
  // Reads first (retried), so an unknown project or agent is named before anything is written.
  const [, agent] = await Promise.all([
    client.getProject(ws, projectId).catch((error: unknown) => {
      throw trackerFailure(error, 'project_not_found');
    }),
    client.getAgent(ws, agentId).catch((error: unknown) => {
      // 403: a private agent of someone else, which this user may not invoke.
      if (isTrackerRequestError(error) && error.status === 403) {
        throw new RingbackError('agent_unavailable', error.detail || 'this agent is private', {
          cause: error,
        });
      }
      throw trackerFailure(error, 'agent_not_found');
    }) as Promise<TrackerAgent>,
  ]);
  let taskId: string;
  try {
    ({ task_id: taskId } = await client.quickCreate(ws, {
      prompt: content.content,
      agent_id: agent.id,
      project_id: projectId,
      ...(content.attachmentIds.length ? { attachment_ids: content.attachmentIds } : {}),
    }));
  } catch (error) {
    throw quickCreateFailure(error);
  }
  return deps.store.add({
    ...base,
    id: taskId,
    kind: 'issue',
    taskId,
    projectId,
    agentId: agent.id,
    agentName: agent.name,
    createdAt: deps.now(),
  });
}

/** Quick-create's refusals (tracker API §5.8) in the spec's codes. */
function quickCreateFailure(error: unknown): RingbackError {
  if (!isTrackerRequestError(error)) return trackerFailure(error);
  const detail = error.detail ?? '';
  if (error.status === 422 && error.code === 'daemon_version_unsupported') {
    const body = error.body as { current_version?: unknown; min_version?: unknown } | undefined;
    const current =
      typeof body?.current_version === 'string' && body.current_version ? body.current_version : 'unknown';
    return new RingbackError(
      'agent_unavailable',
      `the agent's runtime is too old (version ${current}; ${String(body?.min_version ?? 'a newer one')} needed)`,
      { cause: error },
    );
  }
  if (error.status === 400 && (detail === 'project not found' || detail === 'invalid project_id')) {
    return new RingbackError('project_not_found', detail, { cause: error });
  }
  if (
    error.status === 400 &&
    (detail === 'invalid agent_id' || detail.startsWith('assignee_id does not refer'))
  ) {
    return new RingbackError('agent_not_found', detail, { cause: error });
  }
  if ((error.status === 400 && detail === 'cannot assign to archived agent') || error.status === 403) {
    return new RingbackError('agent_unavailable', detail || 'the agent cannot take this work', {
      cause: error,
    });
  }
  if (error.status === 400 && detail === 'invalid attachment_ids') {
    return new RingbackError('invalid_dispatch', 'an attachment id is not one the tracker gave', {
      cause: error,
    });
  }
  return trackerFailure(error);
}

async function commentDispatch(
  issueRef: string,
  content: Content,
  base: Base,
  deps: CreateDispatchDeps,
): Promise<DispatchActor> {
  const { client } = deps.access;
  const ws = base.workspaceId;
  let issue: TrackerIssue;
  try {
    issue = await client.getIssue(ws, issueRef);
  } catch (error) {
    throw trackerFailure(error, 'issue_not_found');
  }
  const agentName = await assigneeName(issue, ws, deps);
  let commentId: string;
  try {
    ({ id: commentId } = await client.createComment(ws, issue.id, {
      content: content.content,
      ...(content.attachmentIds.length ? { attachment_ids: content.attachmentIds } : {}),
    }));
  } catch (error) {
    throw trackerFailure(error, 'issue_not_found');
  }
  const actor = await deps.store.add({
    ...base,
    id: commentId,
    kind: 'comment',
    issueId: issue.id,
    agentName,
    createdAt: deps.now(),
  });
  // The issue was just read: show its number, title and status from the start.
  actor.send({ type: 'issue.observed', issue: observedIssue(issue) });
  // The comment is posted and the record saved; a failed write of these display fields only waits for the next.
  await deps.store.flush().catch((error: unknown) => {
    deps.logger.warn(`writing the dispatch list failed: ${(error as Error).message}`);
  });
  return actor;
}

/** The assigned agent's name ('' for a member, a squad, or nobody); a failed read is not fatal. */
async function assigneeName(issue: TrackerIssue, ws: string, deps: CreateDispatchDeps): Promise<string> {
  if (issue.assignee_type !== 'agent' || !issue.assignee_id) return '';
  try {
    return (await deps.access.client.getAgent(ws, issue.assignee_id)).name;
  } catch (error) {
    deps.logger.warn(`comment dispatch: reading the assigned agent failed: ${(error as Error).message}`);
    return '';
  }
}
