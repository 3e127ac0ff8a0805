import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Agent, Issue, Workspace } from './model.js';
import { type FakeTracker, startFakeTracker } from './server.js';
import { type Api, apiFor, openAuthedSocket } from './test-helpers.js';

let tracker: FakeTracker;
let ws: Workspace;
let api: Api;
let agent: Agent;
let issue: Issue;

beforeEach(async () => {
  tracker = await startFakeTracker({ autoRunMs: false });
  ws = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
  api = apiFor(tracker, ws.id);
  agent = tracker.addAgent(ws.id, { name: 'Coder' }).agent;
  issue = tracker.addIssue(ws.id, { title: 'Login crash', assignee: { type: 'agent', id: agent.id } });
});
afterEach(() => tracker.close());

type CommentJson = Record<string, unknown> & { id: string; content: string };
const post = (json: Record<string, unknown>, ref = 'ACME-1') =>
  api(`/api/issues/${ref}/comments`, { method: 'POST', json });

describe('POST /api/issues/{id}/comments (reference §6.2)', () => {
  it('creates a member comment (201) and wakes the assigned agent with trigger_comment_id', async () => {
    const socket = await openAuthedSocket(tracker, ws.id);
    const res = await post({ content: 'Can you also check landscape?' });
    expect(res.status).toBe(201);
    const comment = (await res.json()) as CommentJson;
    expect(comment).toMatchObject({
      issue_id: issue.id,
      author_type: 'member',
      author_id: tracker.user.id,
      type: 'comment',
      parent_id: null,
      resolved_at: null,
      reactions: [],
      attachments: [],
    });
    expect(comment).not.toHaveProperty('source_task_id');
    const [task] = tracker.tasks({ issueId: issue.id });
    expect(task).toMatchObject({ kind: 'comment', triggerCommentId: comment.id, status: 'queued' });
    const tasks = (await (await api(`/api/agents/${agent.id}/tasks`)).json()) as Record<string, unknown>[];
    expect(tasks[0]).toMatchObject({ trigger_comment_id: comment.id, kind: 'comment', issue_id: issue.id });

    tracker.completeTask(task?.id ?? '', { comment: 'Landscape fixed too.' });
    const done = await socket.next((f) => f.type === 'task:completed');
    expect(done.payload).toEqual({
      task_id: task?.id,
      agent_id: agent.id,
      issue_id: issue.id,
      status: 'completed',
    });
    // The agent's reply is stored before task:completed and threaded under the trigger.
    const created = socket.frames.filter((f) => f.type === 'comment:created');
    expect(created.map((f) => (f.payload?.comment as CommentJson | undefined)?.content)).toEqual([
      'Can you also check landscape?',
      'Landscape fixed too.',
    ]);
    expect(socket.frames.indexOf(created[1] ?? {})).toBeLessThan(socket.frames.indexOf(done));
    const comments = (await (await api(`/api/issues/${issue.id}/comments`)).json()) as CommentJson[];
    expect(comments.map((c) => c.content)).toEqual(['Can you also check landscape?', 'Landscape fixed too.']);
    expect(comments[1]).toMatchObject({
      author_type: 'agent',
      parent_id: comment.id,
      source_task_id: task?.id,
    });
    socket.ws.close();
  });

  it('coalesces a second comment into the pending task', async () => {
    const first = (await (await post({ content: 'one' })).json()) as CommentJson;
    const second = (await (await post({ content: 'two' })).json()) as CommentJson;
    const tasks = (await (await api(`/api/agents/${agent.id}/tasks`)).json()) as Record<string, unknown>[];
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({ trigger_comment_id: first.id, coalesced_comment_ids: [second.id] });
  });

  it('wakes nobody for /note, member mentions, member-to-member replies, or agents without runtime', async () => {
    const root = (await (await post({ content: '/note just for me' })).json()) as CommentJson;
    await post({ content: 'ping [@Bob](mention://member/01900000-0000-7000-8000-000000000000)' });
    await post({ content: 'a reply between people', parent_id: root.id });
    const bare = tracker.addAgent(ws.id, { noRuntime: true }).agent;
    tracker.addIssue(ws.id, { title: 'unrunnable', assignee: { type: 'agent', id: bare.id } });
    await post({ content: 'hello?' }, 'ACME-2');
    expect(tracker.tasks()).toHaveLength(0);
  });

  it('wakes the agent a reply answers, and agents mentioned explicitly', async () => {
    const helper = tracker.addAgent(ws.id, { name: 'Helper' }).agent;
    const unassigned = tracker.addIssue(ws.id, { title: 'nobody' });
    const agentComment = tracker.addComment(unassigned.id, {
      content: 'I am on it',
      author: { type: 'agent', id: helper.id },
    });
    await post({ content: 'thanks', parent_id: agentComment.id }, 'ACME-2');
    await post({ content: `[@Coder](mention://agent/${agent.id}) have a look` }, 'ACME-2');
    expect(tracker.tasks().map((t) => t.agentId)).toEqual([helper.id, agent.id]);
  });

  it.each([
    [{ content: '  ' }, 'content is required'],
    [{ content: 'x', type: 'system' }, 'invalid comment type'],
    [{ content: 'x', parent_id: 'abc' }, 'invalid parent_id'],
    [{ content: 'x', parent_id: '01900000-0000-7000-8000-000000000000' }, 'invalid parent comment'],
    [{ content: 'x', attachment_ids: [1] }, 'invalid attachment_ids'],
  ])('answers 400 to %j', async (json, error) => {
    const res = await post(json);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error });
  });

  it('answers 404 issue not found for an unknown issue, reading or writing', async () => {
    expect((await post({ content: 'x' }, 'ACME-77')).status).toBe(404);
    const res = await api('/api/issues/ACME-77/comments');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'issue not found' });
  });
});

describe('GET /api/issues/{id}/comments', () => {
  it('returns a bare array, oldest first, filtered by since', async () => {
    const t0 = Date.now() - 60_000;
    tracker.addComment(issue.id, {
      content: 'old',
      author: { type: 'member', id: tracker.user.id },
      createdAt: t0,
    });
    tracker.addComment(issue.id, {
      content: 'new',
      author: { type: 'member', id: tracker.user.id },
      createdAt: t0 + 30_000,
    });
    const all = (await (await api('/api/issues/acme-1/comments')).json()) as CommentJson[];
    expect(all.map((c) => c.content)).toEqual(['old', 'new']);
    const since = new Date(t0 + 1000).toISOString();
    const recent = (await (await api(`/api/issues/acme-1/comments?since=${since}`)).json()) as CommentJson[];
    expect(recent.map((c) => c.content)).toEqual(['new']);
  });
});
