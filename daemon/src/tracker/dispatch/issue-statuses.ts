import type { IssueStatusItem } from '@ringback/protocol';
import type { TrackerIssueStatus } from '../api';
import { trackerFailure } from '../tracker-failure';
import type { TrackerAccess } from './tracker-access';

/** The seven categories in board order (tracker API §3.6: `done` before `blocked` and `cancelled`). */
const CATEGORY_RANK = ['backlog', 'todo', 'in_progress', 'in_review', 'done', 'blocked', 'cancelled'];

function rank(status: TrackerIssueStatus): number {
  const index = CATEGORY_RANK.indexOf(status.category);
  return index === -1 ? CATEGORY_RANK.length : index;
}

/**
 * Board order: category rank, then position within the category, then key. The tracker already
 * answers so; sorting again keeps the promise whatever a self-hosted version does.
 */
export function boardOrder(statuses: TrackerIssueStatus[]): TrackerIssueStatus[] {
  return [...statuses].sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.position ?? 0) - (b.position ?? 0) ||
      (a.key < b.key ? -1 : a.key > b.key ? 1 : 0),
  );
}

/** `POST /tracker/dispatch/statuses`: every status an issue can be in now, custom ones included. */
export async function issueStatuses(access: TrackerAccess, workspaceId: string): Promise<IssueStatusItem[]> {
  let statuses: TrackerIssueStatus[];
  try {
    statuses = await access.client.listIssueStatuses(workspaceId);
  } catch (error) {
    throw trackerFailure(error);
  }
  return boardOrder(statuses.filter((s) => !s.archived_at)).map((s) => ({ key: s.key, name: s.name }));
}
