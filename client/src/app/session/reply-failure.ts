import { Aad, type ReplyState, type SealingKey } from '@ringback/protocol';

/** Why the computer could not deliver a reply, in plain words (its reason is sealed for this device). */
export async function replyFailureReason(reply: ReplyState, key: SealingKey | null): Promise<string> {
  if (reply.error === 'undecryptable_reply')
    return 'the computer could not open the reply: it holds a different end-to-end key';
  if (!reply.failure || !key) return 'the computer could not deliver the reply';
  try {
    const failure = JSON.parse(await key.open(reply.failure, Aad.replyError(reply.replyId))) as {
      reason: string;
      code?: string;
    };
    return failure.code === 'may_have_run'
      ? `${failure.reason} (the agent may already have acted on it, so it was not started again)`
      : failure.reason;
  } catch {
    return 'the computer could not deliver the reply';
  }
}
