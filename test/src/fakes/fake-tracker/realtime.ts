import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { userForToken } from './auth.js';
import type { TrackerEvent } from './core.js';
import { sendError } from './http.js';
import { isUuid } from './ids.js';
import type { TrackerState } from './model.js';

/** How long a socket may stay silent before its auth frame (Multica: 10 s). */
export const DEFAULT_WS_AUTH_TIMEOUT_MS = 10_000;

/**
 * Multica's realtime hub (§7): `GET /ws?workspace_id=` upgrades, the first text frame must be
 * `{"type":"auth","payload":{"token":"mul_…"}}`, success answers `{"type":"auth_ack"}` and joins
 * the workspace room; failure sends `{"error":…}` and drops TCP with no close frame (code 1006).
 * Events go to every authenticated socket of the workspace; nothing is replayed.
 */
export class RealtimeHub {
  private readonly rooms = new Map<string, Set<WebSocket>>();
  private readonly pending = new Set<WebSocket>();
  /** While true, upgrades are answered 503 (a tracker outage for reconnect tests). */
  refuse = false;

  constructor(
    private readonly state: TrackerState,
    private readonly now: () => number,
    private readonly authTimeoutMs = DEFAULT_WS_AUTH_TIMEOUT_MS,
  ) {}

  broadcast(workspaceId: string, event: TrackerEvent): void {
    const text = JSON.stringify(event);
    for (const socket of this.rooms.get(workspaceId) ?? []) socket.send(text);
  }

  /** Authenticated sockets, of one workspace or of all. */
  count(workspaceId?: string): number {
    if (workspaceId) return this.rooms.get(workspaceId)?.size ?? 0;
    let n = 0;
    for (const room of this.rooms.values()) n += room.size;
    return n;
  }

  /** Cut every socket (of one workspace, or all, including unauthenticated ones) without a close frame. */
  drop(workspaceId?: string): number {
    let dropped = 0;
    for (const [id, room] of this.rooms) {
      if (workspaceId && id !== workspaceId) continue;
      for (const socket of room) {
        socket.terminate();
        dropped += 1;
      }
      room.clear();
    }
    if (!workspaceId) {
      for (const socket of this.pending) socket.terminate();
      this.pending.clear();
    }
    return dropped;
  }

  register(app: FastifyInstance): void {
    app.get(
      '/ws',
      {
        websocket: true,
        // Checks that Multica makes before the upgrade answer plain HTTP.
        preValidation: async (request, reply) => {
          const query = request.query as Record<string, unknown>;
          if (this.refuse) return sendError(reply, 503, 'realtime unavailable');
          const slug = typeof query.workspace_slug === 'string' ? query.workspace_slug : '';
          const id = typeof query.workspace_id === 'string' ? query.workspace_id : '';
          if (!slug && !id) return sendError(reply, 400, 'workspace_id or workspace_slug required');
          if (slug && ![...this.state.workspaces.values()].some((w) => w.slug === slug)) {
            return sendError(reply, 404, 'workspace not found');
          }
        },
      },
      (socket, request) => {
        const query = request.query as Record<string, unknown>;
        const slug = typeof query.workspace_slug === 'string' ? query.workspace_slug : '';
        const id = typeof query.workspace_id === 'string' ? query.workspace_id.toLowerCase() : '';
        const workspace = slug
          ? [...this.state.workspaces.values()].find((w) => w.slug === slug)
          : isUuid(id)
            ? this.state.workspaces.get(id)
            : undefined;
        this.accept(socket, workspace?.id);
      },
    );
  }

  private accept(socket: WebSocket, workspaceId: string | undefined): void {
    this.pending.add(socket);
    let authed = false;
    const fail = (error: string) => {
      this.pending.delete(socket);
      socket.send(JSON.stringify({ error }), () => socket.terminate());
    };
    const timer = setTimeout(() => fail('auth timeout or read error'), this.authTimeoutMs);
    socket.on('close', () => {
      clearTimeout(timer);
      this.pending.delete(socket);
      if (workspaceId) this.rooms.get(workspaceId)?.delete(socket);
    });
    socket.on('message', (data, isBinary) => {
      const frame = isBinary ? undefined : parseFrame(data.toString());
      if (authed) {
        if (frame?.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
        return;
      }
      clearTimeout(timer);
      const token =
        frame?.type === 'auth' ? (frame.payload as { token?: unknown } | undefined)?.token : undefined;
      if (typeof token !== 'string') return fail('expected auth message as first frame');
      const result = userForToken(this.state, token, this.now());
      if ('error' in result) return fail(result.error);
      const ws = workspaceId ? this.state.workspaces.get(workspaceId) : undefined;
      if (!ws?.members.has(result.userId)) return fail('not a member of this workspace');
      authed = true;
      this.pending.delete(socket);
      let room = this.rooms.get(ws.id);
      if (!room) {
        room = new Set();
        this.rooms.set(ws.id, room);
      }
      room.add(socket);
      socket.send(JSON.stringify({ type: 'auth_ack' }));
    });
  }
}

function parseFrame(text: string): { type?: unknown; payload?: unknown } | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as { type?: unknown; payload?: unknown }) : undefined;
  } catch {
    return undefined;
  }
}
