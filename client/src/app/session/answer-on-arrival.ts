import { type CallQueueSnapshot, type QueuedCallState, selectCall } from '@ringback/machines';

/**
 * States a call asked for from a notification may still leave towards being answered: it is
 * being prepared or waits its turn (then it rings), it rings or was missed while another call is on
 * (then it is answered once that call ends), or its speech failed (Retry can make it ring).
 */
const STILL_COMING: readonly QueuedCallState[] = ['preparing', 'queued', 'ringing', 'missed', 'failed'];

/** What the session does now for a call the user chose to answer before this page knew it. */
export type ArrivalStep = 'answer' | 'wait' | 'drop';

/**
 * A call chosen from a notification (Answer, or a tap on it) is answered as soon as the queue lets
 * it be and this page has opened it (decrypted, so it can be played): the queue's own guard decides
 * (ringing, or missed with no other call on), so this never answers what a tap on the screen could
 * not. A call not heard of or not opened yet is waited for; one that ended (here or elsewhere) or
 * is already on is let go.
 */
export function arrivalStep(snapshot: CallQueueSnapshot, eventId: string, opened: boolean): ArrivalStep {
  const call = selectCall(snapshot, eventId);
  if (!call) return 'wait';
  if (!STILL_COMING.includes(call.state)) return 'drop';
  return opened && snapshot.can({ type: 'call.answer', eventId }) ? 'answer' : 'wait';
}
