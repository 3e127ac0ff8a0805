import { assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import {
  completedWithoutIssueTooLong,
  completionTime,
  failureReasonOf,
  isFreshIssueRead,
  isLinked,
  NO_ISSUE_REASON,
} from './dispatch-rules';
import type { DispatchContext, DispatchEvent, DispatchInput } from './dispatch-types';

/**
 * One dispatch record, following the spec's Dispatch state table. An issue dispatch is `creating`
 * until a refresh read of its quick-create task (`task.observed`) says the task is linked to an
 * issue (`created`), failed, or cancelled, or that it completed at least a minute ago with no
 * issue (`failed`). A comment dispatch starts `created`. While `created`, issue reads
 * (`issue.observed`) keep the shown title, status and priority current; `failed` and `cancelled`
 * are final.
 *
 * Cancel is one event, sent after the fact: `cancelling` is not a spec state, and the record must
 * not say `cancelled` before the tracker has cancelled the task. So the host asks
 * `can({ type: 'cancel.confirmed' })` (true only while `creating`), calls the tracker, and sends
 * `cancel.confirmed` when the answer is a cancelled task. The tracker answers an already finished
 * task unchanged (200): the host then sends that task as `task.observed`, which links, fails or
 * keeps waiting like any refresh. Cancelling a `created` dispatch changes nothing (no call, no
 * event). Time comes only from events (`now`); `persist` tells the host the record changed.
 */
export const dispatchMachine = setup({
  types: {} as { context: DispatchContext; events: DispatchEvent; input: DispatchInput },
  actions: {
    persist: () => {},
    linkIssue: assign(({ event }) => {
      assertEvent(event, 'task.observed');
      return { issueId: event.task.issueId };
    }),
    failTask: assign(({ event }) => {
      assertEvent(event, 'task.observed');
      return { failureReason: failureReasonOf(event.task) };
    }),
    failWithoutIssue: assign({ failureReason: NO_ISSUE_REASON }),
    noteCompletion: assign(({ context, event }) => {
      assertEvent(event, 'task.observed');
      return { taskCompletedAt: completionTime(event.task, context.taskCompletedAt, event.now) };
    }),
    showIssue: assign(({ event }) => {
      assertEvent(event, 'issue.observed');
      const { id, identifier, title, status, priority, updatedAt } = event.issue;
      return { issueId: id, identifier, title, issueStatus: status, priority, issueUpdatedAt: updatedAt };
    }),
  },
  guards: {
    isComment: ({ context }) => context.kind === 'comment',
    taskLinked: ({ event }) => event.type === 'task.observed' && isLinked(event.task),
    taskFailed: ({ event }) => event.type === 'task.observed' && event.task.status === 'failed',
    taskCancelled: ({ event }) => event.type === 'task.observed' && event.task.status === 'cancelled',
    noIssueForAMinute: ({ context, event }) =>
      event.type === 'task.observed' &&
      completedWithoutIssueTooLong(event.task, context.taskCompletedAt, event.now),
    firstSeenCompleted: ({ context, event }) =>
      event.type === 'task.observed' && event.task.status === 'completed' && context.taskCompletedAt === null,
    freshIssueRead: ({ context, event }) =>
      event.type === 'issue.observed' && isFreshIssueRead(context, event.issue),
  },
}).createMachine({
  id: 'dispatch',
  context: ({ input }) => ({
    schemaVersion: 1,
    id: input.id,
    kind: input.kind,
    workspaceId: input.workspaceId,
    taskId: input.taskId ?? null,
    projectId: input.projectId ?? null,
    agentId: input.agentId ?? null,
    agentName: input.agentName,
    prompt: input.prompt,
    images: input.images,
    createdAt: input.createdAt,
    issueId: input.issueId ?? null,
    identifier: null,
    title: null,
    issueStatus: null,
    priority: null,
    issueUpdatedAt: null,
    taskCompletedAt: null,
    failureReason: null,
  }),
  initial: 'accepted',
  states: {
    // Passing: the tracker accepted the dispatch; never seen after start.
    accepted: { always: [{ guard: 'isComment', target: 'created' }, { target: 'creating' }] },
    creating: {
      on: {
        'task.observed': [
          // Linked wins: a linked task has done its job whatever its status says.
          { guard: 'taskLinked', target: 'created', actions: ['linkIssue', 'persist'] },
          { guard: 'taskFailed', target: 'failed', actions: ['failTask', 'persist'] },
          { guard: 'taskCancelled', target: 'cancelled', actions: 'persist' },
          { guard: 'noIssueForAMinute', target: 'failed', actions: ['failWithoutIssue', 'persist'] },
          // Completed moments ago: remember when, in case the tracker's time is missing.
          { guard: 'firstSeenCompleted', actions: ['noteCompletion', 'persist'] },
        ],
        'cancel.confirmed': { target: 'cancelled', actions: 'persist' },
      },
    },
    created: {
      on: { 'issue.observed': { guard: 'freshIssueRead', actions: ['showIssue', 'persist'] } },
    },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export type DispatchSnapshot = SnapshotFrom<typeof dispatchMachine>;
