import type {
  PermissionBehavior,
  PermissionDecisionPlaintext,
  PermissionEventPlaintext,
} from '@ringback/protocol';

/** How the user decided: a tap on Allow or Deny (or Deny with words), or words heard and, for allow, confirmed. */
export interface PermissionChoice {
  behavior: PermissionBehavior;
  /** The deny's words for the agent (typed or dictated). */
  message?: string;
  via: 'tap' | 'voice';
}

/**
 * Whether this device may allow the request: not when the computer marked it `complete: false`
 * (a field cut, or the subject inferred), since the user never saw all an allow would let run.
 * Such a request is denied here or answered at the computer; its daemon refuses an allow too.
 */
export function mayAllow(request: PermissionEventPlaintext): boolean {
  return request.request.complete !== false;
}

/** The deny message the decision carries: trimmed, at most what the contract allows. */
const MESSAGE_MAX = 4000;

/** What this device seals for the request, bound to it by its ids. */
export function decisionFor(
  request: PermissionEventPlaintext,
  choice: PermissionChoice,
  deviceName: string,
  decidedAt: number,
): PermissionDecisionPlaintext {
  const message = choice.behavior === 'deny' ? choice.message?.trim().slice(0, MESSAGE_MAX) : undefined;
  return {
    kind: 'permission-decision',
    eventId: request.eventId,
    requestId: request.requestId,
    behavior: choice.behavior,
    ...(message ? { message } : {}),
    via: choice.via,
    deviceName: deviceName.trim().slice(0, 80) || 'Phone',
    decidedAt,
  };
}

/** The words the call's reply record keeps (history shows them beside the call). */
export function decisionText(decision: PermissionDecisionPlaintext): string {
  if (decision.behavior === 'allow') return 'Allow';
  return decision.message ? `Deny: ${decision.message}` : 'Deny';
}
