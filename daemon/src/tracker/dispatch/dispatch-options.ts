import type { DispatchAgent, DispatchOptionsReply, DispatchProject } from '@ringback/protocol';
import type { TrackerAgent, TrackerProject, TrackerRuntime } from '../api';
import { trackerFailure } from '../tracker-failure';
import type { TrackerAccess } from './tracker-access';

/** "Closed" projects (tracker API §4.1) are not offered for new work. */
const CLOSED_PROJECT = new Set(['completed', 'cancelled']);

/**
 * The tracker's readiness verdict for an agent (API §5.4), computed from the agent and runtime
 * lists: null when quick-create would accept it, else the reason in the tracker's own words.
 */
export function unavailableReason(agent: TrackerAgent, runtimes: Map<string, TrackerRuntime>): string | null {
  if (agent.archived_at) return 'agent is archived';
  if (!agent.runtime_id) return 'agent has no runtime bound';
  const runtime = runtimes.get(agent.runtime_id);
  if (!runtime) return "agent's runtime is no longer registered";
  if (runtime.status === 'online') return null;
  const offline = runtime.metadata?.offline_reason as { code?: unknown; detail?: unknown } | undefined;
  if (offline?.code === 'not_executable' && typeof offline.detail === 'string' && offline.detail) {
    return offline.detail;
  }
  return 'agent runtime is offline';
}

function projectItem(project: TrackerProject): DispatchProject {
  return { id: project.id, title: project.title, status: project.status, priority: project.priority };
}

function agentItem(agent: TrackerAgent, runtimes: Map<string, TrackerRuntime>): DispatchAgent {
  const reason = unavailableReason(agent, runtimes);
  return {
    id: agent.id,
    name: agent.name,
    avatarUrl: agent.avatar_url || null,
    online: reason === null,
    ...(reason === null ? {} : { unavailableReason: reason }),
  };
}

/** `GET|POST /tracker/dispatch/options`: open projects and every agent with its `online` verdict. */
export async function dispatchOptions(
  access: TrackerAccess,
  workspaceId: string,
): Promise<DispatchOptionsReply> {
  try {
    const [projects, agents, runtimes] = await Promise.all([
      access.client.listProjects(workspaceId),
      access.client.listAgents(workspaceId),
      access.client.listRuntimes(workspaceId),
    ]);
    const byId = new Map(runtimes.map((r) => [r.id, r]));
    return {
      workspaceId,
      projects: projects.filter((p) => !CLOSED_PROJECT.has(p.status)).map(projectItem),
      agents: agents.filter((a) => !a.archived_at).map((a) => agentItem(a, byId)),
    };
  } catch (error) {
    throw trackerFailure(error);
  }
}
