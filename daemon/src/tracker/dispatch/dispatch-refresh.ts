import {
  type DispatchActor,
  dispatchRefresh,
  type ObservedIssue,
  type ObservedTask,
} from '@ringback/machines';
import type { Logger } from '../../log/logger';
import { isTrackerRequestError, type TrackerClient, type TrackerIssue, type TrackerTask } from '../api';
import { mapLimited } from './map-limited';

export function observedTask(task: TrackerTask): ObservedTask {
  return {
    status: task.status,
    issueId: task.issue_id ?? '',
    completedAt: task.completed_at ?? null,
    error: task.error ?? null,
  };
}

/** The machine orders issue reads by `updated_at`: every edit moves it, unlike the activity time. */
export function observedIssue(issue: TrackerIssue): ObservedIssue {
  return {
    id: issue.id,
    identifier: issue.identifier,
    title: issue.title,
    status: issue.status,
    priority: issue.priority,
    updatedAt: issue.updated_at,
  };
}

export interface RefreshDeps {
  /** null without a saved token: records then show what was last known. */
  client: TrackerClient | null;
  logger: Logger;
  now: () => number;
}

/**
 * Reads the tracker for each record that can still change and feeds what it says to the
 * record's machine: a creating dispatch's task (from its agent's task list, read once per agent
 * for the whole batch), a created dispatch's issue (also right after its task is linked).
 * A failed read is logged and the record keeps what it last knew: a refresh never fails the
 * list. Once a read finds the tracker unreachable (after its retries), the rest are skipped, so
 * a list of 100 does not wait out 100 rounds of retries.
 */
export async function refreshDispatches(actors: DispatchActor[], deps: RefreshDeps): Promise<void> {
  const { client, logger } = deps;
  if (!client) return;
  const plans = actors.map((actor) => ({ actor, plan: dispatchRefresh(actor.getSnapshot()) }));
  let unreachable = false;
  const failed = (what: string, error: unknown) => {
    if (isTrackerRequestError(error) && error.retryable) unreachable = true;
    logger.warn(`dispatch refresh: reading ${what} failed: ${(error as Error).message}`);
  };

  // One task list per agent, however many of its dispatches are creating.
  const taskLists = new Map<string, Promise<TrackerTask[] | null>>();
  const tasksOf = (workspaceId: string, agentId: string) => {
    const key = `${workspaceId}\n${agentId}`;
    let list = taskLists.get(key);
    if (!list) {
      list = client.listAgentTasks(workspaceId, agentId).catch((error: unknown) => {
        failed(`the tasks of agent ${agentId}`, error);
        return null;
      });
      taskLists.set(key, list);
    }
    return list;
  };

  const readIssue = async (actor: DispatchActor, workspaceId: string, issueId: string) => {
    if (unreachable) return;
    try {
      const issue = await client.getIssue(workspaceId, issueId);
      actor.send({ type: 'issue.observed', issue: observedIssue(issue) });
    } catch (error) {
      failed(`the issue of dispatch ${actor.getSnapshot().context.id}`, error);
    }
  };

  await mapLimited(plans, async ({ actor, plan }) => {
    if (unreachable) return;
    if (plan.read === 'issue') return readIssue(actor, plan.workspaceId, plan.issueId);
    if (plan.read !== 'task') return;
    const tasks = await tasksOf(plan.workspaceId, plan.agentId);
    const task = tasks?.find((t) => t.id === plan.taskId);
    if (tasks && !task) logger.warn(`dispatch refresh: task ${plan.taskId} is not among its agent's tasks`);
    if (!task) return;
    actor.send({ type: 'task.observed', task: observedTask(task), now: deps.now() });
    // Linked just now: show the new issue's number and title at once, not a refresh later.
    const next = dispatchRefresh(actor.getSnapshot());
    if (next.read === 'issue') await readIssue(actor, next.workspaceId, next.issueId);
  });
}
