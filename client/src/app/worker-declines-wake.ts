import { isDeclinedMessage } from '../pwa/declined-message';

type Target = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * When a page that runs should take in the calls the service worker declined from their
 * notification: the worker's message that it declined one, and (a message lost, a worker of an
 * older build) whenever the window gets the focus or the page becomes visible. Returns a stop.
 */
export function listenForWorkerDeclines(
  page: {
    serviceWorker: (Target & { startMessages?(): void }) | undefined;
    window: Target;
    document: Target & { readonly visibilityState: DocumentVisibilityState };
  },
  take: () => void,
): () => void {
  const onMessage = (event: Event) => {
    if (isDeclinedMessage((event as MessageEvent).data)) take();
  };
  const onVisibility = () => {
    if (page.document.visibilityState === 'visible') take();
  };
  page.serviceWorker?.addEventListener('message', onMessage);
  page.serviceWorker?.startMessages?.();
  page.window.addEventListener('focus', take);
  page.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    page.serviceWorker?.removeEventListener('message', onMessage);
    page.window.removeEventListener('focus', take);
    page.document.removeEventListener('visibilitychange', onVisibility);
  };
}
