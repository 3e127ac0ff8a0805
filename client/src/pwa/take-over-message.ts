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
