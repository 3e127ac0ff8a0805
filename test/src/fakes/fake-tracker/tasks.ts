import type { Core, TrackerEvent } from './core.js';
import { uuidv7 } from './ids.js';
import {
  type Agent,
  type Issue,
  isTerminal,
  type QuickCreateContext,
  type Task,
  type TaskKind,
} from './model.js';
import { commentJson, issueJson } from './serialize.js';
import { statusCategoryOf } from './statuses.js';
import { addIssue, insertComment } from './store.js';

/** Task priorities as Multica queues them: quick-create jumps the queue. */
const QUICK_CREATE_PRIORITY = 10;
const ISSUE_TASK_PRIORITY = 0;

export interface FinishOptions {
  /** What the simulated agent posts (issue tasks) before the task completes. */
  comment?: string;
}

export interface FailOptions {
  error?: string;
  failureReason?: string;
}

/**
 * Simulates Multica's runtime daemon running agent tasks through
 * queued → dispatched → running → completed|failed (|cancelled from any live state).
 * With `autoRunMs` a number, every live task moves one step per delay (queued tasks wait while
 * their runtime is offline); with `false`, tests drive each task by hand.
 */
export class TaskEngine {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly replies: string[] = [];

  constructor(
    private readonly core: Core,
    private autoRunMs: number | false,
  ) {}

  setAutoRun(ms: number | false): void {
    this.autoRunMs = ms;
    for (const task of this.core.state.tasks.values()) this.schedule(task);
  }

  /** The next task to finish without its own scripted reply posts this text. */
  queueReply(text: string): void {
    this.replies.push(text);
  }

  /** Re-check queued tasks after a runtime came back online. */
  runtimeChanged(runtimeId: string): void {
    for (const task of this.core.state.tasks.values()) if (task.runtimeId === runtimeId) this.schedule(task);
  }

  enqueue(
    agent: Agent,
    opts: { kind: TaskKind; issueId?: string; triggerCommentId?: string; quickCreate?: QuickCreateContext },
  ): Task {
    const now = this.core.now();
    const task: Task = {
      id: uuidv7(now),
      workspaceId: agent.workspaceId,
      agentId: agent.id,
      runtimeId: agent.runtimeId,
      issueId: opts.issueId ?? '',
      status: 'queued',
      kind: opts.kind,
      priority: opts.kind === 'quick_create' ? QUICK_CREATE_PRIORITY : ISSUE_TASK_PRIORITY,
      dispatchedAt: null,
      startedAt: null,
      completedAt: null,
      result: null,
      error: null,
      failureReason: '',
      attempt: 1,
      maxAttempts: opts.kind === 'quick_create' ? 1 : 2,
      triggerCommentId: opts.triggerCommentId ?? null,
      coalescedCommentIds: [],
      quickCreate: opts.quickCreate ?? null,
      reply: null,
      createdAt: now,
    };
    this.core.state.tasks.set(task.id, task);
    this.emitTask(task, 'task:queued');
    this.schedule(task);
    return task;
  }

  /** Move a live task one step (runtime status is not checked: the test is the runtime). */
  advance(taskId: string, opts: FinishOptions = {}): Task {
    const task = this.requireTask(taskId);
    this.unschedule(task);
    this.step(task, opts);
    this.schedule(task);
    return task;
  }

  /** Run a live task to `completed`, passing through the states it has not reached yet. */
  complete(taskId: string, opts: FinishOptions = {}): Task {
    const task = this.requireTask(taskId);
    this.unschedule(task);
    while (!isTerminal(task.status)) this.step(task, opts);
    return task;
  }

  fail(taskId: string, opts: FailOptions = {}): Task {
    const task = this.requireTask(taskId);
    if (isTerminal(task.status)) return task;
    this.unschedule(task);
    task.status = 'failed';
    task.completedAt = this.core.now();
    task.error = opts.error ?? 'agent exited with an error';
    task.failureReason = opts.failureReason ?? 'agent_error';
    // The socket copy strips the error text but keeps the reason.
    this.emitTask(task, 'task:failed', { failure_reason: task.failureReason, retry_pending: false });
    return task;
  }

  /** `POST /api/tasks/{id}/cancel`: terminal tasks are returned unchanged, as Multica does. */
  cancel(taskId: string): Task {
    const task = this.requireTask(taskId);
    if (isTerminal(task.status)) return task;
    this.unschedule(task);
    task.status = 'cancelled';
    task.completedAt = this.core.now();
    this.emitTask(task, 'task:cancelled');
    return task;
  }

  close(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }

  private step(task: Task, opts: FinishOptions): void {
    const now = this.core.now();
    switch (task.status) {
      case 'queued':
        task.status = 'dispatched';
        task.dispatchedAt = now;
        this.emit(task, 'task:dispatch', {
          task_id: task.id,
          runtime_id: task.runtimeId,
          issue_id: task.issueId,
          agent_id: task.agentId,
        });
        return;
      case 'dispatched':
        task.status = 'running';
        task.startedAt = now;
        this.emitTask(task, 'task:running');
        return;
      case 'running':
        if (task.kind === 'quick_create') this.finishQuickCreate(task);
        else this.finishIssueTask(task, opts.comment);
        return;
      default:
        return;
    }
  }

