import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { Workspace } from '../../../../test/src/fakes/fake-tracker/index';
import { asSetting, eventually, type Harness, pause, startHarness } from './watch-harness';
import { TRACKER_WATCH_FILE } from './watch-store';

let h: Harness;
let ws: Workspace;

beforeEach(async () => {
  h = await startHarness();
  ws = h.tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
  if (h.config) h.config.workspaces = [asSetting(ws)];
});
afterEach(() => h.close());

async function savedWorkspaces(): Promise<string[]> {
  const text = await readFile(join(h.dataDir, TRACKER_WATCH_FILE), 'utf8').catch(() => '{"workspaces":{}}');
  return Object.keys(JSON.parse(text).workspaces);
}

const reconnectLines = () => h.logger.lines.filter((l) => l.includes('reconnecting in'));

describe('TrackerWatcher: connection status', () => {
  it('shows the tracker’s words for a bad token, retries slowly, and connects after a reload', async () => {
    h.config = { token: `mul_${'0'.repeat(40)}`, workspaces: [asSetting(ws)] };
    const watcher = await h.startWatcher();
    expect(watcher.statuses()[0]?.state).toBe('connecting');
    await eventually(() => watcher.statuses()[0]?.state === 'disconnected');
    expect(watcher.statuses()[0]).toEqual({
      workspaceId: ws.id,
      state: 'disconnected',
      since: expect.any(String),
      error: 'invalid token',
    });
    await eventually(() => reconnectLines().length >= 2);
    for (const line of reconnectLines()) {
      const delay = Number(/reconnecting in (\d+) ms/.exec(line)?.[1]);
      // authRetryMs 250 ± 20 %, not the 30 ms of an ordinary first retry.
      expect(delay).toBeGreaterThanOrEqual(200);
      expect(delay).toBeLessThanOrEqual(300);
    }
    expect(h.logger.lines.join('\n')).not.toContain('0000000000');

    h.config = { token: h.tracker.token, workspaces: [asSetting(ws)] };
    watcher.reload();
    await eventually(() => watcher.statuses()[0]?.state === 'connected');
    expect(watcher.statuses()[0]?.error).toBeUndefined();
  });

  it('shows "not a member of this workspace" for a token of another account', async () => {
    h.config = { token: h.tracker.createUser().token, workspaces: [asSetting(ws)] };
    const watcher = await h.startWatcher();
    await eventually(() => watcher.statuses()[0]?.error === 'not a member of this workspace');
    expect(watcher.statuses()[0]?.state).toBe('disconnected');
  });

  it('shows and logs the network cause when the tracker is gone, keeping the time it went down', async () => {
    const watcher = await h.startWatcher();
    await eventually(() => watcher.statuses()[0]?.state === 'connected');
    const port = new URL(h.tracker.url).port;
    await h.tracker.close();
    await eventually(() => watcher.statuses()[0]?.error?.includes('ECONNREFUSED'));
    const down = watcher.statuses()[0];
    expect(down).toMatchObject({ state: 'disconnected', error: `connect ECONNREFUSED 127.0.0.1:${port}` });
    await eventually(() => reconnectLines().filter((l) => l.includes('ECONNREFUSED')).length >= 2);
    expect(watcher.statuses()[0]?.since).toBe(down?.since);
    expect(reconnectLines().at(-1)).toContain(
      `workspace Acme (${ws.id}): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
  });

  it('closes every socket on stop and opens none after', async () => {
    const watcher = await h.startWatcher();
    await eventually(() => h.tracker.socketCount(ws.id) === 1);
    await watcher.stop();
    expect(h.tracker.socketCount(ws.id)).toBe(0);
    watcher.reload();
    await pause(100);
    expect(h.tracker.socketCount(ws.id)).toBe(0);
  });
});

describe('TrackerWatcher: reload', () => {
  it('switches workspaces: closes the removed one, opens the new one, and reports only the new', async () => {
    const other = h.tracker.createWorkspace({ name: 'Beta', issuePrefix: 'BETA' });
    const agentA = h.tracker.addAgent(ws.id, { name: 'A' }).agent;
    const agentB = h.tracker.addAgent(other.id, { name: 'B' }).agent;
    const watcher = await h.startWatcher();
    await eventually(() => watcher.statuses()[0]?.state === 'connected');
    // Acme's watermark is on disk before the switch, so forgetting it shows.
    while (!(await savedWorkspaces()).includes(ws.id)) await pause(10);

    h.config = { token: h.tracker.token, workspaces: [asSetting(other)] };
    watcher.reload();
    await eventually(() => h.tracker.socketCount(ws.id) === 0 && h.tracker.socketCount(other.id) === 1);
    await eventually(() => watcher.statuses()[0]?.state === 'connected');
    expect(watcher.statuses().map((s) => s.workspaceId)).toEqual([other.id]);

    for (const [workspace, agent] of [
      [ws, agentA],
      [other, agentB],
    ] as const) {
      const issue = h.tracker.addIssue(workspace.id, {
        title: `Work in ${workspace.name}`,
        assignee: { type: 'agent', id: agent.id },
        enqueueTask: true,
      });
      const task = h.tracker.tasks({ issueId: issue.id })[0];
      if (task) h.tracker.completeTask(task.id, { comment: 'Done.' });
    }
    await eventually(() => h.reports.length === 1);
    await pause(100);
    expect(h.reports.map((r) => [r.workspaceName, r.identifier])).toEqual([['Beta', 'BETA-1']]);
    expect(await savedWorkspaces()).toEqual([other.id]);

    h.config = null;
    watcher.reload();
    await eventually(() => h.tracker.socketCount() === 0);
    expect(watcher.statuses()).toEqual([]);
  });
});

describe('TrackerWatcher: keep-alive', () => {
  it('pings, and takes a silent socket for dead and reconnects', async () => {
    const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise((resolve) => server.once('listening', resolve));
    const frames: string[] = [];
    let connections = 0;
    server.on('connection', (socket) => {
      connections += 1;
      socket.on('message', (data) => {
        frames.push(String(data));
        // Acknowledge the auth, then never say anything again.
        if (String(data).includes('"auth"')) socket.send(JSON.stringify({ type: 'auth_ack' }));
      });
    });
    try {
      const watcher = await h.startWatcher({
        apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      await eventually(() => watcher.statuses()[0]?.state === 'connected');
      await eventually(() => frames.includes('{"type":"ping"}'));
      await eventually(() => watcher.statuses()[0]?.error?.startsWith('the socket was silent for'));
      expect(watcher.statuses()[0]?.state).toBe('disconnected');
      await eventually(() => connections >= 2);
      expect(JSON.parse(frames[0] ?? '')).toEqual({ type: 'auth', payload: { token: h.tracker.token } });
      await watcher.stop();
    } finally {
      for (const client of server.clients) client.terminate();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
