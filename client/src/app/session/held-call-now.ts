import type { CallStatus, HandledBy } from '@ringback/protocol';
import type { SessionRelay } from './session-relay';

/** How a call this device holds is on the relay now: still (or again) its own, or another device's. */
export type HeldCallNow =
  | { mine: true }
  | { mine: false; status: Exclude<CallStatus, 'pending'>; handledBy: HandledBy | null };

/**
 * The call as the relay has it now, asked when a frame says another device has a call this device
 * is in (or writing the reply to): that frame may be stale, replayed after this device was away
 * (after two lapses, "answered by Tablet" is followed by the tablet's own lapse and this device's
 * take-back). A call given back and still pending is taken back here and now, as the renewal on
 * the page's return does: this device is still in it. Null when the relay cannot say (not
 * reached, the call gone).
 */
export async function heldCallNow(
  relay: Pick<SessionRelay, 'getEvent' | 'renewLease'>,
  eventId: string,
  me: string,
): Promise<HeldCallNow | null> {
  try {
    const event = await relay.getEvent(eventId);
    if (event.status !== 'pending') return judged(event.status, event.handledBy, me);
    const renewal = await relay.renewLease(eventId);
    if (renewal.held) return { mine: true };
    // Another device was first in between: what it did, as the relay says.
    const after = await relay.getEvent(eventId);
    return after.status === 'pending' ? null : judged(after.status, after.handledBy, me);
  } catch {
    return null;
  }
}

function judged(
  status: Exclude<CallStatus, 'pending'>,
  handledBy: HandledBy | null,
  me: string,
): HeldCallNow {
  return handledBy?.deviceId === me ? { mine: true } : { mine: false, status, handledBy };
}
