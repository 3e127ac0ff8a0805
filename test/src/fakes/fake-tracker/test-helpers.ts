import { WebSocket } from 'ws';
import type { FakeTracker } from './server.js';

/** Test-only helpers: authenticated fetches and a recording `ws` client. */

export type Api = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

/** fetch against the fake with the PAT and `X-Workspace-ID`, as the official CLI sends them. */
export function apiFor(tracker: FakeTracker, workspaceId: string | undefined, token = tracker.token): Api {
  return (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (!headers.has('authorization')) headers.set('authorization', `Bearer ${token}`);
    if (workspaceId && !headers.has('x-workspace-id')) headers.set('x-workspace-id', workspaceId);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    return fetch(`${tracker.url}${path}`, { ...init, headers, body });
  };
}

export interface Frame {
  type?: string;
  error?: string;
  payload?: Record<string, unknown>;
  actor_id?: string;
  actor_type?: string;
}

export interface RecordingSocket {
  ws: WebSocket;
  frames: Frame[];
  /** Resolves with the first recorded frame (past or future) matching `match`. */
  next(match: (frame: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
  /** Resolves with the close code. */
  closed: Promise<number>;
}

export async function openSocket(url: string): Promise<RecordingSocket> {
  const ws = new WebSocket(url);
  const frames: Frame[] = [];
  const waiters: { match: (f: Frame) => boolean; resolve: (f: Frame) => void }[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame;
    frames.push(frame);
    for (const waiter of [...waiters]) {
      if (waiter.match(frame)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(frame);
      }
    }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = (match: (frame: Frame) => boolean, timeoutMs = 3000) => {
    const seen = frames.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching frame')), timeoutMs);
      waiters.push({
        match,
        resolve: (frame) => {
          clearTimeout(timer);
          resolve(frame);
        },
      });
    });
  };
  return { ws, frames, next, closed };
}

/** A socket that has sent its auth frame and received `auth_ack`. */
export async function openAuthedSocket(tracker: FakeTracker, workspaceId: string, token = tracker.token) {
  const socket = await openSocket(`${tracker.wsUrl}?workspace_id=${workspaceId}`);
  socket.ws.send(JSON.stringify({ type: 'auth', payload: { token } }));
  await socket.next((f) => f.type === 'auth_ack');
  return socket;
}

/** Poll until `check` returns a value (for state changed by the simulated runtime). */
export async function eventually<T>(check: () => T | undefined | false, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
