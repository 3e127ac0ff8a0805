import { type FakeLlmReply, plainBrief } from '../fakes/fake-llm-server';
import type { Agent, FakeTracker, Issue, Project, Task, Workspace } from '../fakes/fake-tracker/index';
import { startFakeTracker } from '../fakes/fake-tracker/index';

/** Two Multica workspaces, each with its own project(s) and one online agent. */
export interface TrackerWorld {
  tracker: FakeTracker;
  acme: { workspace: Workspace; web: Project; agent: Agent };
  beta: { workspace: Workspace; backend: Project; agent: Agent };
}

/**
 * The fake Multica for the dispatch e2e. Tasks never run on their own (`autoRunMs: false`): the
 * test decides when the agent writes a dispatched issue and when an issue's task finishes.
 */
export async function startTrackerWorld(): Promise<TrackerWorld> {
  const tracker = await startFakeTracker({ autoRunMs: false });
  const acmeWs = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME' });
  const betaWs = tracker.createWorkspace({ name: 'Beta', issuePrefix: 'BETA' });
  return {
    tracker,
    acme: {
      workspace: acmeWs,
      web: tracker.addProject(acmeWs.id, { title: 'Web app' }),
      agent: tracker.addAgent(acmeWs.id, { name: 'Coder' }).agent,
    },
    beta: {
      workspace: betaWs,
      backend: tracker.addProject(betaWs.id, { title: 'Backend' }),
      agent: tracker.addAgent(betaWs.id, { name: 'Builder' }).agent,
    },
  };
}

/** The one task of a kind still queued or running (the test is the agent's runtime). */
export function liveTask(tracker: FakeTracker, filter: Parameters<FakeTracker['tasks']>[0]): Task {
  const task = tracker
    .tasks(filter)
    .find((t) => t.status !== 'completed' && t.status !== 'failed' && t.status !== 'cancelled');
  if (!task) throw new Error(`no live task for ${JSON.stringify(filter)}`);
  return task;
}

/** An issue assigned to the workspace's agent, its task queued, as if a person had assigned it. */
export function assignIssue(
  tracker: FakeTracker,
  where: { workspace: Workspace; agent: Agent },
  project: Project,
  title: string,
  priority: Issue['priority'],
): Issue {
  return tracker.addIssue(where.workspace.id, {
    title,
    priority,
    projectId: project.id,
    status: 'todo',
    assignee: { type: 'agent', id: where.agent.id },
    enqueueTask: true,
  });
}

/** The brief's first sentence names the issue, so each call's row on the calls page can be told apart. */
export function rowTitle(issueTitle: string): string {
  return `Finished ${issueTitle}.`;
}

/**
 * The fake LLM's brief for a tracker call: it finds which known issue the daemon's prompt is
 * about and speaks `rowTitle` of it first.
 */
export function briefNamingIssue(titles: readonly string[]): FakeLlmReply {
  return (request) => {
    const prompt = JSON.stringify(request.body.messages ?? []);
    const title = titles.find((candidate) => prompt.includes(candidate));
    return { json: plainBrief(title ? `${rowTitle(title)} The work is done.` : 'All done.') };
  };
}
