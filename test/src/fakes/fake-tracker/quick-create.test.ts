import { afterEach, describe, expect, it } from 'vitest';
import type { Agent, Project, Workspace } from './model.js';
import { type FakeTracker, startFakeTracker } from './server.js';
import { type Api, apiFor, eventually, type Frame, openAuthedSocket } from './test-helpers.js';

let tracker: FakeTracker;
let ws: Workspace;
let api: Api;
let agent: Agent;
let project: Project;

async function start(autoRunMs: number | false) {
  tracker = await startFakeTracker({ autoRunMs });
  ws = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
  api = apiFor(tracker, ws.id);
  agent = tracker.addAgent(ws.id, { name: 'Coder' }).agent;
  project = tracker.addProject(ws.id, { title: 'Mobile' });
}
afterEach(() => tracker.close());

const quickCreate = (json: Record<string, unknown>) =>
  api('/api/issues/quick-create', { method: 'POST', json });

async function upload(name: string, bytes: Buffer): Promise<{ id: string; markdown_url: string }> {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  return (await (await api('/api/upload-file', { method: 'POST', body: form })).json()) as {
    id: string;
    markdown_url: string;
  };
}

describe('POST /api/issues/quick-create (reference §5.8, §10)', () => {
  it('answers 202 {task_id} and runs the whole sequence, observed over the socket in order', async () => {
    await start(5);
    const socket = await openAuthedSocket(tracker, ws.id);
    const image = await upload(
      'shot.png',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]),
    );
    const prompt = `Fix the login crash\nIt happens on rotate.\n\n![shot.png](${image.markdown_url})`;
    const res = await quickCreate({
      prompt,
      agent_id: agent.id,
      project_id: project.id,
      priority: 'high',
      attachment_ids: [image.id],
    });
    expect(res.status).toBe(202);
    const body = (await res.json()) as { task_id: string };
    expect(Object.keys(body)).toEqual(['task_id']);
    const qcId = body.task_id;

    const last = await socket.next((f) => f.type === 'task:completed' && f.payload?.issue_id !== '');
    const issueId = last.payload?.issue_id as string;
    const relevant = socket.frames.filter(
      (f) => f.type?.startsWith('task:') || f.type === 'issue:created' || f.type === 'comment:created',
    );
    const directId = last.payload?.task_id as string;
    const summary = relevant.map(
      (f: Frame) =>
        `${f.type} ${f.payload?.task_id === qcId ? 'qc' : f.payload?.task_id === directId ? 'direct' : '-'} ${f.payload?.issue_id === '' ? '""' : 'issue'}`,
    );
    expect(summary).toEqual([
      'task:queued qc ""',
      'task:dispatch qc ""',
      'task:running qc ""',
      'issue:created - issue',
      'task:queued direct issue',
      'task:completed qc ""',
      'task:dispatch direct issue',
      'task:running direct issue',
      'comment:created - issue',
      'task:completed direct issue',
    ]);
    expect(relevant.find((f) => f.type === 'task:completed')).toEqual({
      type: 'task:completed',
      payload: { task_id: qcId, agent_id: agent.id, issue_id: '', status: 'completed' },
      actor_id: '',
      actor_type: 'system',
    });

    // The created issue: in the project, assigned to the agent, todo, image kept, attachment bound.
    const issue = (await (await api(`/api/issues/${issueId}`)).json()) as Record<string, unknown>;
    expect(issue).toMatchObject({
      title: 'Fix the login crash',
      description: prompt,
      status: 'todo',
      priority: 'high',
      project_id: project.id,
      assignee_type: 'agent',
      assignee_id: agent.id,
      creator_type: 'agent',
    });
    expect((issue.attachments as { id: string }[]).map((a) => a.id)).toEqual([image.id]);

    // Polling the agent's tasks shows the quick-create task linked and turned direct.
    const tasks = (await (await api(`/api/agents/${agent.id}/tasks`)).json()) as Record<string, unknown>[];
    expect(tasks.map((t) => t.id)).toEqual([directId, qcId]);
    expect(tasks[1]).toMatchObject({ status: 'completed', issue_id: issueId, kind: 'direct' });
    expect(tasks[1]?.completed_at).toMatch(/Z$/);
    expect(tasks[0]).toMatchObject({
      status: 'completed',
      issue_id: issueId,
      kind: 'direct',
      delivered_comment_ids: [],
    });

    const comments = (await (await api(`/api/issues/${issueId}/comments`)).json()) as Record<
      string,
      unknown
    >[];
    expect(comments).toHaveLength(1);
    expect(comments[0]).toMatchObject({
      author_type: 'agent',
      author_id: agent.id,
      source_task_id: directId,
    });
    socket.ws.close();
  });

  it('leaves tasks queued in manual mode until the test drives them, with scripted reply text', async () => {
    await start(false);
    const { task_id } = (await (
      await quickCreate({ prompt: 'Add dark mode', agent_id: agent.id })
    ).json()) as { task_id: string };
    const queued = (await (await api(`/api/agents/${agent.id}/tasks`)).json()) as Record<string, unknown>[];
    expect(queued[0]).toMatchObject({
      id: task_id,
      status: 'queued',
      issue_id: '',
      kind: 'quick_create',
      runtime_id: agent.runtimeId,
    });
    expect(queued[0]).not.toHaveProperty('trigger_comment_id');
    expect(tracker.advanceTask(task_id).status).toBe('dispatched');
    const qc = tracker.completeTask(task_id);
    expect(qc).toMatchObject({ status: 'completed', kind: 'direct' });
    const [direct] = tracker.tasks({ issueId: qc.issueId, kind: 'direct' }).filter((t) => t.id !== task_id);
    expect(direct?.status).toBe('queued');
    tracker.completeTask(direct?.id ?? '', { comment: 'Dark mode shipped.' });
    const comments = (await (await api(`/api/issues/${qc.issueId}/comments`)).json()) as {
      content: string;
    }[];
    expect(comments.map((c) => c.content)).toEqual(['Dark mode shipped.']);
  });

  it('refuses an agent whose runtime is offline, or that has none, with 422 agent_unavailable', async () => {
    await start(false);
    const offline = tracker.addAgent(ws.id, { runtimeOnline: false });
    const res = await quickCreate({ prompt: 'x', agent_id: offline.agent.id });
    expect(res.status).toBe(422);
    expect(await res.text()).toBe(
      '{"code":"agent_unavailable","reason":"agent runtime is offline","reason_code":"runtime_offline"}\n',
    );
    const bare = tracker.addAgent(ws.id, { noRuntime: true });
    expect(await (await quickCreate({ prompt: 'x', agent_id: bare.agent.id })).json()).toEqual({
      code: 'agent_unavailable',
      reason: 'agent has no runtime bound',
      reason_code: 'agent_runtime_required',
    });
    tracker.setRuntimeOnline(offline.runtime?.id ?? '', false, {
      code: 'not_executable',
      detail: 'claude not found on PATH',
    });
    expect(await (await quickCreate({ prompt: 'x', agent_id: offline.agent.id })).json()).toMatchObject({
      reason: 'claude not found on PATH',
      reason_code: 'runtime_unusable',
    });
    tracker.setRuntimeOnline(offline.runtime?.id ?? '', true);
    expect((await quickCreate({ prompt: 'x', agent_id: offline.agent.id })).status).toBe(202);
    expect(tracker.tasks()).toHaveLength(1);
  });

  it('refuses a runtime CLI that is too old', async () => {
    await start(false);
    const old = tracker.addAgent(ws.id, { cliVersion: '0.3.0' });
    expect((await quickCreate({ prompt: 'x', agent_id: old.agent.id })).status).toBe(202);
    const res = await quickCreate({ prompt: 'x', agent_id: old.agent.id, priority: 'low' });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      code: 'daemon_version_unsupported',
      current_version: '0.3.0',
      min_version: '0.4.3',
      runtime_id: old.runtime?.id,
    });
  });

  it.each([
    [{ prompt: '   ' }, 'prompt is required'],
    [{ prompt: 'x', priority: 'none' }, 'priority must be one of: urgent, high, medium, low'],
    [{ prompt: 'x', due_date: '2026-02-30' }, 'invalid due_date format, expected YYYY-MM-DD'],
    [{ prompt: 'x' }, 'exactly one of agent_id or squad_id is required'],
    [{ prompt: 'x', agent_id: 'coder' }, 'invalid agent_id'],
    [
      { prompt: 'x', agent_id: '01900000-0000-7000-8000-000000000000' },
      'assignee_id does not refer to an agent of this workspace',
    ],
    [{ prompt: 'x', agentOk: true, attachment_ids: ['nope'] }, 'invalid attachment_ids'],
    [{ prompt: 'x', agentOk: true, project_id: 'mobile' }, 'invalid project_id'],
    [{ prompt: 'x', agentOk: true, project_id: '01900000-0000-7000-8000-000000000000' }, 'project not found'],
    [
      { prompt: 'x', agentOk: true, parent_issue_id: '01900000-0000-7000-8000-000000000000' },
      'parent issue not found in this workspace',
    ],
  ])('answers 400 to %j', async (input, error) => {
    await start(false);
    const { agentOk, ...json } = input as Record<string, unknown>;
    const res = await quickCreate(agentOk ? { ...json, agent_id: agent.id } : json);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
    expect(tracker.tasks()).toHaveLength(0);
  });

  it('answers malformed JSON 400 invalid request body and archived agents 400', async () => {
    await start(false);
    const bad = await api('/api/issues/quick-create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'invalid request body' });
    const archived = tracker.addAgent(ws.id, { archived: true });
    expect(await (await quickCreate({ prompt: 'x', agent_id: archived.agent.id })).json()).toEqual({
      error: 'cannot assign to archived agent',
    });
  });

  it('runs queued work once an offline runtime comes back', async () => {
    await start(5);
    const { agent: sleepy, runtime } = tracker.addAgent(ws.id, { runtimeOnline: true });
    const issue = tracker.addIssue(ws.id, {
      title: 'Queued while offline',
      assignee: { type: 'agent', id: sleepy.id },
    });
    tracker.setRuntimeOnline(runtime?.id ?? '', false);
    const res = await api(`/api/issues/${issue.id}/comments`, {
      method: 'POST',
      json: { content: 'please look' },
    });
    expect(res.status).toBe(201);
    const [task] = tracker.tasks({ issueId: issue.id });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(task?.status).toBe('queued');
    tracker.setRuntimeOnline(runtime?.id ?? '', true);
    await eventually(() => task?.status === 'completed');
  });
});
