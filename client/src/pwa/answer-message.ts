/**
 * How a tap on a call's notification reaches the app: a message to a window that is already open,
 * or the address a new window opens at. Shared by the service worker (sender) and the page.
 */

export const ANSWER_MESSAGE_TYPE = 'ringback.answer';
/** The query parameter `/?answer=<eventId>` a window opened from a notification carries. */
export const ANSWER_PARAM = 'answer';

/** Posted by the service worker to an open window: answer this call as soon as it is in the queue. */
export interface AnswerMessage {
  type: typeof ANSWER_MESSAGE_TYPE;
  eventId: string;
}

export function answerMessage(eventId: string): AnswerMessage {
  return { type: ANSWER_MESSAGE_TYPE, eventId };
}

/** Whether a `message` event's data is an answer request (anything else a page hears is not). */
export function isAnswerMessage(data: unknown): data is AnswerMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { type, eventId } = data as Record<string, unknown>;
  return type === ANSWER_MESSAGE_TYPE && typeof eventId === 'string' && eventId !== '';
}

/** Where a new window opens to answer `eventId` (relative to the worker's scope, `/`). */
export function answerUrl(eventId: string): string {
  return `/?${ANSWER_PARAM}=${encodeURIComponent(eventId)}`;
}

/** The call a page was opened to answer, from its address (`location.href`), or null. */
export function answerIdFromUrl(url: string): string | null {
  const id = new URL(url, 'http://localhost').searchParams.get(ANSWER_PARAM);
  return id ? id : null;
}
