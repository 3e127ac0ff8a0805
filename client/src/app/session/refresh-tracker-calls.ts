import type { TrackerIssuesReply, TrackerSealedReport } from '@ringback/protocol';
import { type CallRecord, type KeyValueStore, listHistory, mergeIssueFields } from '../../storage';
import { TRACKER_PRIORITY_RANK } from '../tracker-priority';

/** The daemon takes at most 100 issues per refresh. */
const MAX_ISSUES = 100;

type AskComputer = (
  path: '/tracker/issues',
  body: { issues: { workspaceId: string; issueId: string }[] },
) => Promise<TrackerIssuesReply>;

/**
 * Opening the calls page: each tracker call's issue is read again (priority, update time,
 * project) through the computer and stored back, so the tabs and the order follow the tracker.
 * Issues the tracker no longer shows keep what was stored. Resolves with how many records changed.
 */
export async function refreshTrackerCalls(store: KeyValueStore, ask: AskComputer): Promise<number> {
  const calls = listHistory(store).flatMap(
    (record): { eventId: string; report: TrackerSealedReport; record: CallRecord }[] => {
      const { report } = record;
      return report.source === 'tracker' ? [{ eventId: record.eventId, report, record }] : [];
    },
  );
  if (calls.length === 0) return 0;
  const refs = new Map<string, { workspaceId: string; issueId: string }>();
  for (const { report } of calls) {
    if (refs.size < MAX_ISSUES) refs.set(`${report.workspaceId}/${report.issueId}`, report);
  }
  const { issues } = await ask('/tracker/issues', {
    issues: [...refs.values()].map(({ workspaceId, issueId }) => ({ workspaceId, issueId })),
  });
  const current = new Map(issues.map((issue) => [`${issue.workspaceId}/${issue.issueId}`, issue]));
  let changed = 0;
  for (const { eventId, report, record } of calls) {
    const issue = current.get(`${report.workspaceId}/${report.issueId}`);
    if (!issue) continue;
    const priority = TRACKER_PRIORITY_RANK[issue.priority];
    if (
      record.priority === priority &&
      record.updatedAt === issue.updatedAt &&
      (record.project ?? null) === issue.project
    )
      continue;
    if (mergeIssueFields(store, eventId, { priority, updatedAt: issue.updatedAt, project: issue.project }))
      changed++;
  }
  return changed;
}
