import type { TrackerIssueItem, TrackerIssuesRequest } from '@ringback/protocol';
import { isTrackerRequestError, type TrackerIssue } from '../api';
import { trackerFailure } from '../tracker-failure';
import { mapLimited } from './map-limited';
import type { TrackerAccess } from './tracker-access';

/** Answers that mean "this issue is gone or not yours": the spec omits such an issue. */
const GONE = new Set([400, 402, 403, 404]);

/** The issue's last activity, or its last update on old rows that have none. */
export function activityTime(issue: Pick<TrackerIssue, 'last_activity_at' | 'updated_at'>): string {
  return issue.last_activity_at || issue.updated_at;
}

/**
 * `POST /tracker/issues`: each asked issue's current project, priority and update time. Issues
 * of workspaces that are not watched, deleted or inaccessible are left out; a tracker that cannot
 * be reached (after the read retries) fails the whole request rather than look like deletions.
 */
export async function refreshIssues(
  access: TrackerAccess,
  asked: TrackerIssuesRequest['issues'],
): Promise<TrackerIssueItem[]> {
  const watched = new Set(access.workspaces.map((w) => w.id));
  const seen = new Set<string>();
  const wanted = asked.filter((ref) => {
    const key = `${ref.workspaceId}\n${ref.issueId}`;
    if (!watched.has(ref.workspaceId) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });

  const read = await mapLimited(wanted, async (ref) => {
    try {
      return { ref, issue: await access.client.getIssue(ref.workspaceId, ref.issueId) };
    } catch (error) {
      if (isTrackerRequestError(error) && error.status !== undefined && GONE.has(error.status)) return null;
      throw trackerFailure(error);
    }
  });
  const found = read.filter((item) => item !== null);

  // Project titles: one list per workspace that has an issue in a project.
  const titles = new Map<string, Map<string, string>>();
  const withProjects = [...new Set(found.filter((f) => f.issue.project_id).map((f) => f.ref.workspaceId))];
  await mapLimited(withProjects, async (workspaceId) => {
    try {
      const projects = await access.client.listProjects(workspaceId);
      titles.set(workspaceId, new Map(projects.map((p) => [p.id, p.title])));
    } catch (error) {
      throw trackerFailure(error);
    }
  });

  return found.map(({ ref, issue }) => ({
    workspaceId: ref.workspaceId,
    issueId: ref.issueId,
    identifier: issue.identifier,
    title: issue.title,
    projectId: issue.project_id || null,
    project: (issue.project_id && titles.get(ref.workspaceId)?.get(issue.project_id)) || null,
    priority: issue.priority,
    updatedAt: activityTime(issue),
    status: issue.status,
  }));
}
