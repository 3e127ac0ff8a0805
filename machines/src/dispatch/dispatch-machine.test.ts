import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { COMPLETED_WITHOUT_ISSUE_MS, NO_ISSUE_REASON, TASK_FAILED_REASON } from './dispatch-rules';
import type { DispatchEvent } from './dispatch-types';

const started: DispatchHarness[] = [];
afterEach(() => {
  for (const { actor } of started.splice(0)) actor.stop();
  vi.restoreAllMocks();
});

function creating(): DispatchHarness {
  const harness = startWith({ input: issueInput() });
  started.push(harness);
  return harness;
}

function createdComment(): DispatchHarness {
  const harness = startWith({ input: commentInput() });
  started.push(harness);
  return harness;
}

const observed = (overrides: Parameters<typeof task>[0], now = T0 + 5_000): DispatchEvent => ({
  type: 'task.observed',
  task: task(overrides),
  now,
});

describe('dispatchMachine: the Dispatch state table', () => {
  it('a new issue dispatch is creating; a new comment dispatch is created', () => {
    const issueDispatch = creating().actor.getSnapshot();
    expect(issueDispatch.value).toBe('creating');
    expect(issueDispatch.context).toMatchObject({ kind: 'issue', taskId: 'task-1', issueId: null });
    const comment = createdComment().actor.getSnapshot();
    expect(comment.value).toBe('created');
    expect(comment.context).toMatchObject({ kind: 'comment', issueId: 'issue-7', agentName: '' });
  });

  it('creating stays creating while the task is unfinished', () => {
    const { actor, persists } = creating();
    for (const status of ['queued', 'dispatched', 'running', 'waiting_local_directory', 'deferred'] as const)
      actor.send(observed({ status }));
    expect(actor.getSnapshot().value).toBe('creating');
    expect(persists()).toBe(0);
  });

  it('creating → created when the task is linked to an issue', () => {
    const { actor, persists } = creating();
    actor.send(observed({ status: 'completed', issueId: 'issue-9', completedAt: iso(T0 + 4_000) }));
    expect(actor.getSnapshot().value).toBe('created');
    expect(actor.getSnapshot().context.issueId).toBe('issue-9');
    expect(persists()).toBe(1);
  });

  it('creating → failed with the tracker reason when the task failed', () => {
    const failedWith = (error: string | null | undefined) => {
      const { actor } = creating();
      actor.send(observed({ status: 'failed', error, completedAt: iso(T0 + 4_000) }));
      expect(actor.getSnapshot().value).toBe('failed');
      expect(actor.getSnapshot().status).toBe('done');
      return actor.getSnapshot().context.failureReason;
    };
    expect(failedWith('agent crashed')).toBe('agent crashed');
    expect(failedWith(null)).toBe(TASK_FAILED_REASON);
    expect(failedWith('  ')).toBe(TASK_FAILED_REASON);
  });

  it('creating → cancelled when the task was cancelled', () => {
    const { actor, persists } = creating();
    actor.send(observed({ status: 'cancelled', completedAt: iso(T0 + 4_000) }));
    expect(actor.getSnapshot().value).toBe('cancelled');
    expect(actor.getSnapshot().status).toBe('done');
    expect(persists()).toBe(1);
  });

  it('creating → cancelled once the host confirms the tracker cancelled the task', () => {
    const { actor } = creating();
    expect(actor.getSnapshot().can({ type: 'cancel.confirmed' })).toBe(true);
    actor.send({ type: 'cancel.confirmed' });
    expect(actor.getSnapshot().value).toBe('cancelled');
  });

  it('created: cancel changes nothing, and the host is told not to call the tracker', () => {
    const { actor, persists } = createdComment();
    expect(actor.getSnapshot().can({ type: 'cancel.confirmed' })).toBe(false);
    actor.send({ type: 'cancel.confirmed' });
    expect(actor.getSnapshot().value).toBe('created');
    expect(persists()).toBe(0);
  });
});

