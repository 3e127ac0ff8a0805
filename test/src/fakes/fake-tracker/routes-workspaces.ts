import type { FastifyInstance } from 'fastify';
import { userOf } from './auth.js';
import type { Core } from './core.js';
import { pathParam, sendError, sendJson } from './http.js';
import { isUuid } from './ids.js';
import { userJson, workspaceJson } from './serialize.js';

/** Auth-only reads (§2.4): no workspace header needed. */
export function registerWorkspaceRoutes(app: FastifyInstance, core: Core): void {
  const { state } = core;

  app.get('/api/workspaces', async (request, reply) => {
    const userId = userOf(request);
    const mine = [...state.workspaces.values()].filter((w) => w.members.has(userId));
    return sendJson(reply, 200, mine.map(workspaceJson));
  });

  app.get('/api/workspaces/:id', async (request, reply) => {
    const id = pathParam(request, 'id');
    if (!isUuid(id)) return sendError(reply, 400, 'invalid workspace id');
    const ws = state.workspaces.get(id.toLowerCase());
    if (!ws?.members.has(userOf(request))) return sendError(reply, 404, 'workspace not found');
    return sendJson(reply, 200, workspaceJson(ws));
  });

  app.get('/api/me', async (request, reply) => {
    const user = state.users.get(userOf(request));
    if (!user) return sendError(reply, 404, 'user not found');
    return sendJson(reply, 200, userJson(user));
  });
}
