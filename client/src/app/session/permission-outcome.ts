import {
  Aad,
  createParser,
  PermissionOutcomePlaintext,
  type ReplyState,
  type SealingKey,
} from '@ringback/protocol';

const parseOutcome = createParser(PermissionOutcomePlaintext);

/**
 * How a decision that reached the computer went, as the computer sealed it for every device of
 * the account (a delivered reply's `outcome`): null when there is none, it does not open for this
 * very reply, or it names another call. Only the computer's daemon posts results, so one that
 * opens here is what the waiting hook was given.
 */
export async function permissionOutcomeOf(
  reply: ReplyState,
  key: SealingKey | null,
): Promise<PermissionOutcomePlaintext | null> {
  if (reply.status !== 'delivered' || !reply.outcome || !key) return null;
  try {
    const outcome = parseOutcome.parse(
      JSON.parse(await key.open(reply.outcome, Aad.replyOutcome(reply.replyId))),
    );
    if (outcome.eventId !== reply.eventId) return null;
    // The padding only hid its length from the relay: history keeps what it says.
    const { padding: _padding, ...said } = outcome;
    return said;
  } catch {
    // Sealed for another reply, with another key, or not an outcome: it says nothing here.
    return null;
  }
}
