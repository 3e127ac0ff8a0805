import type { FastifyInstance } from 'fastify';
import { userOf, workspaceOf } from './auth.js';
import type { Core } from './core.js';
import { jsonBody, sendError, sendJson } from './http.js';
import { isUuid } from './ids.js';
import type { Priority } from './model.js';
import { agentReadiness, canAccessAgent, findIssueRef } from './queries.js';
import type { TaskEngine } from './tasks.js';
import { isCalendarDate } from './time.js';

const QUICK_PRIORITIES = ['urgent', 'high', 'medium', 'low'];
const MIN_CLI = '0.2.21';
/** Priority and due date reach the agent only through newer runtime CLIs. */
const MIN_CLI_WITH_FIELDS = '0.4.3';

/**
 * `POST /api/issues/quick-create` (§5.8), validated in Multica's order, answering 202 `{task_id}`;
 * the issue appears later, when the simulated agent runs. Squads are not modelled.
 */
export function registerQuickCreateRoute(app: FastifyInstance, core: Core, engine: TaskEngine): void {
  const { state } = core;

  app.post('/api/issues/quick-create', async (request, reply) => {
    const ws = workspaceOf(request);
    const body = jsonBody(request);
    if (!body) return sendError(reply, 400, 'invalid request body');
    const prompt = typeof body.prompt === 'string' ? body.prompt.trim() : '';
    if (!prompt) return sendError(reply, 400, 'prompt is required');
    const priority = body.priority;
    if (
      priority !== undefined &&
      priority !== null &&
      priority !== '' &&
      !QUICK_PRIORITIES.includes(String(priority))
    ) {
      return sendError(reply, 400, 'priority must be one of: urgent, high, medium, low');
    }
    const dueDate = body.due_date;
    if (dueDate !== undefined && dueDate !== null && dueDate !== '' && !isCalendarDate(dueDate)) {
      return sendError(reply, 400, 'invalid due_date format, expected YYYY-MM-DD');
    }
    const hasAgent = typeof body.agent_id === 'string' && body.agent_id !== '';
    const hasSquad = typeof body.squad_id === 'string' && body.squad_id !== '';
    if (hasAgent === hasSquad)
      return sendError(reply, 400, 'exactly one of agent_id or squad_id is required');
    if (hasSquad) return sendError(reply, 400, 'squad not found');
    if (!isUuid(body.agent_id)) return sendError(reply, 400, 'invalid agent_id');
    const agent = state.agents.get(body.agent_id.toLowerCase());
    if (!agent || agent.workspaceId !== ws.id) {
      return sendError(reply, 400, 'assignee_id does not refer to an agent of this workspace');
    }
    if (agent.archivedAt !== null) return sendError(reply, 400, 'cannot assign to archived agent');
    if (!canAccessAgent(state, agent, userOf(request))) {
      return sendError(reply, 403, 'you do not have permission to assign work to this agent');
    }
    const readiness = agentReadiness(state, agent);
    if (!readiness.ready) {
      // The refusal has its own shape: no `error` key.
      return sendJson(reply, 422, {
        code: 'agent_unavailable',
        reason: readiness.reason,
        ...(readiness.reasonCode ? { reason_code: readiness.reasonCode } : {}),
      });
    }
    const withFields = Boolean(priority) || Boolean(dueDate);
    const minVersion = withFields ? MIN_CLI_WITH_FIELDS : MIN_CLI;
    if (!versionAtLeast(readiness.runtime.cliVersion, minVersion)) {
      return sendJson(reply, 422, {
        code: 'daemon_version_unsupported',
        current_version: readiness.runtime.cliVersion,
        min_version: minVersion,
        runtime_id: readiness.runtime.id,
      });
    }
    const attachmentIds = body.attachment_ids ?? [];
    if (!Array.isArray(attachmentIds) || !attachmentIds.every(isUuid)) {
      return sendError(reply, 400, 'invalid attachment_ids');
    }
    let projectId: string | null = null;
    if (body.project_id !== undefined && body.project_id !== null && body.project_id !== '') {
      if (!isUuid(body.project_id)) return sendError(reply, 400, 'invalid project_id');
      const project = state.projects.get(body.project_id.toLowerCase());
      if (!project || project.workspaceId !== ws.id) return sendError(reply, 400, 'project not found');
      projectId = project.id;
    }
    let parentIssueId: string | null = null;
    if (body.parent_issue_id !== undefined && body.parent_issue_id !== null && body.parent_issue_id !== '') {
      const parent = isUuid(body.parent_issue_id)
        ? findIssueRef(state, ws.id, body.parent_issue_id)
        : undefined;
      if (!parent) return sendError(reply, 400, 'parent issue not found in this workspace');
      parentIssueId = parent.id;
    }
    const task = engine.enqueue(agent, {
      kind: 'quick_create',
      quickCreate: {
        prompt,
        requesterId: userOf(request),
        projectId,
        parentIssueId,
        priority: priority ? (priority as Priority) : null,
        dueDate: dueDate ? String(dueDate) : null,
        attachmentIds: attachmentIds.map((id) => id.toLowerCase()),
      },
    });
    return sendJson(reply, 202, { task_id: task.id });
  });
}

/** Compare dotted versions numerically; an empty or garbled version is too old. */
export function versionAtLeast(version: string, min: string): boolean {
  const parse = (v: string) => v.replace(/^v/, '').split(/[.-]/).slice(0, 3).map(Number);
  const a = parse(version);
  const b = parse(min);
  if (a.length < 3 || a.some(Number.isNaN)) return false;
  for (let i = 0; i < 3; i += 1) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}
