import type { IssuePriority } from '../call-queue/call-queue-types';
import type { DispatchSnapshot } from './dispatch-machine';
import type { DispatchKind, DispatchState } from './dispatch-types';

/**
 * The dispatch record as the daemon returns it. The spec leaves the `kind` of an issue-creating
 * dispatch unshown: it is `issue`, the value the request names. Issue fields appear once known;
 * `failureReason` only when failed.
 */
export interface DispatchView {
  id: string;
  kind: DispatchKind;
  state: DispatchState;
  prompt: string;
  images: number;
  agentName: string;
  /** Ms since the epoch. */
  createdAt: number;
  issueId?: string;
  identifier?: string;
  title?: string;
  status?: string;
  priority?: IssuePriority;
  failureReason?: string;
}

/** What a refresh of this dispatch reads from the tracker, if anything. */
export type DispatchRefresh =
  /** The agent's tasks (`GET /api/agents/{agentId}/tasks`), to find `taskId`. */
  | { read: 'task'; workspaceId: string; agentId: string; taskId: string }
  /** The issue (`GET /api/issues/{issueId}`). */
  | { read: 'issue'; workspaceId: string; issueId: string }
  | { read: 'nothing' };

/** The spec state; the passing `accepted` state reads as where it leads. */
export function dispatchState(snapshot: DispatchSnapshot): DispatchState {
  if (snapshot.matches('accepted')) return snapshot.context.kind === 'comment' ? 'created' : 'creating';
  return snapshot.value as DispatchState;
}

export function dispatchView(snapshot: DispatchSnapshot): DispatchView {
  const c = snapshot.context;
  const view: DispatchView = {
    id: c.id,
    kind: c.kind,
    state: dispatchState(snapshot),
    prompt: c.prompt,
    images: c.images,
    agentName: c.agentName,
    createdAt: c.createdAt,
  };
  if (c.issueId !== null) view.issueId = c.issueId;
  if (c.identifier !== null) view.identifier = c.identifier;
  if (c.title !== null) view.title = c.title;
  if (c.issueStatus !== null) view.status = c.issueStatus;
  if (c.priority !== null) view.priority = c.priority;
  if (c.failureReason !== null) view.failureReason = c.failureReason;
  return view;
}

export function dispatchRefresh(snapshot: DispatchSnapshot): DispatchRefresh {
  const { workspaceId, agentId, taskId, issueId } = snapshot.context;
  const state = dispatchState(snapshot);
  if (state === 'creating' && agentId !== null && taskId !== null)
    return { read: 'task', workspaceId, agentId, taskId };
  if (state === 'created' && issueId !== null) return { read: 'issue', workspaceId, issueId };
  return { read: 'nothing' };
}
