import { parseWorkerDecline, type WorkerDecline } from '../storage/worker-declines';

/**
 * Posted by the service worker to the app's open windows once it declined a call from its
 * notification: the page takes it into call history now rather than at its next start. It carries
 * the decline itself, since the worker may have failed to leave it in IndexedDB
 * (client/src/storage/worker-declines.ts); a worker of an older build sends the id alone.
 */
export const DECLINED_MESSAGE_TYPE = 'ringback.declined';

export interface DeclinedMessage {
  type: typeof DECLINED_MESSAGE_TYPE;
  eventId: string;
  decline?: WorkerDecline;
}

export function declinedMessage(decline: WorkerDecline): DeclinedMessage {
  return { type: DECLINED_MESSAGE_TYPE, eventId: decline.eventId, decline };
}

/** Whether a message from the service worker says it declined a call. */
export function isDeclinedMessage(data: unknown): data is DeclinedMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, eventId } = data as Record<string, unknown>;
  return type === DECLINED_MESSAGE_TYPE && typeof eventId === 'string';
}

/** The decline a worker's message carries, read as leniently as IndexedDB's; null without one. */
export function declineOfMessage(message: DeclinedMessage): WorkerDecline | null {
  const decline = parseWorkerDecline(message.decline);
  return decline?.eventId === message.eventId ? decline : null;
}
