import { ANSWER_LEASE_MS } from '@ringback/protocol';
import type { RelayRuntime } from '../relay-deps';
import type { DeviceRecord, EventRecord, LogEntry, StatusChangeResult } from '../storage/relay-store';

export const answerLeaseMs = (deps: RelayRuntime): number => deps.answerLeaseMs ?? ANSWER_LEASE_MS;

/**
 * A call's status changed in the store: the account's streams hear it (on every instance), and
 * a call no longer pending stops its pushes, its devices replacing the ringing notification.
 */
export function statusChanged(deps: RelayRuntime, change: { event: EventRecord; log: LogEntry }): void {
  deps.cluster.logged(change.event.accountId, change.log.seq);
  // Not awaited: the devices' notifications follow the answer, they do not delay it.
  if (change.event.status !== 'pending') deps.webPush.callEnded(change.event.accountId, change.event.eventId);
}

/**
 * A device that was away longer than its lease (in the call, or writing its reply) is back, and
 * the call the relay gave back is still `pending`, nobody having answered or ended it meanwhile:
 * the call is its own again, exactly as if it had answered it (the lease restarted, the `status`
 * frame that stops the others ringing, the pushes ended), so its renewal, hang-up or reply goes
 * on as if it had never been away. Whichever device of the account does so first takes it, not
 * only the one the release names (after two lapses that is the second holder, not the first).
 * Anything else (another device answered or ended it first, or the call was never given back)
 * is the store's `conflict`.
 */
export async function takeBack(
  deps: RelayRuntime,
  me: DeviceRecord,
  eventId: string,
): Promise<StatusChangeResult> {
  const result = await deps.store.reclaimCall(me.accountId, eventId, me.deviceId, answerLeaseMs(deps));
  if (result.outcome === 'changed') statusChanged(deps, result);
  return result;
}