  /** The agent ran `multica issue create`; the server links the task to the issue inside the complete call. */
  private finishQuickCreate(task: Task): void {
    const context = task.quickCreate;
    const agent = this.core.state.agents.get(task.agentId);
    let issue = [...this.core.state.issues.values()].find((i) => i.originTaskId === task.id);
    if (!issue && context && agent) issue = this.createIssueFromPrompt(task, context, agent);
    task.status = 'completed';
    task.completedAt = this.core.now();
    task.result = { output: issue ? `Created ${issue.title}` : 'No issue created' };
    // The event is built from the pre-link row, so it carries issue_id "" (reference §5.8 step 5).
    const event = this.taskEvent(task, 'task:completed');
    if (issue) {
      task.issueId = issue.id;
      task.kind = 'direct';
    }
    this.core.emit(task.workspaceId, event);
  }

  private createIssueFromPrompt(task: Task, context: QuickCreateContext, agent: Agent): Issue {
    const issue = addIssue(this.core, task.workspaceId, {
      title: titleFromPrompt(context.prompt),
      description: context.prompt,
      status: 'todo',
      priority: context.priority ?? 'none',
      projectId: context.projectId,
      parentIssueId: context.parentIssueId,
      dueDate: context.dueDate,
      assignee: { type: 'agent', id: agent.id },
      creator: { type: 'agent', id: agent.id },
      originTaskId: task.id,
    });
    for (const id of context.attachmentIds) {
      const attachment = this.core.state.attachments.get(id);
      if (attachment && attachment.workspaceId === task.workspaceId && attachment.issueId === null) {
        attachment.issueId = issue.id;
      }
    }
    this.core.emit(task.workspaceId, {
      type: 'issue:created',
      payload: { issue: issueJson(this.core.state, issue, this.core.publicUrl()) },
      actor_id: agent.id,
      actor_type: 'agent',
    });
    this.enqueueForAssignment(issue);
    return issue;
  }

  /** An issue assigned to an agent with a runtime and not in a backlog-like status gets a `direct` task. */
  enqueueForAssignment(issue: Issue): Task | undefined {
    if (issue.assigneeType !== 'agent' || !issue.assigneeId) return undefined;
    const agent = this.core.state.agents.get(issue.assigneeId);
    if (!agent || agent.runtimeId === '' || agent.archivedAt !== null) return undefined;
    if (statusCategoryOf(this.core.state, issue.workspaceId, issue.status) === 'backlog') return undefined;
    return this.enqueue(agent, { kind: 'direct', issueId: issue.id });
  }

  /** Post the agent's comment (threaded under the trigger, if any), then complete. */
  private finishIssueTask(task: Task, comment: string | undefined): void {
    const issue = this.core.state.issues.get(task.issueId);
    if (issue) {
      const content = comment ?? task.reply ?? this.replies.shift() ?? defaultReply(task, issue);
      const posted = insertComment(this.core, issue, {
        content,
        author: { type: 'agent', id: task.agentId },
        parentId: task.triggerCommentId,
        sourceTaskId: task.id,
      });
      this.core.emit(task.workspaceId, {
        type: 'comment:created',
        payload: {
          comment: commentJson(this.core.state, posted, this.core.publicUrl()),
          issue_title: issue.title,
          issue_assignee_type: issue.assigneeType,
          issue_assignee_id: issue.assigneeId,
          issue_status: issue.status,
          issue_revision: issue.revision,
        },
        actor_id: task.agentId,
        actor_type: 'agent',
      });
      task.result = { output: content };
    }
    task.status = 'completed';
    task.completedAt = this.core.now();
    this.emitTask(task, 'task:completed');
  }

  private schedule(task: Task): void {
    if (this.autoRunMs === false || isTerminal(task.status) || this.timers.has(task.id)) return;
    if (task.status === 'queued' && !this.runtimeOnline(task)) return;
    const timer = setTimeout(() => {
      this.timers.delete(task.id);
      if (task.status === 'queued' && !this.runtimeOnline(task)) return;
      this.step(task, {});
      this.schedule(task);
    }, this.autoRunMs);
    this.timers.set(task.id, timer);
  }

  private unschedule(task: Task): void {
    const timer = this.timers.get(task.id);
    if (timer) clearTimeout(timer);
    this.timers.delete(task.id);
  }

  private runtimeOnline(task: Task): boolean {
    return task.runtimeId !== '' && this.core.state.runtimes.get(task.runtimeId)?.status === 'online';
  }

  private requireTask(taskId: string): Task {
    const task = this.core.state.tasks.get(taskId);
    if (!task) throw new Error(`unknown task ${taskId}`);
    return task;
  }

  private taskEvent(task: Task, type: string, extra: Record<string, unknown> = {}): TrackerEvent {
    return {
      type,
      payload: {
        task_id: task.id,
        agent_id: task.agentId,
        issue_id: task.issueId,
        status: task.status,
        ...extra,
      },
      actor_id: '',
      actor_type: 'system',
    };
  }

  private emitTask(task: Task, type: string, extra: Record<string, unknown> = {}): void {
    this.core.emit(task.workspaceId, this.taskEvent(task, type, extra));
  }

  private emit(task: Task, type: string, payload: Record<string, unknown>): void {
    this.core.emit(task.workspaceId, { type, payload, actor_id: '', actor_type: 'system' });
  }
}

/** What a Multica agent would make of the prompt: its first line without image markdown, ≤ 80 chars. */
export function titleFromPrompt(prompt: string): string {
  const lines = prompt
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const first = lines[0] ?? 'Untitled request';
  return first.length > 80 ? `${first.slice(0, 77)}...` : first;
}

function defaultReply(task: Task, issue: Issue): string {
  if (task.triggerCommentId)
    return `Thanks — I looked at your comment on "${issue.title}" and updated the work.`;
  return `I finished working on "${issue.title}". Summary: the change is implemented and tested.`;
}
