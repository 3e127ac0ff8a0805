import type { FastifyInstance } from 'fastify';
import { workspaceOf } from './auth.js';
import type { Core } from './core.js';
import { pathParam, queryParam, sendError, sendJson } from './http.js';
import { isUuid } from './ids.js';
import { projectJson } from './serialize.js';

/** Projects (§4): a wrapped list, newest first, with exact `status`/`priority` filters. Workspace scope. */
export function registerProjectRoutes(app: FastifyInstance, core: Core): void {
  const { state } = core;

  app.get('/api/projects', async (request, reply) => {
    const ws = workspaceOf(request);
    const status = queryParam(request, 'status');
    const priority = queryParam(request, 'priority');
    const projects = [...state.projects.values()]
      .filter(
        (p) =>
          p.workspaceId === ws.id &&
          (!status || p.status === status) &&
          (!priority || p.priority === priority),
      )
      .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
    return sendJson(reply, 200, {
      projects: projects.map((p) => projectJson(state, p)),
      total: projects.length,
    });
  });

  app.get('/api/projects/:id', async (request, reply) => {
    const id = pathParam(request, 'id');
    if (!isUuid(id)) return sendError(reply, 400, 'invalid project id');
    const project = state.projects.get(id.toLowerCase());
    if (!project || project.workspaceId !== workspaceOf(request).id)
      return sendError(reply, 404, 'project not found');
    return sendJson(reply, 200, projectJson(state, project));
  });
}
