import type { FastifyInstance, FastifyRequest } from 'fastify';
import { workspaceOf } from './auth.js';
import type { Core } from './core.js';
import { pathParam, queryParam, sendError, sendJson } from './http.js';
import { queryIssues } from './issue-query.js';
import { isTerminal, STATUS_CATEGORIES } from './model.js';
import { findIssueRef } from './queries.js';
import { issueJson, statusJson, taskJson } from './serialize.js';
import { statusCatalog } from './statuses.js';
import type { TaskEngine } from './tasks.js';

/** Issues (§3), the status catalog (§3.6) and the issue-scoped task reads (§5.7). Workspace scope. */
export function registerIssueRoutes(app: FastifyInstance, core: Core, engine: TaskEngine): void {
  const { state } = core;

  app.get('/api/issues', async (request, reply) => {
    const ws = workspaceOf(request);
    const result = queryIssues(state, ws.id, (name) => queryParam(request, name));
    if ('error' in result) return sendError(reply, 400, result.error);
    return sendJson(reply, 200, {
      issues: result.issues.map((issue) => issueJson(state, issue, core.publicUrl())),
      total: result.total,
    });
  });

  const issueFor = (request: FastifyRequest) =>
    findIssueRef(state, workspaceOf(request).id, pathParam(request, 'id'));

  app.get('/api/issues/:id', async (request, reply) => {
    const issue = issueFor(request);
    if (!issue) return sendError(reply, 404, 'issue not found');
    return sendJson(reply, 200, issueJson(state, issue, core.publicUrl(), true));
  });

  const tasksOf = (issueId: string) =>
    [...state.tasks.values()].filter((t) => t.issueId === issueId).sort((a, b) => (a.id < b.id ? 1 : -1));

  app.get('/api/issues/:id/task-runs', async (request, reply) => {
    const issue = issueFor(request);
    if (!issue) return sendError(reply, 404, 'issue not found');
    return sendJson(
      reply,
      200,
      tasksOf(issue.id).map((t) => ({ ...taskJson(t), usage: [] })),
    );
  });

  app.get('/api/issues/:id/active-task', async (request, reply) => {
    const issue = issueFor(request);
    if (!issue) return sendError(reply, 404, 'issue not found');
    return sendJson(reply, 200, {
      tasks: tasksOf(issue.id)
        .filter((t) => !isTerminal(t.status))
        .map(taskJson),
    });
  });

  app.post('/api/issues/:id/tasks/:taskId/cancel', async (request, reply) => {
    const issue = issueFor(request);
    if (!issue) return sendError(reply, 404, 'issue not found');
    const task = state.tasks.get(pathParam(request, 'taskId').toLowerCase());
    if (!task || task.issueId !== issue.id) return sendError(reply, 404, 'task not found');
    return sendJson(reply, 200, taskJson(engine.cancel(task.id)));
  });

  app.get('/api/issue-statuses', async (request, reply) => {
    const ws = workspaceOf(request);
    const statuses = statusCatalog(state, ws.id, queryParam(request, 'include_archived') === 'true');
    return sendJson(reply, 200, {
      statuses: statuses.map(statusJson),
      categories: STATUS_CATEGORIES,
      total: statuses.length,
    });
  });
}
