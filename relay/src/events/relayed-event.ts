import type { HandledBy, RelayedEvent, StatusChange } from '@ringback/protocol';
import type { EventRecord } from '../storage/relay-store';

/** `names`: the account's device names (cluster/device-names.ts), to say who has a call. */

export function handledByOf(event: EventRecord, names: ReadonlyMap<string, string>): HandledBy | null {
  if (!event.handledBy) return null;
  return { deviceId: event.handledBy, name: names.get(event.handledBy) ?? 'a removed device' };
}

/**
 * Who answered the call and left it unfinished, while it is pending again: named as the device is
 * called now, or as it was called then when it has since been removed.
 */
export function unfinishedByOf(
  event: EventRecord,
  names: ReadonlyMap<string, string>,
): { unfinishedBy?: HandledBy } {
  const left = event.unfinishedBy;
  if (!left || event.status !== 'pending') return {};
  return { unfinishedBy: { deviceId: left.deviceId, name: names.get(left.deviceId) ?? left.name } };
}

export function toRelayedEvent(event: EventRecord, names: ReadonlyMap<string, string>): RelayedEvent {
  return {
    eventId: event.eventId,
    source: event.source,
    occurredAt: event.occurredAt,
    taskId: event.taskId,
    sealed: event.sealed,
    status: event.status,
    handledBy: handledByOf(event, names),
    ...unfinishedByOf(event, names),
    receivedAt: event.createdAt,
  };
}

export function toStatusChange(event: EventRecord, names: ReadonlyMap<string, string>): StatusChange {
  return {
    eventId: event.eventId,
    status: event.status,
    handledBy: handledByOf(event, names),
    ...unfinishedByOf(event, names),
  };
}
