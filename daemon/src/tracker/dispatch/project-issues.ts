import { DISPATCH_ISSUES_MAX, type DispatchIssueItem, type DispatchIssuesRequest } from '@ringback/protocol';
import type { TrackerIssue } from '../api';
import { trackerFailure } from '../tracker-failure';
import { activityTime } from './issue-refresh';
import type { TrackerAccess } from './tracker-access';

/** How the tracker is asked for a query, and which of its answers are kept. */
export interface IssueSearch {
  /** The tracker's `q`, if any. */
  q?: string;
  keep: (issue: TrackerIssue) => boolean;
}

const IDENTIFIER = /^([A-Za-z0-9]+)-(\d+)$/;
const LETTERS = /^[A-Za-z]+$/;

/**
 * A query is title words, a bare number (`42`), or an identifier (`ACME-42`). The tracker's `q`
 * does all three, except that it reads `<letters>-42` only, so a prefix with digits (`A1-42`)
 * is asked as its number. An identifier then keeps only that issue, or titles holding the text
 * (`COVID-19`); everything else is kept as the tracker matched it.
 */
export function issueSearch(query: string | undefined): IssueSearch {
  const text = query?.trim() ?? '';
  if (!text) return { keep: () => true };
  const identifier = IDENTIFIER.exec(text);
  if (!identifier) return { q: text, keep: () => true };
  const [, prefix = '', digits = ''] = identifier;
  const lower = text.toLowerCase();
  return {
    q: LETTERS.test(prefix) ? text : digits,
    keep: (issue) => issue.identifier.toLowerCase() === lower || issue.title.toLowerCase().includes(lower),
  };
}

function issueItem(issue: TrackerIssue): DispatchIssueItem {
  return {
    id: issue.id,
    identifier: issue.identifier,
    number: issue.number ?? numberOf(issue.identifier),
    title: issue.title,
    status: issue.status,
    priority: issue.priority,
    assigneeType: issue.assignee_type ?? null,
    assigneeId: issue.assignee_id ?? null,
    updatedAt: activityTime(issue),
  };
}

/** `POST /tracker/dispatch/issues`: the project's issues, most recent activity first, at most 50. */
export async function projectIssues(
  access: TrackerAccess,
  workspaceId: string,
  request: Pick<DispatchIssuesRequest, 'projectId' | 'query' | 'statuses'>,
): Promise<DispatchIssueItem[]> {
  const search = issueSearch(request.query);
  const statuses = request.statuses?.length ? new Set(request.statuses) : null;
  let list: TrackerIssue[];
  try {
    ({ issues: list } = await access.client.listIssues(workspaceId, {
      projectId: request.projectId,
      sort: 'last_activity',
      limit: DISPATCH_ISSUES_MAX,
      ...(search.q ? { q: search.q } : {}),
      ...(statuses ? { statuses: [...statuses] } : {}),
    }));
  } catch (error) {
    // A malformed project id is the tracker's 400 `invalid project_id`.
    throw trackerFailure(error, 'project_not_found');
  }
  // Kept here too, so the answer holds whatever the tracker made of the filters.
  return list
    .filter((issue) => search.keep(issue) && (!statuses || statuses.has(issue.status)))
    .slice(0, DISPATCH_ISSUES_MAX)
    .map(issueItem);
}

/** `ACME-42` → 42: the identifier carries the number when an answer leaves `number` out. */
function numberOf(identifier: string): number {
  return Number(/-(\d+)$/.exec(identifier)?.[1] ?? 0);
}
