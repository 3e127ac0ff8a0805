import { describe, expect, it } from 'vitest';
import type { TrackerClient, TrackerComment, TrackerIssue, TrackerTask } from '../api';
import { TrackerRequestError } from '../api';
import { buildTaskReport, isLinkedQuickCreate } from './task-report';
import { WorkspaceDirectory } from './workspace-directory';

// The fake Multica always posts a comment for a finished task; the fallbacks need rows it cannot make.
const WS = 'ws-1';
const issue: TrackerIssue = {
  id: 'issue-1',
  workspace_id: WS,
  number: 7,
  identifier: 'ACME-7',
  title: 'Ship it',
  description: null,
  status: 'todo',
  priority: 'urgent',
  assignee_type: 'agent',
  assignee_id: 'agent-1',
  creator_type: 'member',
  creator_id: 'user-1',
  parent_issue_id: null,
  project_id: 'project-gone',
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-01T11:00:00Z',
  last_activity_at: null,
};
const task = {
  id: 'task-1',
  agent_id: 'agent-1',
  runtime_id: 'rt',
  issue_id: issue.id,
  workspace_id: WS,
  status: 'completed',
  kind: 'direct',
  dispatched_at: null,
  started_at: null,
  completed_at: '2026-01-01T10:30:00Z',
  error: null,
  created_at: '2026-01-01T10:00:05Z',
  result: { output: 'Shipped, see PR 12.' },
} as TrackerTask;

function clientWith(comments: TrackerComment[], runs: TrackerTask[] = [task]): TrackerClient {
  const gone = (path: string) => new TrackerRequestError({ kind: 'http', method: 'GET', path, status: 404 });
  return {
    getIssue: async () => issue,
    listIssueTaskRuns: async () => runs,
    listComments: async () => comments,
    getProject: async (_ws: string, id: string) => {
      throw gone(`/api/projects/${id}`);
    },
    getAgent: async (_ws: string, id: string) => {
      throw gone(`/api/agents/${id}`);
    },
  } as unknown as TrackerClient;
}

const build = (client: TrackerClient, withTask = true) =>
  buildTaskReport(
    {
      client,
      workspace: { id: WS, name: 'Acme' },
      directory: new WorkspaceDirectory(client, WS),
      now: () => 0,
    },
    { taskId: task.id, agentId: task.agent_id, issueId: issue.id, ...(withTask ? { task } : {}) },
  );

describe('buildTaskReport fallbacks', () => {
  it('uses the task output when the agent posted no comment, and reads the task when not given', async () => {
    const outcome = await build(clientWith([]), false);
    expect(outcome).toMatchObject({
      report: {
        text: 'Shipped, see PR 12.',
        occurredAt: '2026-01-01T10:30:00.000Z',
        updatedAt: '2026-01-01T11:00:00.000Z',
        // A deleted project or agent does not stop the call.
        projectId: 'project-gone',
        project: null,
        agentName: 'Agent',
      },
    });
  });

  it('says so when there is neither a comment nor an output', async () => {
    const outcome = await build(clientWith([], []), false);
    expect(outcome).toMatchObject({
      report: {
        text: 'The agent finished task task-1 on ACME-7 without a comment.',
        occurredAt: '1970-01-01T00:00:00.000Z',
      },
    });
  });

  it('skips a task whose issue is gone, and throws other read failures for a later retry', async () => {
    const missing = {
      ...clientWith([]),
      getIssue: async () => {
        throw new TrackerRequestError({ kind: 'http', method: 'GET', path: '/api/issues/x', status: 404 });
      },
    } as TrackerClient;
    expect(await build(missing)).toEqual({ skip: 'its issue no longer exists' });
    const down = {
      ...clientWith([]),
      listComments: async () => {
        throw new TrackerRequestError({
          kind: 'network',
          method: 'GET',
          path: '/c',
          detail: 'connect ECONNREFUSED',
        });
      },
    } as TrackerClient;
    await expect(build(down)).rejects.toThrow('connect ECONNREFUSED');
  });
});

describe('isLinkedQuickCreate', () => {
  const byAgent = {
    ...issue,
    creator_type: 'agent' as const,
    creator_id: 'agent-1',
    created_at: '2026-01-01T10:00:05Z',
  };
  it('takes an agent-created issue’s older, silent, untriggered task for the quick-create one', () => {
    expect(isLinkedQuickCreate({ ...task, created_at: '2026-01-01T10:00:00Z' }, byAgent, [])).toBe(true);
    expect(isLinkedQuickCreate({ ...task, kind: 'quick_create' }, issue, [])).toBe(true);
  });
  it('keeps real issue tasks', () => {
    const comment = { source_task_id: task.id } as TrackerComment;
    expect(isLinkedQuickCreate({ ...task, created_at: '2026-01-01T10:00:00Z' }, byAgent, [comment])).toBe(
      false,
    );
    expect(isLinkedQuickCreate({ ...task, created_at: '2026-01-01T10:00:09Z' }, byAgent, [])).toBe(false);
    expect(isLinkedQuickCreate({ ...task, created_at: '2026-01-01T10:00:00Z' }, issue, [])).toBe(false);
  });
});
