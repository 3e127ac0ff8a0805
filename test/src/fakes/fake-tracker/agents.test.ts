import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Workspace } from './model.js';
import { type FakeTracker, startFakeTracker } from './server.js';
import { type Api, apiFor, openAuthedSocket } from './test-helpers.js';

let tracker: FakeTracker;
let ws: Workspace;
let api: Api;

beforeEach(async () => {
  tracker = await startFakeTracker({ autoRunMs: false });
  ws = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
  api = apiFor(tracker, ws.id);
});
afterEach(() => tracker.close());

describe('agents and runtimes (reference §5.1–5.3)', () => {
  it('lists agents as a bare array, oldest first, with "" for an unbound runtime and archived hidden', async () => {
    const online = tracker.addAgent(ws.id, { name: 'Coder' });
    const bare = tracker.addAgent(ws.id, { name: 'Drafter', noRuntime: true });
    tracker.addAgent(ws.id, { name: 'Gone', archived: true });
    const agents = (await (await api('/api/agents')).json()) as Record<string, unknown>[];
    expect(agents.map((a) => a.name)).toEqual(['Coder', 'Drafter']);
    expect(agents[0]).toMatchObject({
      id: online.agent.id,
      runtime_id: online.runtime?.id,
      runtime_bound: true,
      archived_at: null,
      description: '',
    });
    expect(agents[1]).toMatchObject({ id: bare.agent.id, runtime_id: '', runtime_bound: false });
    const withArchived = (await (await api('/api/agents?include_archived=true')).json()) as unknown[];
    expect(withArchived).toHaveLength(3);
  });

  it('gates one agent: 400 non-UUID, 404 unknown, 403 private to a plain member', async () => {
    const member = tracker.createUser();
    tracker.addMember(ws.id, member.user.id, 'member');
    const secret = tracker.addAgent(ws.id, { permissionMode: 'private' }).agent;
    const bad = await api('/api/agents/coder');
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'invalid agent id' }]);
    const missing = await api('/api/agents/01900000-0000-7000-8000-000000000000');
    expect([missing.status, await missing.json()]).toEqual([404, { error: 'agent not found' }]);
    const asMember = apiFor(tracker, ws.id, member.token);
    const denied = await asMember(`/api/agents/${secret.id}`);
    expect([denied.status, await denied.json()]).toEqual([
      403,
      { error: 'you do not have access to this agent' },
    ]);
    expect(await (await asMember('/api/agents')).json()).toEqual([]);
    expect((await api(`/api/agents/${secret.id}`)).status).toBe(200);
  });

  it('lists runtimes with online/offline status and ?owner=me', async () => {
    const other = tracker.createUser();
    tracker.addMember(ws.id, other.user.id);
    tracker.addAgent(ws.id, { runtimeOnline: true });
    tracker.addAgent(ws.id, { runtimeOnline: false, ownerId: other.user.id });
    const runtimes = (await (await api('/api/runtimes')).json()) as Record<string, unknown>[];
    expect(runtimes.map((r) => r.status)).toEqual(['online', 'offline']);
    expect(runtimes[0]).toMatchObject({ metadata: { cli_version: '0.5.0' }, provider: 'claude' });
    expect(await (await api('/api/runtimes?owner=me')).json()).toHaveLength(1);
  });
});

describe('tasks (reference §5.5–5.9)', () => {
  it('lists every task of an agent newest first, ignoring limit', async () => {
    const { agent } = tracker.addAgent(ws.id);
    for (let i = 0; i < 3; i += 1)
      tracker.addIssue(ws.id, {
        title: `t${i}`,
        assignee: { type: 'agent', id: agent.id },
        enqueueTask: true,
      });
    const tasks = (await (await api(`/api/agents/${agent.id}/tasks?limit=1`)).json()) as Record<
      string,
      unknown
    >[];
    expect(tasks).toHaveLength(3);
    const issueIds = [...tracker.state.issues.keys()].reverse();
    expect(tasks.map((t) => t.issue_id)).toEqual(issueIds);
    expect(tasks[0]).toMatchObject({
      status: 'queued',
      kind: 'direct',
      dispatched_at: null,
      error: null,
      attempt: 1,
    });
    expect(tasks[0]).not.toHaveProperty('failure_reason');
    expect(tasks[0]).not.toHaveProperty('parent_task_id');
  });

  it('cancels a live task once (task:cancelled) and returns a terminal one unchanged', async () => {
    const { agent } = tracker.addAgent(ws.id);
    const issue = tracker.addIssue(ws.id, {
      title: 'x',
      assignee: { type: 'agent', id: agent.id },
      enqueueTask: true,
    });
    const [task] = tracker.tasks({ issueId: issue.id });
    const socket = await openAuthedSocket(tracker, ws.id);
    const res = await api(`/api/tasks/${task?.id}/cancel`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: task?.id, status: 'cancelled' });
    const frame = await socket.next((f) => f.type === 'task:cancelled');
    expect(frame.payload).toEqual({
      task_id: task?.id,
      agent_id: agent.id,
      issue_id: issue.id,
      status: 'cancelled',
    });

    const done = tracker.addIssue(ws.id, {
      title: 'y',
      assignee: { type: 'agent', id: agent.id },
      enqueueTask: true,
    });
    const [finished] = tracker.tasks({ issueId: done.id });
    tracker.completeTask(finished?.id ?? '');
    const again = await api(`/api/tasks/${finished?.id}/cancel`, { method: 'POST' });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: 'completed' });
    socket.ws.close();
  });

  it('answers 400 invalid task id and 404 task not found', async () => {
    const bad = await api('/api/tasks/zzz/cancel', { method: 'POST' });
    expect([bad.status, await bad.json()]).toEqual([400, { error: 'invalid task id' }]);
    const missing = await api('/api/tasks/01900000-0000-7000-8000-000000000000/cancel', { method: 'POST' });
    expect([missing.status, await missing.json()]).toEqual([404, { error: 'task not found' }]);
  });

  it('reports a failure with reason and no error text on the socket', async () => {
    const { agent } = tracker.addAgent(ws.id);
    const issue = tracker.addIssue(ws.id, {
      title: 'x',
      assignee: { type: 'agent', id: agent.id },
      enqueueTask: true,
    });
    const [task] = tracker.tasks({ issueId: issue.id });
    const socket = await openAuthedSocket(tracker, ws.id);
    tracker.failTask(task?.id ?? '', { error: 'boom', failureReason: 'agent_error' });
    const frame = await socket.next((f) => f.type === 'task:failed');
    expect(frame.payload).toEqual({
      task_id: task?.id,
      agent_id: agent.id,
      issue_id: issue.id,
      status: 'failed',
      failure_reason: 'agent_error',
      retry_pending: false,
    });
    const runs = (await (await api(`/api/issues/${issue.id}/task-runs`)).json()) as Record<string, unknown>[];
    expect(runs[0]).toMatchObject({ status: 'failed', error: 'boom', failure_reason: 'agent_error' });
    expect(await (await api(`/api/issues/${issue.id}/active-task`)).json()).toEqual({ tasks: [] });
    socket.ws.close();
  });
});
