/**
 * Posted by the service worker to the app's open windows once it declined a call from its
 * notification and left the decline in IndexedDB (client/src/storage/worker-declines.ts): the page
 * takes it into call history now rather than at its next start.
 */
export const DECLINED_MESSAGE_TYPE = 'ringback.declined';

export interface DeclinedMessage {
  type: typeof DECLINED_MESSAGE_TYPE;
  eventId: string;
}

export function declinedMessage(eventId: string): DeclinedMessage {
  return { type: DECLINED_MESSAGE_TYPE, eventId };
}

/** Whether a message from the service worker says it declined a call. */
export function isDeclinedMessage(data: unknown): data is DeclinedMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, eventId } = data as Record<string, unknown>;
  return type === DECLINED_MESSAGE_TYPE && typeof eventId === 'string';
}
