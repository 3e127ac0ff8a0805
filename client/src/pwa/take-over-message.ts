/**
 * How a page lets a new build's waiting service worker take over: it posts this message when no
 * call rings, is being prepared to ring or is in progress on it (client/src/pwa/update-handoff.ts),
 * and the worker then skips waiting (client/src/sw/update-handoff.ts).
 */

export const TAKE_OVER_MESSAGE_TYPE = 'ringback.take-over';

export interface TakeOverMessage {
  type: typeof TAKE_OVER_MESSAGE_TYPE;
}

export function takeOverMessage(): TakeOverMessage {
  return { type: TAKE_OVER_MESSAGE_TYPE };
}

export function isTakeOverMessage(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === TAKE_OVER_MESSAGE_TYPE
  );
}

/**
 * A new build's worker asks the open windows at install whether they run a page that hands off
 * (one that posts `ringback.take-over` once no call holds it). Such a page answers on the port
 * the ping carries; a page from before the hand-off never answers, and the worker then takes over
 * without waiting for it (that page reloads on `controllerchange`).
 */
export const HAND_OFF_PING_TYPE = 'ringback.hand-off-ping';
export const HAND_OFF_ANSWER_TYPE = 'ringback.hand-off-answer';

export function handOffPing(): { type: typeof HAND_OFF_PING_TYPE } {
  return { type: HAND_OFF_PING_TYPE };
}

export function handOffAnswer(): { type: typeof HAND_OFF_ANSWER_TYPE } {
  return { type: HAND_OFF_ANSWER_TYPE };
}

export function isHandOffPing(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === HAND_OFF_PING_TYPE
  );
}

export function isHandOffAnswer(data: unknown): boolean {
  return (
    typeof data === 'object' && data !== null && (data as { type?: unknown }).type === HAND_OFF_ANSWER_TYPE
  );
}
