import { afterEach, describe, expect, it } from 'vitest';
import { type FakeTracker, startFakeTracker } from './server.js';
import { apiFor, eventually } from './test-helpers.js';

let tracker: FakeTracker;
afterEach(() => tracker.close());

type Row = Record<string, string>;

const control = async <T = Row>(path: string, json: unknown = {}, method = 'POST') => {
  const res = await fetch(`${tracker.url}/__fake${path}`, {
    method,
    headers: method === 'GET' ? {} : { 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : JSON.stringify(json),
  });
  return { status: res.status, body: (await res.json()) as T };
};

describe('/__fake control endpoints', () => {
  it('builds a world, flips a runtime, drives a task with given text, and exposes the logs', async () => {
    tracker = await startFakeTracker({ autoRunMs: false });
    const user = await control<{ token: string; user: Row }>('/users', { name: 'Tess' });
    expect(user.body.token).toMatch(/^mul_[0-9a-f]{40}$/);
    const ws = await control('/workspaces', {
      name: 'Beta',
      issuePrefix: 'BETA',
      ownerId: user.body.user.id,
    });
    expect(ws.body).toMatchObject({ name: 'Beta', issue_prefix: 'BETA' });
    const created = await control<{ agent: Row; runtime: Row }>(`/workspaces/${ws.body.id}/agents`, {
      name: 'Coder',
      runtimeOnline: false,
    });
    const { agent, runtime } = created.body;
    expect(agent.runtime_id).toBe(runtime.id);
    const project = await control(`/workspaces/${ws.body.id}/projects`, { title: 'Core' });
    expect(project.status).toBe(201);
    const status = await control(`/workspaces/${ws.body.id}/statuses`, {
      key: 'qa',
      name: 'QA',
      category: 'in_review',
    });
    expect(status.body).toMatchObject({ key: 'qa', is_system: false });

    const api = apiFor(tracker, ws.body.id, user.body.token);
    const refused = await api('/api/issues/quick-create', {
      method: 'POST',
      json: { prompt: 'Ship it', agent_id: agent.id },
    });
    expect(refused.status).toBe(422);
    expect((await control(`/runtimes/${runtime.id}/online`, { online: true })).body.status).toBe('online');
    const accepted = await api('/api/issues/quick-create', {
      method: 'POST',
      json: { prompt: 'Ship it', agent_id: agent.id },
    });
    const { task_id } = (await accepted.json()) as { task_id: string };

    expect((await control(`/tasks/${task_id}/advance`)).body.status).toBe('dispatched');
    const qc = await control(`/tasks/${task_id}/complete`);
    expect(qc.body).toMatchObject({ status: 'completed', kind: 'direct' });
    const tasks = await control<Row[]>('/tasks', undefined, 'GET');
    const direct = tasks.body.find((t) => t.id !== task_id);
    await control(`/tasks/${direct?.id}/complete`, { comment: 'Shipped in v2.' });
    const comments = (await (await api(`/api/issues/${qc.body.issue_id}/comments`)).json()) as {
      content: string;
    }[];
    expect(comments.map((c) => c.content)).toEqual(['Shipped in v2.']);

    const issue = await control(`/workspaces/${ws.body.id}/issues`, {
      title: 'Manual',
      assignee: { type: 'agent', id: agent.id },
      enqueueTask: true,
    });
    expect(issue.body.identifier).toBe('BETA-2');
    const pending = tracker.tasks({ issueId: issue.body.id })[0];
    expect((await control(`/tasks/${pending?.id}/fail`, { error: 'nope' })).body).toMatchObject({
      status: 'failed',
      error: 'nope',
    });
    expect((await control('/tasks/01900000-0000-7000-8000-000000000000/complete')).status).toBe(404);

    // The request log holds exactly what the client sent (and no control calls): one write per dispatch.
    type Logged = {
      method: string;
      path: string;
      status: number;
      headers: Record<string, string>;
      body: unknown;
    }[];
    const log = (await control<Logged>('/requests', undefined, 'GET')).body;
    const writes = log.filter((r) => r.method === 'POST');
    expect(writes.map((r) => [r.path, r.status])).toEqual([
      ['/api/issues/quick-create', 422],
      ['/api/issues/quick-create', 202],
    ]);
    expect(writes[1]?.headers['x-workspace-id']).toBe(ws.body.id);
    expect(writes[1]?.headers.authorization).toBe(`Bearer ${user.body.token}`);
    expect(writes[1]?.body).toEqual({ prompt: 'Ship it', agent_id: agent.id });
    await control('/requests', undefined, 'DELETE');
    expect(tracker.requests).toHaveLength(0);
    const events = (await control<{ type: string }[]>('/events', undefined, 'GET')).body;
    expect(events.filter((e) => e.type === 'task:completed')).toHaveLength(2);
  });

  it('switches auto-run on, queues replies, drops sockets and reports bad input as 400', async () => {
    tracker = await startFakeTracker({ autoRunMs: false });
    const ws = tracker.createWorkspace({ name: 'Acme' });
    const { agent } = tracker.addAgent(ws.id);
    const issue = tracker.addIssue(ws.id, {
      title: 'auto',
      assignee: { type: 'agent', id: agent.id },
      enqueueTask: true,
    });
    await control('/replies', { text: 'Auto reply.' });
    await control('/auto-run', { ms: 2 });
    await eventually(() => tracker.tasks({ issueId: issue.id })[0]?.status === 'completed');
    expect([...tracker.state.comments.values()].map((c) => c.content)).toEqual(['Auto reply.']);
    expect((await control('/sockets/drop', {})).body).toEqual({ dropped: 0 });
    const bad = await control(`/workspaces/${ws.id}/statuses`, { key: 'Done!', name: 'x', category: 'done' });
    expect(bad.status).toBe(400);
  });
});

describe('seedDemo', () => {
  it('seeds Acme with projects, three kinds of agent, a custom status and a dozen varied issues', async () => {
    tracker = await startFakeTracker({ seed: true, autoRunMs: false });
    const seed = tracker.seed;
    expect(seed?.token).toBe(tracker.token);
    const api = apiFor(tracker, seed?.workspace.id);
    const agents = (await (await api('/api/agents')).json()) as { runtime_id: string }[];
    const runtimes = (await (await api('/api/runtimes')).json()) as { id: string; status: string }[];
    expect(agents).toHaveLength(3);
    expect(agents[2]?.runtime_id).toBe('');
    expect(runtimes.map((r) => r.status)).toEqual(['online', 'offline']);
    const issues = (await (await api('/api/issues?sort=last_activity')).json()) as {
      issues: Record<string, unknown>[];
      total: number;
    };
    expect(issues.total).toBe(12);
    expect(new Set(issues.issues.map((i) => i.status)).size).toBeGreaterThanOrEqual(7);
    expect(issues.issues.some((i) => i.status === 'qa_check')).toBe(true);
    expect(issues.issues.at(-1)?.last_activity_at).toBeNull();
    expect(((await (await api('/api/projects')).json()) as { total: number }).total).toBe(3);
    const comments = (await (await api('/api/issues/ACME-1/comments')).json()) as unknown[];
    expect(comments).toHaveLength(2);
  });
});
