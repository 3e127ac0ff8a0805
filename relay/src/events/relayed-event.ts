import type { HandledBy, RelayedEvent, StatusChange } from '@ringback/protocol';
import type { EventRecord } from '../storage/relay-store';

/** `names`: the account's device names (cluster/device-names.ts), to say who has a call. */

export function handledByOf(event: EventRecord, names: ReadonlyMap<string, string>): HandledBy | null {
  if (!event.handledBy) return null;
  return { deviceId: event.handledBy, name: names.get(event.handledBy) ?? 'a removed device' };
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
    receivedAt: event.createdAt,
  };
}

export function toStatusChange(event: EventRecord, names: ReadonlyMap<string, string>): StatusChange {
  return { eventId: event.eventId, status: event.status, handledBy: handledByOf(event, names) };
}
