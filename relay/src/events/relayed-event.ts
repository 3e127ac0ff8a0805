import type { HandledBy, RelayedEvent, StatusChange } from '@ringback/protocol';
import type { EventRecord, RelayStore } from '../storage/relay-store';

/** Device names of the account, to say who has a call ("answered on Anna's phone"). */
export async function deviceNames(store: RelayStore, accountId: string): Promise<Map<string, string>> {
  return new Map((await store.listDevices(accountId)).map((device) => [device.deviceId, device.name]));
}

export function handledByOf(event: EventRecord, names: Map<string, string>): HandledBy | null {
  if (!event.handledBy) return null;
  return { deviceId: event.handledBy, name: names.get(event.handledBy) ?? 'a removed device' };
}

export function toRelayedEvent(event: EventRecord, names: Map<string, string>): RelayedEvent {
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

export function toStatusChange(event: EventRecord, names: Map<string, string>): StatusChange {
  return { eventId: event.eventId, status: event.status, handledBy: handledByOf(event, names) };
}
