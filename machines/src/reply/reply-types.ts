import type { DeviceRef } from '../call-queue/call-queue-types';

/** Where the relay has the reply, as its stream frames say. */
export type ReplyProgress = 'queued' | 'dispatched' | 'delivered' | 'failed';

/** What the relay answered the send. */
export type ReplySendResult = { status: ReplyProgress; reason?: string };

/** Plain JSON, so `getPersistedSnapshot()` round-trips through storage. */
export interface ReplyContext {
  schemaVersion: 1;
  eventId: string;
  /** What the panel offers before the user edits it. */
  defaultText: string;
  /** The words sent (or being sent); null before the first send. */
  text: string | null;
  /** The id of the reply being sent; kept across retries, so the relay stores it once. */
  replyId: string | null;
  /** Why the last send or delivery failed, in plain words. */
  reason: string | null;
  /** With `refused`: the device that answered the call, which alone may reply. */
  answeredOn: DeviceRef | null;
}

export interface ReplyInput {
  eventId: string;
  defaultText: string;
}

export type ReplyEvent =
  /** Send these words; the host gives a fresh reply id (its randomness, not the machine's). */
  | { type: 'reply.send'; text: string; replyId: string }
  /** Send the unsent reply again: the same id and words. */
  | { type: 'reply.retry' }
  | { type: 'reply.skip' }
  /** The words as the user edits them, kept so a reload brings them back. */
  | { type: 'reply.draft'; text: string }
  /** A stream frame about this reply. */
  | { type: 'reply.progress'; replyId: string; status: ReplyProgress; reason?: string };

/** Thrown by the host's `sendReply` when the relay refuses the device (403 `not_call_answerer`). */
export class ReplyRefusedError extends Error {
  constructor(readonly answeredOn: DeviceRef | null) {
    super(answeredOn ? `the call was answered on ${answeredOn.name}` : 'the call was not answered here');
    this.name = 'ReplyRefusedError';
  }
}
