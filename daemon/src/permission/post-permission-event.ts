import type { DaemonEventBody } from '@ringback/protocol';
import { postDaemonEvent, type RelayAnswer, type RelayTarget } from '../relay/post-daemon-event';

/** How long a permission call may take to reach the relay before the hook is let go. */
export const PERMISSION_POST_DEADLINE_MS = 15_000;
/** The first pause between attempts; each next one doubles, up to the last. */
const FIRST_RETRY_MS = 200;
const MAX_RETRY_MS = 2_000;

export type PostOutcome =
  | { outcome: 'posted' }
  /** The relay refused this computer's token: it is no longer paired. */
  | { outcome: 'not_paired' }
  /** No answer, or only 5xx/429, until the deadline. */
  | { outcome: 'relay_unreachable'; detail: string }
  /** The relay refused the call for another reason. */
  | { outcome: 'refused'; detail: string }
  /** The hook went away while it was being posted. */
  | { outcome: 'cancelled' };

export type PostEvent = (
  target: RelayTarget,
  body: DaemonEventBody,
  signal: AbortSignal,
) => Promise<RelayAnswer>;

const postEvent: PostEvent = (target, body, signal) =>
  postDaemonEvent(target, '/v1/daemon/events', body, undefined, signal);

/** Worth another attempt: the relay was down, overloaded or asked to wait. */
const passing = (answer: RelayAnswer) => answer.httpStatus >= 500 || answer.httpStatus === 429;

/**
 * Posts a sealed permission call at once, trying again on network errors, 5xx and 429 with a
 * short backoff, until `deadlineMs` has passed (the hook then gets no decision: the agent's own
 * prompt shows). Never queued for later: a call nobody waits for must not ring. The event id
 * makes a repeat harmless (the relay answers 200 and rings nobody twice).
 */
export async function postPermissionEvent(
  target: RelayTarget,
  body: DaemonEventBody,
  options: { deadlineMs?: number; hookGone: AbortSignal; post?: PostEvent },
): Promise<PostOutcome> {
  const post = options.post ?? postEvent;
  const deadline = AbortSignal.timeout(options.deadlineMs ?? PERMISSION_POST_DEADLINE_MS);
  const stop = AbortSignal.any([deadline, options.hookGone]);
  let pause = FIRST_RETRY_MS;
  let detail = 'no answer';
  for (;;) {
    try {
      const answer = await post(target, body, stop);
      if (answer.httpStatus < 300) return { outcome: 'posted' };
      if (answer.httpStatus === 401) return { outcome: 'not_paired' };
      if (!passing(answer)) return { outcome: 'refused', detail: describe(answer) };
      detail = describe(answer);
    } catch (error) {
      if (!stop.aborted) detail = (error as Error).message;
    }
    if (options.hookGone.aborted) return { outcome: 'cancelled' };
    if (stop.aborted || !(await sleep(pause, stop))) {
      return options.hookGone.aborted ? { outcome: 'cancelled' } : { outcome: 'relay_unreachable', detail };
    }
    pause = Math.min(pause * 2, MAX_RETRY_MS);
  }
}

const describe = (answer: RelayAnswer) =>
  `the relay answered ${answer.httpStatus}${answer.errorCode ? ` ${answer.errorCode}` : ''}`;

/** False when `signal` ended the pause. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (slept: boolean) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', aborted);
      resolve(slept);
    };
    const aborted = () => done(false);
    const timer = setTimeout(() => done(true), ms);
    signal.addEventListener('abort', aborted, { once: true });
  });
}
