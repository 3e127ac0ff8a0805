import type { DispatchActor } from '@ringback/machines';
import type { TrackerClient } from '../api';
import { trackerFailure } from '../tracker-failure';
import { observedTask } from './dispatch-refresh';

/**
 * `POST /tracker/dispatches/cancel` for one record. While creating, the tracker task is cancelled
 * and the record follows the answer: a cancelled task confirms the cancel; a task that had already
 * finished (the tracker answers it unchanged) is observed like a refresh, so a linked one becomes
 * `created`. Any other state changes nothing and calls nothing.
 */
export async function cancelDispatch(
  actor: DispatchActor,
  client: () => TrackerClient,
  now: () => number,
): Promise<void> {
  const snapshot = actor.getSnapshot();
  if (!snapshot.can({ type: 'cancel.confirmed' })) return;
  const { workspaceId, taskId } = snapshot.context;
  if (!taskId) return;
  let task: Awaited<ReturnType<TrackerClient['cancelTask']>>;
  try {
    task = await client().cancelTask(workspaceId, taskId);
  } catch (error) {
    // Not cancelled as far as we know: the record stays creating and the caller hears why.
    throw trackerFailure(error);
  }
  if (task.status === 'cancelled') actor.send({ type: 'cancel.confirmed' });
  else actor.send({ type: 'task.observed', task: observedTask(task), now: now() });
}
