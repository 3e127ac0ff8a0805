import type { Agent, Issue, Runtime, TrackerState, Workspace } from './model.js';

/**
 * Resolve an issue `{id}` path parameter: a UUID, or an identifier like `acme-42`
 * (case-insensitive) whose prefix is this workspace's. Anything else is "not found".
 */
export function findIssueRef(state: TrackerState, workspaceId: string, ref: string): Issue | undefined {
  const ws = state.workspaces.get(workspaceId);
  if (!ws) return undefined;
  const byId = state.issues.get(ref.toLowerCase());
  if (byId) return byId.workspaceId === workspaceId ? byId : undefined;
  const match = /^([A-Za-z0-9]+)-(\d+)$/.exec(ref);
  if (!match || match[1]?.toUpperCase() !== ws.issuePrefix.toUpperCase()) return undefined;
  const number = Number(match[2]);
  for (const issue of state.issues.values()) {
    if (issue.workspaceId === workspaceId && issue.number === number) return issue;
  }
  return undefined;
}

export function requireWorkspace(state: TrackerState, workspaceId: string): Workspace {
  const ws = state.workspaces.get(workspaceId);
  if (!ws) throw new Error(`unknown workspace ${workspaceId}`);
  return ws;
}

/** May this user see (and invoke) this agent? Owners/admins see all; private agents belong to their owner. */
export function canAccessAgent(state: TrackerState, agent: Agent, userId: string): boolean {
  if (agent.permissionMode !== 'private') return true;
  const role = state.workspaces.get(agent.workspaceId)?.members.get(userId);
  return role === 'owner' || role === 'admin' || agent.ownerId === userId;
}

export type Readiness =
  | { ready: true; runtime: Runtime }
  | {
      ready: false;
      reason: string;
      reasonCode?: 'target_unavailable' | 'agent_runtime_required' | 'runtime_offline' | 'runtime_unusable';
    };

/** Multica's AgentReadiness verdict (§5.4): what quick-create enforces. */
export function agentReadiness(state: TrackerState, agent: Agent): Readiness {
  if (agent.archivedAt !== null)
    return { ready: false, reason: 'agent is archived', reasonCode: 'target_unavailable' };
  if (agent.runtimeId === '') {
    return { ready: false, reason: 'agent has no runtime bound', reasonCode: 'agent_runtime_required' };
  }
  const runtime = state.runtimes.get(agent.runtimeId);
  if (!runtime) return { ready: false, reason: "agent's runtime is no longer registered" };
  if (runtime.status === 'online') return { ready: true, runtime };
  if (runtime.offlineReason?.code === 'not_executable') {
    return { ready: false, reason: runtime.offlineReason.detail, reasonCode: 'runtime_unusable' };
  }
  return { ready: false, reason: 'agent runtime is offline', reasonCode: 'runtime_offline' };
}
