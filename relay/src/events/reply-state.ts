import type { ReplyState } from '@ringback/protocol';
import type { ReplyRecord } from '../storage/relay-store';

export function toReplyState(reply: ReplyRecord): ReplyState {
  return {
    replyId: reply.replyId,
    eventId: reply.eventId,
    status: reply.status,
    failure: reply.failure || null,
    // A failure with no sealed reason: the daemon could not open the reply (another key).
    error: reply.status === 'failed' && !reply.failure ? 'undecryptable_reply' : null,
    // Every device of the account gets it (POST answer and stream frames): sealed for them all.
    outcome: reply.outcome,
  };
}
