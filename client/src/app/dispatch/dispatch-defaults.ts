import type { DispatchLast } from '../../storage';

type Option = { id: string };
type Agent = Option & { online: boolean };

/**
 * The workspace the screen opens on: the last dispatched one while it is still watched, else
 * the first watched (spec: Dispatch screen 2).
 */
export function defaultWorkspaceId(watched: Option[], last: DispatchLast): string | null {
  if (last.workspaceId && watched.some((item) => item.id === last.workspaceId)) return last.workspaceId;
  return watched[0]?.id ?? null;
}

/**
 * Project and agent: the current choice while the options still hold it, else the last
 * dispatch's, else the first project and the first online agent (an offline one cannot be called).
 */
export function defaultTargets(
  options: { projects: Option[]; agents: Agent[] },
  current: { projectId: string | null; agentId: string | null },
  last: DispatchLast,
): { projectId: string | null; agentId: string | null } {
  const pick = <T extends Option>(items: T[], ...ids: (string | null | undefined)[]) =>
    ids.find((id) => id && items.some((item) => item.id === id)) ?? null;
  return {
    projectId: pick(options.projects, current.projectId, last.projectId) ?? options.projects[0]?.id ?? null,
    agentId:
      pick(options.agents, current.agentId, last.agentId) ??
      (options.agents.find((agent) => agent.online) ?? options.agents[0])?.id ??
      null,
  };
}
