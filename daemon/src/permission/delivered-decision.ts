import {
  Aad,
  type PermissionDecisionPlaintext,
  type PermissionOutcomePlaintext,
  paddedJson,
  seal,
} from '@ringback/protocol';
import type { ReplyResult } from '../replies/handled-replies';

/**
 * The result of a decision the waiting hook took: delivered, with what was decided and by which
 * device sealed for every device of the account (AAD `Aad.replyOutcome(replyId)`), so those that
 * did not decide can say "Allowed on Phone". A deny's words are left out: they are for the agent.
 */
export async function deliveredDecision(
  replyId: string,
  key: string,
  decision: Pick<PermissionDecisionPlaintext, 'eventId' | 'behavior' | 'deviceName' | 'decidedAt'>,
): Promise<ReplyResult> {
  const outcome: PermissionOutcomePlaintext = {
    kind: 'permission-outcome',
    eventId: decision.eventId,
    behavior: decision.behavior,
    deviceName: decision.deviceName,
    decidedAt: decision.decidedAt,
  };
  // Padded: the relay sees an "Allowed" and a "Denied" outcome seal to one length.
  const sealed = await seal(key, paddedJson(outcome), Aad.replyOutcome(replyId));
  return { type: 'reply-result', replyId, status: 'delivered', outcome: sealed };
}
