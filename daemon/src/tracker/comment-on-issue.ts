import type { TrackerComment } from '../replies/handle-reply';
import type { TrackerClient } from './api';
import type { TrackerConfig } from './tracker-config';
import { trackerFailure } from './tracker-failure';

/**
 * A reply to a tracker call, posted as a top-level comment on its issue so the assigned agent
 * picks it up. Only in a workspace this computer watches, with its saved token; the reason a
 * post failed comes back in words the app shows.
 */
export async function commentOnIssue(
  request: TrackerComment,
  tracker: TrackerConfig | null,
  client: (token: string) => TrackerClient,
): Promise<void> {
  if (!tracker) throw new Error('this computer has no tracker token any more: set it in Settings › Tracker');
  if (!tracker.workspaces.some((workspace) => workspace.id === request.workspaceId)) {
    throw new Error('this computer no longer watches the issue’s workspace');
  }
  try {
    await client(tracker.token).createComment(request.workspaceId, request.issueId, {
      content: request.text,
    });
  } catch (error) {
    const failure = trackerFailure(error, 'issue_not_found');
    throw new Error(`the tracker did not take the comment: ${failure.message}`);
  }
}
