import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Agent, Workspace } from '../../../../test/src/fakes/fake-tracker/index';
import { asSetting, eventually, type Harness, pause, startHarness, taskListReads } from './watch-harness';
import { TRACKER_WATCH_FILE } from './watch-store';

let h: Harness;
let ws: Workspace;
let agent: Agent;

beforeEach(async () => {
  h = await startHarness();
  ws = h.tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
  agent = h.tracker.addAgent(ws.id, { name: 'Coder' }).agent;
  if (h.config) h.config.workspaces = [asSetting(ws)];
});
afterEach(() => h.close());

/** Started, connected, and done with its first catch-up read. */
async function connectedWatcher() {
  const reads = taskListReads(h.tracker);
  const watcher = await h.startWatcher();
  await eventually(() => watcher.statuses()[0]?.state === 'connected');
  await eventually(() => taskListReads(h.tracker) > reads);
  return watcher;
}

function issueTask(title: string, opts: { projectId?: string; priority?: 'high' | 'low' } = {}) {
  const issue = h.tracker.addIssue(ws.id, {
    title,
    assignee: { type: 'agent', id: agent.id },
    enqueueTask: true,
    ...opts,
  });
  const task = h.tracker.tasks({ issueId: issue.id })[0];
  if (!task) throw new Error('no task queued');
  return { issue, task };
}

