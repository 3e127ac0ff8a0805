import type { StatusWriteResult, WrittenCallStatus } from '@ringback/machines';
import type { RelayedEvent, ReplyBody, ReplyState, StatusChange } from '@ringback/protocol';
import type { LeaseRenewal } from '../../relay';

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
  /**
   * The relay's clock less this device's (ms), as the relay's latest answer told it; null until
   * one did. A permission call's expiry is reckoned on the relay's clock through it, never on this
   * device's own wall time alone.
   */
  clockOffset(): number | null;
  openStream(handlers: SessionStreamHandlers): { close(): void };
  /**
   * One status write: `taken` when another device has the call (409 `call_taken`, with what it
   * wrote when the relay says), `gone` when the relay no longer knows it (404), `refused` on 401,
   * 403 or 410 (never taken from this device); rejects when it may not have been written (retried).
   */
  postStatus(eventId: string, status: WrittenCallStatus): Promise<StatusWriteResult>;
  /**
   * Keeps the answered call this device is in (or replying to) its own: `held: false` when another
   * device has it now (409 `call_taken`); rejects when the relay could not be asked.
   */
  renewLease(eventId: string): Promise<LeaseRenewal>;
  /**
   * `GET /v1/events/:eventId`: the call as the relay has it now (its status, who has it); rejects
   * when the relay could not be asked or does not know it.
   */
  getEvent(eventId: string): Promise<RelayedEvent>;
  /** Rejects with `ReplyRefusedError` when only another device may reply (403 `not_call_answerer`). */
  sendReply(eventId: string, body: ReplyBody, signal?: AbortSignal): Promise<ReplyState>;
}
