import type { WrittenCallStatus } from '@ringback/machines';
import type { HandledBy, RelayedEvent, ReplyBody, ReplyState, StatusChange } from '@ringback/protocol';

export interface SessionStreamHandlers {
  onEvent(event: RelayedEvent): void;
  onStatus(change: StatusChange): void;
  onReply(reply: ReplyState): void;
  /** The pending calls read on the first connect and after a `resync`. */
  onReconciled(pending: readonly RelayedEvent[]): void;
  onConnection(state: 'connecting' | 'connected' | 'offline'): void;
  /** 401: this device was removed; reconnecting stops. */
  onUnauthorized(): void;
}

/** What a session needs of the relay; `createSessionRelay` backs it with the real client. */
export interface SessionRelay {
  openStream(handlers: SessionStreamHandlers): { close(): void };
  /** `taken` when another device answered first (409 `call_taken`). */
  writeStatus(eventId: string, status: WrittenCallStatus): Promise<{ taken?: HandledBy }>;
  sendReply(eventId: string, body: ReplyBody): Promise<ReplyState>;
}
