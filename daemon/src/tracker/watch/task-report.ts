import type { TrackerSealedReport } from '@ringback/protocol';
import type { TrackerClient, TrackerComment, TrackerIssue, TrackerTask } from '../api';
import { isGone, type WorkspaceDirectory } from './workspace-directory';

/** What the watcher hands over: the sealed report plus the time the task finished. */
export type TrackerFinishedReport = TrackerSealedReport & { occurredAt: string };

/** A completed task with an issue, from a live `task:completed` or a catch-up read (`task`). */
export interface FinishedTask {
  taskId: string;
  agentId: string;
  issueId: string;
  /** The task row, when a catch-up read already has it. */
  task?: TrackerTask;
}

export type TaskReportOutcome = { report: TrackerFinishedReport } | { skip: string };

export interface TaskReportContext {
  client: TrackerClient;
  workspace: { id: string; name: string };
  directory: WorkspaceDirectory;
  now: () => number;
}

/**
 * Reads what a finished task's call says: the issue, its project, the agent, and the comments
 * the agent posted during the task. Rejects with the tracker error when a read fails after the
 * client's retries, so the task stays unreported and is tried again.
 */
export async function buildTaskReport(
  context: TaskReportContext,
  finished: FinishedTask,
): Promise<TaskReportOutcome> {
  const { client, workspace, directory } = context;
  let issue: TrackerIssue;
  try {
    issue = await client.getIssue(workspace.id, finished.issueId);
  } catch (error) {
    if (isGone(error)) return { skip: 'its issue no longer exists' };
    throw error;
  }
  const task =
    finished.task ??
    (await client.listIssueTaskRuns(workspace.id, issue.id)).find((run) => run.id === finished.taskId);
  const comments = (await client.listComments(workspace.id, issue.id)).filter(
    (comment) => comment.source_task_id === finished.taskId,
  );
  if (task && isLinkedQuickCreate(task, issue, comments)) {
    return { skip: 'it created the issue (quick-create); the issue’s own task is reported' };
  }
  const [project, agentName] = await Promise.all([
    directory.projectTitle(issue.project_id ?? null),
    directory.agentName(finished.agentId),
  ]);
  return {
    report: {
      source: 'tracker',
      workspaceId: workspace.id,
      workspaceName: workspace.name,
      issueId: issue.id,
      identifier: issue.identifier,
      title: issue.title,
      projectId: issue.project_id || null,
      project,
      priority: issue.priority,
      updatedAt: isoOf(issue.last_activity_at ?? issue.updated_at) ?? new Date(context.now()).toISOString(),
      agentId: finished.agentId,
      agentName,
      taskId: finished.taskId,
      text: reportText(finished.taskId, issue, comments, task),
      occurredAt: isoOf(task?.completed_at ?? null) ?? new Date(context.now()).toISOString(),
    },
  };
}

/**
 * A quick-create task, once linked, looks like any `direct` task of its issue (§5.8). It is told
 * apart by what only it can be: a task of the agent that created the issue, older than the issue
 * itself, started by no comment, that posted nothing on it (every real issue task leaves at least
 * the tracker's fallback comment).
 */
export function isLinkedQuickCreate(task: TrackerTask, issue: TrackerIssue, own: TrackerComment[]): boolean {
  if (task.kind === 'quick_create') return true;
  return (
    own.length === 0 &&
    !task.trigger_comment_id &&
    issue.creator_type === 'agent' &&
    issue.creator_id === task.agent_id &&
    Date.parse(task.created_at) <= Date.parse(issue.created_at ?? '')
  );
}

function reportText(taskId: string, issue: TrackerIssue, own: TrackerComment[], task?: TrackerTask): string {
  const written = own
    .map((comment) => comment.content.trim())
    .filter(Boolean)
    .join('\n\n');
  if (written) return written;
  const output = (task as { result?: { output?: unknown } | null } | undefined)?.result?.output;
  if (typeof output === 'string' && output.trim()) return output.trim();
  return `The agent finished task ${taskId} on ${issue.identifier} without a comment.`;
}

/** RFC3339 (seconds or nanoseconds) → ISO; null for a missing or unreadable time. */
export function isoOf(time: string | null): string | null {
  if (!time) return null;
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
