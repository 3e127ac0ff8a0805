import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Workspace } from './model.js';
import { type FakeTracker, startFakeTracker } from './server.js';
import { eventually, openAuthedSocket, openSocket } from './test-helpers.js';

let tracker: FakeTracker;
let ws: Workspace;

beforeEach(async () => {
  tracker = await startFakeTracker({ autoRunMs: false, wsAuthTimeoutMs: 100 });
  ws = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
});
afterEach(() => tracker.close());

const socketUrl = () => `${tracker.wsUrl}?workspace_id=${ws.id}`;

describe('/ws first-frame auth (reference §7.1)', () => {
  it('acknowledges a PAT sent as the first frame', async () => {
    const socket = await openSocket(socketUrl());
    socket.ws.send(JSON.stringify({ type: 'auth', payload: { token: tracker.token } }));
    expect(await socket.next((f) => f.type === 'auth_ack')).toEqual({ type: 'auth_ack' });
    expect(tracker.socketCount(ws.id)).toBe(1);
    socket.ws.send(JSON.stringify({ type: 'ping' }));
    expect(await socket.next((f) => f.type === 'pong')).toEqual({ type: 'pong' });
    socket.ws.close();
  });

  it.each([
    ['a bad token', () => ({ type: 'auth', payload: { token: `mul_${'f'.repeat(40)}` } }), 'invalid token'],
    ['another frame first', () => ({ type: 'ping' }), 'expected auth message as first frame'],
    [
      'a non-member',
      () => ({ type: 'auth', payload: { token: tracker.createUser().token } }),
      'not a member of this workspace',
    ],
  ])('sends {"error"} and drops the connection without a close frame for %s', async (_name, frame, error) => {
    const socket = await openSocket(socketUrl());
    socket.ws.send(JSON.stringify(frame()));
    expect(await socket.closed).toBe(1006);
    expect(socket.frames).toEqual([{ error }]);
  });

  it('times out a socket that never authenticates', async () => {
    const socket = await openSocket(socketUrl());
    expect(await socket.closed).toBe(1006);
    expect(socket.frames).toEqual([{ error: 'auth timeout or read error' }]);
  });

  it('answers plain HTTP 400 before the upgrade when the workspace is missing', async () => {
    const res = await fetch(`${tracker.url}/ws`, {
      headers: { connection: 'upgrade', upgrade: 'websocket' },
    }).catch(() => undefined);
    // fetch refuses upgrade headers in some runtimes; the ws client sees the same status either way.
    if (res) expect(res.status).toBe(400);
    await expect(openSocket(tracker.wsUrl)).rejects.toThrow(/400/);
    await expect(openSocket(`${tracker.wsUrl}?workspace_slug=nope`)).rejects.toThrow(/404/);
  });
});

describe('/ws broadcasts (reference §7.2)', () => {
  it('sends each event to every socket of the workspace, and only that workspace', async () => {
    const other = tracker.createWorkspace({ name: 'Other' });
    const a = await openAuthedSocket(tracker, ws.id);
    const b = await openAuthedSocket(tracker, ws.id);
    const elsewhere = await openAuthedSocket(tracker, other.id);
    const issue = tracker.addIssue(ws.id, { title: 'hello' });
    for (const socket of [a, b]) {
      const frame = await socket.next((f) => f.type === 'issue:created');
      expect(frame).toMatchObject({
        actor_id: tracker.user.id,
        actor_type: 'member',
        payload: { issue: { id: issue.id } },
      });
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(elsewhere.frames).toEqual([{ type: 'auth_ack' }]);
    for (const socket of [a, b, elsewhere]) socket.ws.close();
  });

  it('drops sockets abruptly on demand and replays nothing after a reconnect', async () => {
    const socket = await openAuthedSocket(tracker, ws.id);
    expect(tracker.dropSockets()).toBe(1);
    expect(await socket.closed).toBe(1006);
    await eventually(() => tracker.socketCount() === 0);
    tracker.addIssue(ws.id, { title: 'while away' });
    const again = await openAuthedSocket(tracker, ws.id);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(again.frames).toEqual([{ type: 'auth_ack' }]);
    expect(tracker.events.filter((e) => e.type === 'issue:created')).toHaveLength(1);
    again.ws.close();
  });

  it('refuses upgrades with 503 while told to', async () => {
    tracker.refuseSockets(true);
    await expect(openSocket(socketUrl())).rejects.toThrow(/503/);
    tracker.refuseSockets(false);
    const socket = await openAuthedSocket(tracker, ws.id);
    socket.ws.close();
  });
});
