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
/** The longest pause between attempts when trying until the call's expiry. */
const MAX_RETRY_MS = 15_000;

export interface EndOptions {
  /**
   * Try again (network errors, 5xx) until this time (ms since the epoch), the call's expiry,
   * instead of a few attempts: for calls whose hook is long gone, which nothing else would end.
   */
  until?: number;
  /** Stops trying (the daemon is stopping): the outcome is then `failed`. */
  signal?: AbortSignal;
}

/**
 * Ends a permission call at the computer once its hook stopped waiting, so the phone stops ringing
 * and says it was answered there. A few attempts on network errors and 5xx (or, with `until`, as
 * many as fit before the call expires); the call otherwise rings until its ring window ends, and
 * a decision made meanwhile is answered "too late".
 */
export async function endPermissionCall(
  target: RelayTarget,
  eventId: string,
  end: EndCall = endCall,
  options: EndOptions = {},
): Promise<{ outcome: EndOutcome; detail?: string }> {
  let detail = '';
  let pause = FIRST_RETRY_MS;
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
      if (!worthAgain) return { outcome: 'failed', detail };
      const more = options.until === undefined ? attempt < ATTEMPTS : Date.now() + pause < options.until;
      if (!more) return { outcome: 'failed', detail };
    }
    if (!(await pauseFor(pause, options.signal))) return { outcome: 'failed', detail: 'stopped' };
    pause = options.until === undefined ? pause * 2 : Math.min(pause * 2, MAX_RETRY_MS);
  }
}

/** False when `signal` ended the pause. */
function pauseFor(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const stop = () => {
      clearTimeout(timer);
      resolve(false);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve(true);
    }, ms);
    signal?.addEventListener('abort', stop, { once: true });
  });
}
