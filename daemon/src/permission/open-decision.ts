import { Aad, createParser, OpenError, open, PermissionDecisionPlaintext } from '@ringback/protocol';

const parseDecision = createParser(PermissionDecisionPlaintext);

export type OpenedDecision =
  | { outcome: 'opened'; decision: PermissionDecisionPlaintext }
  /** Sealed with another key, for another call or request, or tampered with. */
  | { outcome: 'undecryptable' }
  /** It opened, but is not a decision of this request. */
  | { outcome: 'invalid'; reason: string };

/**
 * Opens an app's decision for one permission call. The AAD names the call and the request, so
 * only a decision sealed for this very request opens; what it says inside must name them too.
 */
export async function openDecision(
  key: string,
  sealed: string,
  call: { eventId: string; requestId: string },
): Promise<OpenedDecision> {
  let text: string;
  try {
    text = await open(key, sealed, Aad.permissionDecision(call.eventId, call.requestId));
  } catch (error) {
    if (error instanceof OpenError) return { outcome: 'undecryptable' };
    throw error;
  }
  let decision: PermissionDecisionPlaintext;
  try {
    decision = parseDecision.parse(JSON.parse(text));
  } catch (error) {
    return { outcome: 'invalid', reason: `the decision is malformed: ${(error as Error).message}` };
  }
  if (decision.eventId !== call.eventId || decision.requestId !== call.requestId)
    return { outcome: 'invalid', reason: 'the decision names another permission request' };
  return { outcome: 'opened', decision };
}
