import { type DispatchActor, dispatchView } from '@ringback/machines';
import type { DispatchRecord } from '@ringback/protocol';

/** The wire record of one dispatch: the machine's view, its workspace, and an ISO creation time. */
export function dispatchRecord(actor: DispatchActor): DispatchRecord {
  const snapshot = actor.getSnapshot();
  const { createdAt, ...view } = dispatchView(snapshot);
  return { ...view, createdAt: new Date(createdAt).toISOString(), workspaceId: snapshot.context.workspaceId };
}
