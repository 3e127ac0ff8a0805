import type { FastifyInstance, FastifyRequest } from 'fastify';
import { jsonBody, pathParam, sendError, sendJson } from './http.js';
import {
  agentJson,
  issueJson,
  projectJson,
  runtimeJson,
  statusJson,
  taskJson,
  workspaceJson,
} from './serialize.js';
import type { FakeTracker } from './server.js';
import type { CustomStatusOptions } from './statuses.js';
import type { AgentOptions, IssueOptions, ProjectOptions } from './store.js';

/**
 * Fake-only control routes, outside Multica's namespace and without auth. Bodies use the same
 * camelCase option objects as the TypeScript helpers; answers are Multica wire JSON.
 *
 *   POST   /__fake/users                        {name?, email?}            → {user, token}
 *   POST   /__fake/workspaces                   {name, issuePrefix?, slug?, ownerId?}
 *   POST   /__fake/workspaces/:id/members       {userId, role?}
 *   POST   /__fake/workspaces/:id/projects      ProjectOptions
 *   POST   /__fake/workspaces/:id/agents        AgentOptions               → {agent, runtime}
 *   POST   /__fake/workspaces/:id/issues        IssueOptions & {enqueueTask?}
 *   POST   /__fake/workspaces/:id/statuses      CustomStatusOptions
 *   POST   /__fake/runtimes/:id/online          {online: boolean}
 *   GET    /__fake/tasks                        every task, newest first
 *   POST   /__fake/tasks/:id/advance            {comment?}   one step
 *   POST   /__fake/tasks/:id/complete           {comment?}   run to completed
 *   POST   /__fake/tasks/:id/fail               {error?, failureReason?}
 *   POST   /__fake/auto-run                     {ms: number | false}
 *   POST   /__fake/replies                      {text}  next agent reply
 *   POST   /__fake/sockets/drop                 {workspaceId?}             → {dropped}
 *   POST   /__fake/sockets/refuse               {refuse: boolean}
 *   GET    /__fake/requests   DELETE /__fake/requests   GET /__fake/events
 */
export function registerControlRoutes(app: FastifyInstance, tracker: FakeTracker): void {
  const { state } = tracker;
  const url = () => tracker.url;
  const body = (request: FastifyRequest) => jsonBody(request) ?? {};

  app.setErrorHandler(async (error, _request, reply) =>
    sendError(reply, 400, error instanceof Error ? error.message : String(error)),
  );

  app.post('/__fake/users', async (request, reply) => {
    const { user, token } = tracker.createUser(body(request));
    return sendJson(reply, 201, { user: { id: user.id, name: user.name, email: user.email }, token });
  });

  app.post('/__fake/workspaces', async (request, reply) => {
    const opts = body(request) as { name: string; issuePrefix?: string; slug?: string; ownerId?: string };
    return sendJson(reply, 201, workspaceJson(tracker.createWorkspace(opts)));
  });

  app.post('/__fake/workspaces/:id/members', async (request, reply) => {
    const { userId, role } = body(request) as { userId: string; role?: 'owner' | 'admin' | 'member' };
    tracker.addMember(pathParam(request, 'id'), userId, role);
    return sendJson(reply, 200, {});
  });

  app.post('/__fake/workspaces/:id/projects', async (request, reply) => {
    const project = tracker.addProject(pathParam(request, 'id'), body(request) as unknown as ProjectOptions);
    return sendJson(reply, 201, projectJson(state, project));
  });

  app.post('/__fake/workspaces/:id/agents', async (request, reply) => {
    const { agent, runtime } = tracker.addAgent(pathParam(request, 'id'), body(request) as AgentOptions);
    return sendJson(reply, 201, { agent: agentJson(agent), runtime: runtime ? runtimeJson(runtime) : null });
  });

  app.post('/__fake/workspaces/:id/issues', async (request, reply) => {
    const opts = body(request) as unknown as IssueOptions & { enqueueTask?: boolean };
    return sendJson(
      reply,
      201,
      issueJson(state, tracker.addIssue(pathParam(request, 'id'), opts), url(), true),
    );
  });

  app.post('/__fake/workspaces/:id/statuses', async (request, reply) => {
    const def = tracker.addCustomStatus(
      pathParam(request, 'id'),
      body(request) as unknown as CustomStatusOptions,
    );
    return sendJson(reply, 201, statusJson(def));
  });

  app.post('/__fake/runtimes/:id/online', async (request, reply) => {
    const online = body(request).online !== false;
    return sendJson(reply, 200, runtimeJson(tracker.setRuntimeOnline(pathParam(request, 'id'), online)));
  });

  app.get('/__fake/tasks', async (_request, reply) =>
    sendJson(reply, 200, [...state.tasks.values()].reverse().map(taskJson)),
  );

  const taskRoute = (action: 'advance' | 'complete' | 'fail') =>
    app.post(`/__fake/tasks/:id/${action}`, async (request, reply) => {
      const id = pathParam(request, 'id');
      if (!state.tasks.has(id)) return sendError(reply, 404, 'task not found');
      const opts = body(request) as { comment?: string; error?: string; failureReason?: string };
      const task =
        action === 'advance'
          ? tracker.advanceTask(id, opts)
          : action === 'complete'
            ? tracker.completeTask(id, opts)
            : tracker.failTask(id, opts);
      return sendJson(reply, 200, taskJson(task));
    });
  taskRoute('advance');
  taskRoute('complete');
  taskRoute('fail');

  app.post('/__fake/auto-run', async (request, reply) => {
    const ms = body(request).ms;
    tracker.setAutoRun(typeof ms === 'number' ? ms : false);
    return sendJson(reply, 200, { ms: typeof ms === 'number' ? ms : false });
  });

  app.post('/__fake/replies', async (request, reply) => {
    tracker.queueAgentReply(String(body(request).text ?? ''));
    return sendJson(reply, 200, {});
  });

  app.post('/__fake/sockets/drop', async (request, reply) => {
    const workspaceId = body(request).workspaceId;
    return sendJson(reply, 200, {
      dropped: tracker.dropSockets(typeof workspaceId === 'string' ? workspaceId : undefined),
    });
  });

  app.post('/__fake/sockets/refuse', async (request, reply) => {
    tracker.refuseSockets(body(request).refuse !== false);
    return sendJson(reply, 200, {});
  });

  app.get('/__fake/requests', async (_request, reply) => sendJson(reply, 200, tracker.requests));
  app.delete('/__fake/requests', async (_request, reply) => {
    tracker.requests.length = 0;
    return sendJson(reply, 200, {});
  });
  app.get('/__fake/events', async (_request, reply) => sendJson(reply, 200, tracker.events));
}
