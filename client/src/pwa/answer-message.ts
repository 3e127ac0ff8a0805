/**
 * How a tap on a call's notification reaches the app, as the service worker sends it: a message
 * to a window that is already open, or the address a new window opens at. The page reads both in
 * client/src/app/answers/answer-requests.ts.
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

/** Where a new window opens to answer `eventId` (relative to the worker's scope, `/`). */
export function answerUrl(eventId: string): string {
  return `/?${ANSWER_PARAM}=${encodeURIComponent(eventId)}`;
}
