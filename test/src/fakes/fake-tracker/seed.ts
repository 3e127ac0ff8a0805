import type { Agent, Issue, Priority, Project, Workspace } from './model.js';
import type { FakeTracker } from './server.js';

export interface SeedResult {
  /** A PAT ready to paste into Ringback's tracker settings. */
  token: string;
  workspace: Workspace;
  projects: Project[];
  /** [online, offline runtime, no runtime]. */
  agents: Agent[];
  issues: Issue[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A demo workspace "Acme" (prefix ACME): three projects, three agents (one online, one whose
 * runtime is offline, one with no runtime), a custom status, a dozen issues of varied status,
 * priority and activity, a few comment threads. Returns the ready token.
 */
export function seedDemo(tracker: FakeTracker): SeedResult {
  const now = tracker.now();
  const workspace = tracker.createWorkspace({ name: 'Acme', issuePrefix: 'ACME', slug: 'acme' });
  const ws = workspace.id;
  tracker.addCustomStatus(ws, { key: 'qa_check', name: 'QA Check', category: 'in_review', color: '#a855f7' });
  tracker.addCustomStatus(ws, { key: 'icebox', name: 'Icebox', category: 'backlog', archived: true });

  const projects = [
    tracker.addProject(ws, { title: 'Mobile App', icon: '📱', status: 'in_progress', priority: 'high' }),
    tracker.addProject(ws, { title: 'Website', icon: '🌐', status: 'planned', priority: 'medium' }),
    tracker.addProject(ws, { title: 'Infrastructure', icon: '🛠️', status: 'in_progress', priority: 'low' }),
  ];
  const [mobile, website, infra] = projects as [Project, Project, Project];

  const coder = tracker.addAgent(ws, {
    name: 'Claude Coder',
    description: 'Writes and fixes code',
    provider: 'claude',
  });
  const reviewer = tracker.addAgent(ws, {
    name: 'Codex Reviewer',
    description: 'Reviews pull requests',
    provider: 'codex',
    runtimeOnline: false,
  });
  const drafter = tracker.addAgent(ws, {
    name: 'Drafting Agent',
    description: 'Drafts specs',
    noRuntime: true,
  });
  const agents = [coder.agent, reviewer.agent, drafter.agent];

  type Row = [string, string, Priority, Project | null, Agent | null, number | null];
  const rows: Row[] = [
    ['Login screen crashes on rotate', 'in_progress', 'urgent', mobile, coder.agent, 5 * MINUTE],
    ['Add dark mode to settings', 'todo', 'medium', mobile, coder.agent, 2 * HOUR],
    ['Push notifications arrive twice', 'qa_check', 'high', mobile, reviewer.agent, 30 * MINUTE],
    ['Offline sync for drafts', 'backlog', 'low', mobile, null, 6 * DAY],
    ['Pricing page copy refresh', 'in_review', 'medium', website, coder.agent, 3 * HOUR],
    ['Broken links in the footer', 'done', 'low', website, coder.agent, 2 * DAY],
    ['Blog RSS feed', 'blocked', 'none', website, drafter.agent, 4 * DAY],
    ['Cookie banner wording', 'cancelled', 'none', website, null, 9 * DAY],
    ['Rotate database credentials', 'todo', 'urgent', infra, reviewer.agent, 15 * MINUTE],
    ['Upgrade Node to the next LTS', 'in_progress', 'high', infra, coder.agent, 50 * MINUTE],
    ['Nightly backup verification', 'done', 'medium', infra, coder.agent, 1 * DAY],
    ['Write onboarding checklist', 'todo', 'low', null, null, null],
  ];
  const issues = rows.map(([title, status, priority, project, agent, ago], index) =>
    tracker.addIssue(ws, {
      title,
      description: `${title}.\n\nSeeded by the fake tracker.`,
      status,
      priority,
      projectId: project?.id ?? null,
      assignee: agent ? { type: 'agent', id: agent.id } : null,
      createdAt: now - (14 - index) * DAY,
      lastActivityAt: ago === null ? null : now - ago,
    }),
  );

  const [login, , push] = issues as [Issue, Issue, Issue];
  const ask = tracker.addComment(login.id, {
    content: 'It crashes every time I rotate on the login screen. Can you take a look?',
    author: { type: 'member', id: tracker.user.id },
    createdAt: now - 20 * MINUTE,
  });
  tracker.addComment(login.id, {
    content: 'Found it: the view model is recreated on rotation. Working on a fix.',
    author: { type: 'agent', id: coder.agent.id },
    parentId: ask.id,
    createdAt: now - 5 * MINUTE,
  });
  tracker.addComment(push.id, {
    content: 'Deduplicated by message id; ready for QA.',
    author: { type: 'agent', id: reviewer.agent.id },
    createdAt: now - 30 * MINUTE,
  });
  return { token: tracker.token, workspace, projects, agents, issues };
}
