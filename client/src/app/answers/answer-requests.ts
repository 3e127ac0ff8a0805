/** The query parameter the service worker opens the app with: `/?answer=<eventId>`. */
export const ANSWER_PARAM = 'answer';
/** The message the service worker posts to an open window: answer this call. */
export const ANSWER_MESSAGE_TYPE = 'ringback.answer';

/** Event ids are the relay's (UUIDv7 today); anything else in the address is not ours to act on. */
const EVENT_ID = /^[A-Za-z0-9_-]{1,64}$/;
const eventIdOrNull = (value: unknown): string | null =>
  typeof value === 'string' && EVENT_ID.test(value) ? value : null;

/**
 * The call `/?answer=<eventId>` asks for, taken out of the address bar (so a reload or a shared
 * link does not answer it again); the rest of the address stays as it was.
 */
export function takeAnswerParam(
  location: Pick<Location, 'href'>,
  history: Pick<History, 'replaceState' | 'state'>,
): string | null {
  const url = new URL(location.href);
  if (!url.searchParams.has(ANSWER_PARAM)) return null;
  const eventId = eventIdOrNull(url.searchParams.get(ANSWER_PARAM));
  url.searchParams.delete(ANSWER_PARAM);
  history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
  return eventId;
}

/** The call a service worker's message asks for, if it is `{type: 'ringback.answer', eventId}`. */
export function answerMessageEventId(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, eventId } = data as Record<string, unknown>;
  return type === ANSWER_MESSAGE_TYPE ? eventIdOrNull(eventId) : null;
}

type MessageSource = Pick<ServiceWorkerContainer, 'addEventListener' | 'removeEventListener'> & {
  startMessages?(): void;
};

/**
 * Every way a notification asks this page to answer a call: the address it was opened with, and
 * the service worker's messages while it runs. Each is handed to `answer`. Returns a stop.
 */
export function listenForAnswerRequests(
  page: {
    location: Pick<Location, 'href'>;
    history: Pick<History, 'replaceState' | 'state'>;
    serviceWorker: MessageSource | undefined;
  },
  answer: (eventId: string) => void,
): () => void {
  const atStart = takeAnswerParam(page.location, page.history);
  if (atStart) answer(atStart);
  const container = page.serviceWorker;
  if (!container) return () => {};
  const onMessage = (event: Event) => {
    const eventId = answerMessageEventId((event as MessageEvent).data);
    if (eventId) answer(eventId);
  };
  container.addEventListener('message', onMessage);
  // Messages wait in the container's queue until a listener says it is ready for them.
  container.startMessages?.();
  return () => container.removeEventListener('message', onMessage);
}
