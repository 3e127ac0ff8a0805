import type { Agent, Comment, Issue, TrackerState } from './model.js';
import { canAccessAgent } from './queries.js';

const AGENT_MENTION = /\[@[^\]]*\]\(mention:\/\/agent\/([0-9a-f-]{36})\)/gi;
const MEMBER_MENTION = /\]\(mention:\/\/member\/[0-9a-f-]{36}\)/i;

/**
 * Which agents a member's comment wakes (reference §6.2): `/note` never; explicit agent mentions;
 * a member mention or `@all` suppresses the implicit routes; a reply follows the agent it answers
 * (or the thread's agent); a top-level comment wakes the assignee agent. Agents need a runtime
 * and must be invocable by the commenter.
 */
export function agentsToTrigger(
  state: TrackerState,
  issue: Issue,
  comment: Comment,
  userId: string,
): Agent[] {
  const content = comment.content.trim();
  if (/^\/note(\s|$)/.test(content)) return [];
  const ids = new Set<string>();
  for (const match of content.matchAll(AGENT_MENTION)) if (match[1]) ids.add(match[1].toLowerCase());
  const suppressed = MEMBER_MENTION.test(content) || /(^|\s)@all\b/.test(content);
  if (ids.size === 0 && !suppressed) {
    const implicit = comment.parentId ? replyTarget(state, comment.parentId) : assigneeAgent(issue);
    if (implicit) ids.add(implicit);
  }
  const agents: Agent[] = [];
  for (const id of ids) {
    const agent = state.agents.get(id);
    if (!agent || agent.workspaceId !== issue.workspaceId || agent.archivedAt !== null) continue;
    if (agent.runtimeId === '' || !canAccessAgent(state, agent, userId)) continue;
    agents.push(agent);
  }
  return agents;
}

function assigneeAgent(issue: Issue): string | undefined {
  return issue.assigneeType === 'agent' && issue.assigneeId ? issue.assigneeId : undefined;
}

/** The agent that wrote the parent, else the first agent in the thread; member-only threads wake nobody. */
function replyTarget(state: TrackerState, parentId: string): string | undefined {
  const parent = state.comments.get(parentId);
  if (!parent) return undefined;
  if (parent.authorType === 'agent') return parent.authorId;
  let root = parent;
  while (root.parentId) {
    const up = state.comments.get(root.parentId);
    if (!up) break;
    root = up;
  }
  const thread = [...state.comments.values()].filter((c) => c.id === root.id || c.parentId === root.id);
  return thread.find((c) => c.authorType === 'agent')?.authorId;
}
