import type { TrackerWorkspace } from '@ringback/protocol';
import type { TrackerClient } from './api';
import { trackerFailure } from './tracker-failure';

/** The workspaces a token reaches, as the local API returns them; failures in the spec's codes. */
export async function listTrackerWorkspaces(client: TrackerClient): Promise<TrackerWorkspace[]> {
  try {
    const workspaces = await client.listWorkspaces();
    return workspaces.map((w) => ({ id: w.id, name: w.name, slug: w.slug, issuePrefix: w.issue_prefix }));
  } catch (error) {
    throw trackerFailure(error);
  }
}
