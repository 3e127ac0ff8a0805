import { declineOfMessage, isDeclinedMessage } from '../pwa/declined-message';
import type { WorkerDecline } from '../storage/worker-declines';

type Target = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;

/**
 * When a page that runs should take in the calls the service worker declined from their
 * notification: the worker's message that it declined one, and (a message lost, a worker of an
 * older build) whenever the window gets the focus or the page becomes visible. The worker's
 * message hands over the decline it carries, which IndexedDB may not have kept. Returns a stop.
 */
export function listenForWorkerDeclines(
  page: {
    serviceWorker: (Target & { startMessages?(): void }) | undefined;
    window: Target;
    document: Target & { readonly visibilityState: DocumentVisibilityState };
  },
  take: (told?: WorkerDecline) => void,
): () => void {
  const onMessage = (event: Event) => {
    const { data } = event as MessageEvent;
    if (!isDeclinedMessage(data)) return;
    take(declineOfMessage(data) ?? undefined);
  };
  const onVisibility = () => {
    if (page.document.visibilityState === 'visible') take();
  };
  page.serviceWorker?.addEventListener('message', onMessage);
  page.serviceWorker?.startMessages?.();
  const onFocus = () => take();
  page.window.addEventListener('focus', onFocus);
  page.document.addEventListener('visibilitychange', onVisibility);
  return () => {
    page.serviceWorker?.removeEventListener('message', onMessage);
    page.window.removeEventListener('focus', onFocus);
    page.document.removeEventListener('visibilitychange', onVisibility);
  };
}
