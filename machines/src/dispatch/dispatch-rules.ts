import type { DispatchContext, ObservedIssue, ObservedTask } from './dispatch-types';

/**
 * How long a completed task may stay without an issue before the dispatch fails: the tracker links
 * the issue when the task completes, so a minute covers a read that raced the link.
 */
export const COMPLETED_WITHOUT_ISSUE_MS = 60_000;

export const NO_ISSUE_REASON = 'the agent finished without creating an issue';
/** Used when the tracker failed the task without a message. */
export const TASK_FAILED_REASON = 'the agent task failed';

/** The task is linked to its issue (`""` means not yet). */
export function isLinked(task: ObservedTask): boolean {
  return task.issueId !== '';
}

/** When the unlinked task completed: the tracker's time, else the first time it was seen so. */
export function completionTime(task: ObservedTask, taskCompletedAt: number | null, now: number): number {
  const stated = task.completedAt === null ? Number.NaN : Date.parse(task.completedAt);
  if (Number.isFinite(stated)) return stated;
  return taskCompletedAt ?? now;
}

/** A completed task with no issue for at least a minute: nothing will be created. */
export function completedWithoutIssueTooLong(
  task: ObservedTask,
  taskCompletedAt: number | null,
  now: number,
): boolean {
  if (task.status !== 'completed' || isLinked(task)) return false;
  return now - completionTime(task, taskCompletedAt, now) >= COMPLETED_WITHOUT_ISSUE_MS;
}

export function failureReasonOf(task: ObservedTask): string {
  return task.error?.trim() || TASK_FAILED_REASON;
}

/**
 * The read is of this dispatch's issue (by id, or by identifier for a comment dispatch that named
 * it so) and not older than the one shown: a list and a lookup may answer out of order.
 */
export function isFreshIssueRead(context: DispatchContext, issue: ObservedIssue): boolean {
  if (issue.id !== context.issueId && issue.identifier !== context.issueId) return false;
  if (context.issueUpdatedAt === null) return true;
  const shown = Date.parse(context.issueUpdatedAt);
  const read = Date.parse(issue.updatedAt);
  return !(read < shown);
}
