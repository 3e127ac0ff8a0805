import { afterEach, describe, expect, it } from 'vitest';
import {
  commentInput,
  type DispatchHarness,
  iso,
  issue,
  issueInput,
  startWith,
  T0,
  task,
} from './dispatch-harness';
import { NO_ISSUE_REASON } from './dispatch-rules';
import { dispatchRefresh, dispatchView } from './dispatch-view';

const started: DispatchHarness[] = [];
afterEach(() => {
  for (const { actor } of started.splice(0)) actor.stop();
});

function start(from: Parameters<typeof startWith>[0]) {
  const harness = startWith(from);
  started.push(harness);
  return harness.actor;
}

describe('dispatchView', () => {
  it('shows a creating issue dispatch with its words and image count only', () => {
    const actor = start({ input: issueInput() });
    expect(dispatchView(actor.getSnapshot())).toEqual({
      id: 'task-1',
      kind: 'issue',
      state: 'creating',
      prompt: 'Fix the login page',
      images: 2,
      agentName: 'Ada',
      createdAt: T0,
    });
    expect(dispatchRefresh(actor.getSnapshot())).toEqual({
      read: 'task',
      workspaceId: 'ws-1',
      agentId: 'agent-1',
      taskId: 'task-1',
    });
  });

  it('adds the issue once created and refreshed', () => {
    const actor = start({ input: issueInput() });
    actor.send({
      type: 'task.observed',
      task: task({ status: 'completed', issueId: 'issue-7', completedAt: iso(T0) }),
      now: T0 + 1_000,
    });
    expect(dispatchView(actor.getSnapshot())).toMatchObject({ state: 'created', issueId: 'issue-7' });
    expect(dispatchView(actor.getSnapshot())).not.toHaveProperty('title');
    actor.send({ type: 'issue.observed', issue: issue() });
    expect(dispatchView(actor.getSnapshot())).toMatchObject({
      state: 'created',
      issueId: 'issue-7',
      identifier: 'ACME-7',
      title: 'Login page rejects valid passwords',
      status: 'todo',
      priority: 'high',
    });
    expect(dispatchRefresh(actor.getSnapshot())).toEqual({
      read: 'issue',
      workspaceId: 'ws-1',
      issueId: 'issue-7',
    });
  });

  it('shows a comment dispatch as created with the assignee name', () => {
    const actor = start({ input: commentInput({ agentName: 'Grace' }) });
    expect(dispatchView(actor.getSnapshot())).toMatchObject({
      id: 'comment-1',
      kind: 'comment',
      state: 'created',
      agentName: 'Grace',
      issueId: 'issue-7',
    });
  });

  it('gives the failure reason of a failed dispatch, and nothing to refresh', () => {
    const actor = start({ input: issueInput() });
    actor.send({
      type: 'task.observed',
      task: task({ status: 'completed', completedAt: iso(T0) }),
      now: T0 + 61_000,
    });
    expect(actor.getSnapshot().context.taskCompletedAt).toBeNull();
    const view = dispatchView(actor.getSnapshot());
    expect(view).toMatchObject({ state: 'failed', failureReason: NO_ISSUE_REASON });
    expect(view).not.toHaveProperty('issueId');
    expect(dispatchRefresh(actor.getSnapshot())).toEqual({ read: 'nothing' });
  });
});
