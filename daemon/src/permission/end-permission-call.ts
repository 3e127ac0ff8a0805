import { RingbackError } from '@ringback/protocol';
import type { RelayTarget } from '../relay/post-daemon-event';
import { callRelay } from '../relay/relay-client';

export type EndOutcome =
  /** The call ended at the computer (or already had). */
  | 'ended'
  /** A decision was taken first, or the call ended on a device: nothing to end. */
  | 'call_ended'
  /** The relay never stored it (the post was given up): nothing rings. */
  | 'not_found'
  | 'failed';

export type EndCall = (target: RelayTarget, eventId: string) => Promise<void>;

const endCall: EndCall = async (target, eventId) => {
  await callRelay(target.serverUrl, `/v1/daemon/events/${encodeURIComponent(eventId)}/end`, {
    method: 'POST',
    token: target.deviceToken,
  });
};

const ATTEMPTS = 4;
const FIRST_RETRY_MS = 500;

/**
 * Ends a permission call at the computer once its hook stopped waiting, so the phone stops ringing
 * and says it was answered there. A few attempts on network errors and 5xx; the call otherwise
 * rings until its ring window ends, and a decision made meanwhile is answered "too late".
 */
export async function endPermissionCall(
  target: RelayTarget,
  eventId: string,
  end: EndCall = endCall,
): Promise<{ outcome: EndOutcome; detail?: string }> {
  let detail = '';
  for (let attempt = 1; ; attempt += 1) {
    try {
      await end(target, eventId);
      return { outcome: 'ended' };
    } catch (error) {
      const code = error instanceof RingbackError ? error.code : null;
      if (code === 'call_ended') return { outcome: 'call_ended' };
      if (code === 'event_not_found') return { outcome: 'not_found' };
      detail = (error as Error).message;
      const worthAgain =
        code === null ||
        code === 'relay_unreachable' ||
        code === 'internal_error' ||
        code === 'relay_unavailable' ||
        code === 'too_many_attempts';
      if (!worthAgain || attempt >= ATTEMPTS) return { outcome: 'failed', detail };
    }
    await new Promise((resolve) => setTimeout(resolve, FIRST_RETRY_MS * 2 ** (attempt - 1)));
  }
}
