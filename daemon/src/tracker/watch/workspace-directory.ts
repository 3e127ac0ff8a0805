import type { TrackerAgent, TrackerClient } from '../api';
import { isTrackerRequestError } from '../api';

/** When an agent cannot be read any more (deleted, made private): the report still rings. */
export const UNKNOWN_AGENT_NAME = 'Agent';

/**
 * Names a report needs that rarely change, cached between catch-up reads: agent names and
 * project titles. Failures other than "not there" (404, 403) are thrown so the report is retried.
 */
export class WorkspaceDirectory {
  readonly #agents = new Map<string, string>();
  readonly #projects = new Map<string, string | null>();

  constructor(
    private readonly client: TrackerClient,
    private readonly workspaceId: string,
  ) {}

  /** A catch-up read has the agents anyway; projects are read again, in case one was renamed. */
  refresh(agents: TrackerAgent[]): void {
    for (const agent of agents) this.#agents.set(agent.id, agent.name);
    this.#projects.clear();
  }

  async agentName(agentId: string): Promise<string> {
    const known = this.#agents.get(agentId);
    if (known !== undefined) return known;
    let name = UNKNOWN_AGENT_NAME;
    try {
      name = (await this.client.getAgent(this.workspaceId, agentId)).name || UNKNOWN_AGENT_NAME;
    } catch (error) {
      if (!isGone(error)) throw error;
    }
    this.#agents.set(agentId, name);
    return name;
  }

  /** The project's title; null for an issue in no project or in one that no longer exists. */
  async projectTitle(projectId: string | null): Promise<string | null> {
    if (!projectId) return null;
    if (this.#projects.has(projectId)) return this.#projects.get(projectId) ?? null;
    let title: string | null = null;
    try {
      title = (await this.client.getProject(this.workspaceId, projectId)).title;
    } catch (error) {
      if (!isGone(error)) throw error;
    }
    this.#projects.set(projectId, title);
    return title;
  }
}

export function isGone(error: unknown): boolean {
  return isTrackerRequestError(error) && (error.status === 404 || error.status === 403);
}