describe('dispatchMachine: a completed task without an issue', () => {
  const completedAt = T0 + 10_000;
  const completed = (now: number, at: string | null = iso(completedAt)) =>
    observed({ status: 'completed', completedAt: at }, now);

  it('waits 59.9 s, then fails at 60 s', () => {
    expect(COMPLETED_WITHOUT_ISSUE_MS).toBe(60_000);
    const { actor } = creating();
    actor.send(completed(completedAt + 59_900));
    expect(actor.getSnapshot().value).toBe('creating');
    actor.send(completed(completedAt + 60_000));
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.failureReason).toBe(NO_ISSUE_REASON);
  });

  it('fails at once when first seen a minute or more after completion', () => {
    const { actor } = creating();
    actor.send(completed(completedAt + 5 * 60_000));
    expect(actor.getSnapshot().value).toBe('failed');
  });

  it('is created if the issue is linked within the minute', () => {
    const { actor } = creating();
    actor.send(completed(completedAt + 1_000));
    actor.send(observed({ status: 'completed', issueId: 'issue-9', completedAt: iso(completedAt) }));
    expect(actor.getSnapshot().value).toBe('created');
  });

  it('counts from when it was first seen completed when the tracker gives no time', () => {
    const { actor, persists } = creating();
    actor.send(completed(T0 + 20_000, null));
    expect(actor.getSnapshot().context.taskCompletedAt).toBe(T0 + 20_000);
    expect(persists()).toBe(1);
    actor.send(completed(T0 + 79_900, 'not a time'));
    expect(actor.getSnapshot().value).toBe('creating');
    actor.send(completed(T0 + 80_000, null));
    expect(actor.getSnapshot().value).toBe('failed');
  });
});

describe('dispatchMachine: refreshing a created dispatch', () => {
  it('shows the issue’s current identifier, title, status and priority', () => {
    const { actor, persists } = createdComment();
    actor.send({ type: 'issue.observed', issue: issue() });
    actor.send({
      type: 'issue.observed',
      issue: issue({ status: 'in_progress', priority: 'urgent', updatedAt: iso(T0 + 90_000) }),
    });
    expect(actor.getSnapshot().context).toMatchObject({
      identifier: 'ACME-7',
      title: 'Login page rejects valid passwords',
      issueStatus: 'in_progress',
      priority: 'urgent',
    });
    expect(persists()).toBe(2);
  });

  it('ignores an older read arriving late and a read of another issue', () => {
    const { actor } = createdComment();
    actor.send({ type: 'issue.observed', issue: issue({ status: 'done', updatedAt: iso(T0 + 90_000) }) });
    actor.send({ type: 'issue.observed', issue: issue({ status: 'todo', updatedAt: iso(T0 + 30_000) }) });
    actor.send({
      type: 'issue.observed',
      issue: issue({ id: 'issue-8', identifier: 'ACME-8', title: 'Other' }),
    });
    expect(actor.getSnapshot().context).toMatchObject({ issueStatus: 'done', title: issue().title });
  });

  it('matches a comment dispatch made by identifier, and keeps the issue id from then on', () => {
    const harness = startWith({ input: commentInput({ issueId: 'ACME-7' }) });
    started.push(harness);
    harness.actor.send({ type: 'issue.observed', issue: issue() });
    expect(harness.actor.getSnapshot().context).toMatchObject({ issueId: 'issue-7', identifier: 'ACME-7' });
  });
});

describe('dispatchMachine: forbidden transitions are ignored', () => {
  it('created ignores task reads: it never goes back, fails or is cancelled', () => {
    const { actor, persists } = createdComment();
    for (const status of ['failed', 'cancelled', 'completed', 'running'] as const)
      actor.send(observed({ status }, T0 + 10 * 60_000));
    expect(actor.getSnapshot().value).toBe('created');
    expect(persists()).toBe(0);
  });

  it('creating ignores issue reads until the task is linked', () => {
    const { actor } = creating();
    actor.send({ type: 'issue.observed', issue: issue() });
    expect(actor.getSnapshot().value).toBe('creating');
    expect(actor.getSnapshot().context.title).toBeNull();
  });

  it('failed and cancelled are final: nothing moves them', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { actor: failed } = creating();
    failed.send(observed({ status: 'failed' }));
    const { actor: cancelled } = creating();
    cancelled.send({ type: 'cancel.confirmed' });
    const later: DispatchEvent[] = [
      observed({ status: 'completed', issueId: 'issue-9' }),
      { type: 'issue.observed', issue: issue() },
      { type: 'cancel.confirmed' },
    ];
    for (const [actor, state] of [
      [failed, 'failed'],
      [cancelled, 'cancelled'],
    ] as const) {
      for (const event of later) {
        expect(actor.getSnapshot().can(event)).toBe(false);
        actor.send(event);
      }
      expect(actor.getSnapshot().value).toBe(state);
      expect(actor.getSnapshot().context.issueId).toBeNull();
    }
  });
});
