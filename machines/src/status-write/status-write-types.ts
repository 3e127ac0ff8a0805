import type { DeviceRef, WrittenCallStatus } from '../call-queue/call-queue-types';

/** What the relay made of one status write. */
export type StatusWriteResult =
  /** Written, or already so for this device. */
  | { outcome: 'written' }
  /** 409 `call_taken`: another device has the call; `status` is what it wrote, when known. */
  | { outcome: 'taken'; by: DeviceRef; status?: WrittenCallStatus }
  /** 404 `event_not_found`: the call ended and the relay forgot it; nothing left to write. */
  | { outcome: 'gone' }
  /** 401, 403 or 410: the relay will never take this write from this device; nothing left to write. */
  | { outcome: 'refused' };

export interface StatusWriteInput {
  eventId: string;
  /** Written in this order: `completed` needs the `answered` before it. */
  statuses: WrittenCallStatus[];
}

export interface StatusWriteContext extends StatusWriteInput {
  /** Failed attempts in a row; the retry delay grows with it. */
  failures: number;
  /** The last failure, for the log and the screen. */
  lastError: string | null;
}