describe('TrackerWatcher: live task reports', () => {
  it('connects, shows connected, and reports a finished task once with its fields and comments', async () => {
    const project = h.tracker.addProject(ws.id, { title: 'Core' });
    const watcher = await connectedWatcher();
    expect(watcher.statuses()).toEqual([
      { workspaceId: ws.id, state: 'connected', since: expect.any(String) },
    ]);
    const { issue, task } = issueTask('Fix login', { projectId: project.id, priority: 'high' });
    h.tracker.advanceTask(task.id);
    h.tracker.addComment(issue.id, {
      content: 'Looking into it.',
      author: { type: 'agent', id: agent.id },
      sourceTaskId: task.id,
    });
    h.tracker.addComment(issue.id, {
      content: 'A human aside.',
      author: { type: 'member', id: h.tracker.user.id },
    });
    h.tracker.completeTask(task.id, { comment: 'Fixed in abc123.' });

    await eventually(() => h.reports.length === 1);
    const issueJson = (await (
      await fetch(`${h.tracker.url}/api/issues/${issue.id}`, {
        headers: { authorization: `Bearer ${h.tracker.token}`, 'x-workspace-id': ws.id },
      })
    ).json()) as { last_activity_at: string };
    expect(h.reports[0]).toEqual({
      source: 'tracker',
      workspaceId: ws.id,
      workspaceName: 'Acme',
      issueId: issue.id,
      identifier: 'ACME-1',
      title: 'Fix login',
      projectId: project.id,
      project: 'Core',
      priority: 'high',
      updatedAt: new Date(issueJson.last_activity_at).toISOString(),
      agentId: agent.id,
      agentName: 'Coder',
      taskId: task.id,
      text: 'Looking into it.\n\nFixed in abc123.',
      // Multica's whole seconds.
      occurredAt: new Date(Math.floor((task.completedAt ?? 0) / 1000) * 1000).toISOString(),
    });
    // Other events of the task and the issue ring nothing more, and neither does a reconnect.
    h.tracker.dropSockets();
    await eventually(() => h.tracker.socketCount(ws.id) === 1);
    await pause(150);
    expect(h.reports).toHaveLength(1);
  });

  it('reports an issue in no project with project null', async () => {
    await connectedWatcher();
    const { task } = issueTask('Tidy up');
    h.tracker.completeTask(task.id, { comment: 'Tidied.' });
    await eventually(() => h.reports.length === 1);
    expect(h.reports[0]).toMatchObject({ projectId: null, project: null, priority: 'none', text: 'Tidied.' });
  });

  it('does not report a quick-create task, but reports its issue’s own task, also after a reconnect', async () => {
    await connectedWatcher();
    const res = await fetch(`${h.tracker.url}/api/issues/quick-create`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${h.tracker.token}`,
        'x-workspace-id': ws.id,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prompt: 'Add dark mode', agent_id: agent.id }),
    });
    const { task_id } = (await res.json()) as { task_id: string };
    h.tracker.completeTask(task_id);
    const direct = await eventually(() =>
      h.tracker.tasks({ agentId: agent.id }).find((t) => t.id !== task_id && t.kind === 'direct'),
    );
    await pause(100);
    expect(h.reports).toEqual([]);
    h.tracker.completeTask(direct.id, { comment: 'Dark mode is in.' });
    await eventually(() => h.reports.length === 1);
    expect(h.reports[0]).toMatchObject({
      taskId: direct.id,
      title: 'Add dark mode',
      text: 'Dark mode is in.',
    });

    // The quick-create row now reads `direct` with the issue id: a catch-up must not take it.
    const reads = taskListReads(h.tracker);
    h.tracker.dropSockets();
    await eventually(() => taskListReads(h.tracker) > reads);
    await pause(150);
    expect(h.reports.map((r) => r.taskId)).toEqual([direct.id]);
  });

  it('ignores failed, cancelled and chat-like events', async () => {
    await connectedWatcher();
    const failed = issueTask('Will fail').task;
    h.tracker.failTask(failed.id);
    const cancelled = issueTask('Will be cancelled').task;
    h.tracker.cancelTask(cancelled.id);
    await pause(150);
    expect(h.reports).toEqual([]);
  });

  it('counts a task as reported only once onFinished resolved, and tries again later', async () => {
    let refusals = 1;
    const delivered: string[] = [];
    const watcher = await h.startWatcher({
      onFinished: async (report) => {
        if (refusals-- > 0) throw new Error('outbox write failed: ENOSPC');
        delivered.push(report.taskId);
      },
    });
    await eventually(() => watcher.statuses()[0]?.state === 'connected');
    const { task } = issueTask('Retry me');
    h.tracker.completeTask(task.id, { comment: 'Done.' });
    await eventually(() => delivered.length === 1);
    expect(delivered).toEqual([task.id]);
    expect(
      h.logger.lines.some(
        (l) => l.includes(`could not report tracker task ${task.id}`) && l.includes('ENOSPC'),
      ),
    ).toBe(true);
    await pause(300);
    expect(delivered).toHaveLength(1);
  });
});

describe('TrackerWatcher: catch-up and persistence', () => {
  it('reports a task that finished while disconnected exactly once after the reconnect', async () => {
    const watcher = await connectedWatcher();
    h.tracker.refuseSockets(true);
    h.tracker.dropSockets();
    await eventually(() => watcher.statuses()[0]?.state === 'disconnected');
    const { task } = issueTask('While away');
    h.tracker.completeTask(task.id, { comment: 'Done while you were away.' });
    await eventually(() => watcher.statuses()[0]?.error?.includes('503'));
    expect(watcher.statuses()[0]?.error).toBe(
      'the tracker answered 503 to the realtime upgrade: realtime unavailable',
    );
    expect(h.reports).toEqual([]);
    h.tracker.refuseSockets(false);
    await eventually(() => h.reports.length === 1);
    expect(h.reports[0]).toMatchObject({ taskId: task.id, text: 'Done while you were away.' });
    expect(watcher.statuses()[0]?.state).toBe('connected');
    await pause(150);
    expect(h.reports).toHaveLength(1);
  });

  it('tells a quick-create task that finished while disconnected from its issue’s task', async () => {
    const watcher = await connectedWatcher();
    h.tracker.refuseSockets(true);
    h.tracker.dropSockets();
    await eventually(() => watcher.statuses()[0]?.state === 'disconnected');
    const res = await fetch(`${h.tracker.url}/api/issues/quick-create`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${h.tracker.token}`,
        'x-workspace-id': ws.id,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ prompt: 'Write the changelog', agent_id: agent.id }),
    });
    const { task_id } = (await res.json()) as { task_id: string };
    h.tracker.completeTask(task_id);
    const direct = h.tracker.tasks({ agentId: agent.id }).find((t) => t.id !== task_id);
    if (!direct) throw new Error('no direct task');
    h.tracker.completeTask(direct.id, { comment: 'Changelog written.' });
    h.tracker.refuseSockets(false);
    await eventually(() => h.reports.length === 1);
    await pause(150);
    expect(h.reports.map((r) => [r.taskId, r.text])).toEqual([[direct.id, 'Changelog written.']]);
  });

  it('does not report again after a restart, and reports what finished while stopped', async () => {
    const first = await connectedWatcher();
    const { task } = issueTask('Before restart');
    h.tracker.completeTask(task.id, { comment: 'One.' });
    await eventually(() => h.reports.length === 1);
    await first.stop();

    const later = issueTask('While stopped').task;
    h.tracker.completeTask(later.id, { comment: 'Two.' });
    await connectedWatcher();
    await eventually(() => h.reports.length === 2);
    await pause(150);
    expect(h.reports.map((r) => r.taskId)).toEqual([task.id, later.id]);

    const file = join(h.dataDir, TRACKER_WATCH_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved).toMatchObject({ version: 1, workspaces: { [ws.id]: { watermark: expect.any(String) } } });
    expect(saved.handled).toEqual([task.id, later.id]);
  });

  it('does not ring the history on the first connection to a workspace', async () => {
    h.setClockOffset(-3_600_000);
    const old = issueTask('Long done').task;
    h.tracker.completeTask(old.id, { comment: 'Old news.' });
    h.setClockOffset(0);
    await connectedWatcher();
    await pause(150);
    expect(h.reports).toEqual([]);
    const { task } = issueTask('Fresh');
    h.tracker.completeTask(task.id, { comment: 'New.' });
    await eventually(() => h.reports.length === 1);
    expect(h.reports[0]?.taskId).toBe(task.id);
  });

  it('logs a failed tracker read with its network cause and reads again later', async () => {
    const dead = await import('node:net').then(
      ({ createServer }) =>
        new Promise<number>((resolve) => {
          const server = createServer().listen(0, '127.0.0.1', () => {
            const address = server.address();
            server.close(() => resolve(typeof address === 'object' && address ? address.port : 1));
          });
        }),
    );
    const { createTrackerClient } = await import('../api');
    // The socket reaches the tracker; its REST reads go to a closed port.
    const watcher = await h.startWatcher({
      client: (token) =>
        createTrackerClient({
          baseUrl: `http://127.0.0.1:${dead}`,
          token,
          logger: h.logger,
          sleep: async () => {},
        }),
    });
    await eventually(() => watcher.statuses()[0]?.state === 'connected');
    const line = await eventually(() => h.logger.lines.find((l) => l.includes('catch-up read of workspace')));
    expect(line).toContain(`Acme (${ws.id})`);
    expect(line).toContain(`tracker GET /api/agents failed: connect ECONNREFUSED 127.0.0.1:${dead}`);
    // Each failed attempt is logged too, and the read is tried again after reportRetryMs.
    expect(h.logger.lines.filter((l) => l.includes('ECONNREFUSED') && l.includes('attempt')).length).toBe(4);
    await eventually(
      () => h.logger.lines.filter((l) => l.includes('catch-up read of workspace')).length >= 2,
    );
  });
});
