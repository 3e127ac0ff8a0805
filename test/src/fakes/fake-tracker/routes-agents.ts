import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userOf, workspaceOf } from './auth.js';
import type { Core } from './core.js';
import { pathParam, queryParam, sendError, sendJson } from './http.js';
import { isUuid } from './ids.js';
import type { Agent } from './model.js';
import { canAccessAgent } from './queries.js';
import { agentJson, runtimeJson, taskJson } from './serialize.js';
import type { TaskEngine } from './tasks.js';

/** Agents, runtimes and agent tasks (§5.2–5.3, §5.7, §5.9): bare arrays, `""` runtime ids. Workspace scope. */
export function registerAgentRoutes(app: FastifyInstance, core: Core, engine: TaskEngine): void {
  const { state } = core;

  app.get('/api/agents', async (request, reply) => {
    const ws = workspaceOf(request);
    const userId = userOf(request);
    const withArchived = queryParam(request, 'include_archived') === 'true';
    const agents = [...state.agents.values()].filter(
      (a) =>
        a.workspaceId === ws.id &&
        (withArchived || a.archivedAt === null) &&
        canAccessAgent(state, a, userId),
    );
    return sendJson(reply, 200, agents.map(agentJson));
  });

  /** The shared 400/404/403 gate of the agent detail and its run history. */
  const agentFor = (request: FastifyRequest, reply: FastifyReply): Agent | undefined => {
    const id = pathParam(request, 'id');
    if (!isUuid(id)) {
      sendError(reply, 400, 'invalid agent id');
      return undefined;
    }
    const agent = state.agents.get(id.toLowerCase());
    if (!agent || agent.workspaceId !== workspaceOf(request).id) {
      sendError(reply, 404, 'agent not found');
      return undefined;
    }
    if (!canAccessAgent(state, agent, userOf(request))) {
      sendError(reply, 403, 'you do not have access to this agent');
      return undefined;
    }
    return agent;
  };

  app.get('/api/agents/:id', async (request, reply) => {
    const agent = agentFor(request, reply);
    if (agent) return sendJson(reply, 200, agentJson(agent));
    return reply;
  });

  app.get('/api/agents/:id/tasks', async (request, reply) => {
    const agent = agentFor(request, reply);
    if (!agent) return reply;
    // Every task, newest first; a `limit` parameter is ignored, as Multica does.
    const tasks = [...state.tasks.values()]
      .filter((t) => t.agentId === agent.id)
      .sort((a, b) => (a.id < b.id ? 1 : -1));
    return sendJson(reply, 200, tasks.map(taskJson));
  });

  app.get('/api/runtimes', async (request, reply) => {
    const ws = workspaceOf(request);
    const mine = queryParam(request, 'owner') === 'me' ? userOf(request) : undefined;
    const runtimes = [...state.runtimes.values()].filter(
      (r) => r.workspaceId === ws.id && (mine === undefined || r.ownerId === mine),
    );
    return sendJson(reply, 200, runtimes.map(runtimeJson));
  });

  app.post('/api/tasks/:taskId/cancel', async (request, reply) => {
    const id = pathParam(request, 'taskId');
    if (!isUuid(id)) return sendError(reply, 400, 'invalid task id');
    const task = state.tasks.get(id.toLowerCase());
    if (!task || task.workspaceId !== workspaceOf(request).id) return sendError(reply, 404, 'task not found');
    const agent = state.agents.get(task.agentId);
    if (agent && !canAccessAgent(state, agent, userOf(request))) {
      return sendError(reply, 403, 'you do not have access to this agent');
    }
    return sendJson(reply, 200, taskJson(engine.cancel(task.id)));
  });
}
