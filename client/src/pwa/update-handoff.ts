import { takeOverMessage } from './take-over-message';
import type { UpdateGate } from './update-gate';

/** The parts of a worker the hand-off reads. */
type HandOffWorker = Pick<ServiceWorker, 'state' | 'addEventListener' | 'postMessage'>;

/** The parts of a registration the hand-off reads, so tests pass fakes. */
export interface HandOffRegistration {
  readonly waiting: Pick<ServiceWorker, 'postMessage'> | null;
  readonly installing: HandOffWorker | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
}

/**
 * Tells a new build's waiting worker to take over once nothing on this page holds updates off (see
 * UpdateGate): at once if it is waiting already, when one finishes installing (found before or
 * after this page registered), and whenever the gate opens again (the call ended). Told more than
 * once is harmless: it takes over once.
 * The browser sends the registration's news and each worker's state apart, and on a loaded machine
 * they arrive in any order: the page may hear of a build only once it is installed (no state
 * change follows), or hear it is installed before the registration names it waiting. So the
 * worker seen installed is told itself, and every piece of news looks again. A build that waits
 * for this page's word and never gets it would leave the old build in charge for good.
 */
export function offerTakeOver(registration: HandOffRegistration, gate: UpdateGate): () => void {
  let installed: Pick<ServiceWorker, 'postMessage'> | null = null;
  const offer = () => {
    if (gate.held()) return;
    (registration.waiting ?? installed)?.postMessage(takeOverMessage());
  };
  const watch = (worker: HandOffWorker | null) => {
    if (!worker) return;
    const look = () => {
      if (worker.state === 'installed') installed = worker;
      else if (installed === worker) installed = null;
      if (worker.state === 'installed') offer();
    };
    worker.addEventListener('statechange', look);
    look();
  };
  registration.addEventListener('updatefound', () => {
    watch(registration.installing);
    offer();
  });
  // One may be installing already: the browser found it while this page was still starting.
  watch(registration.installing);
  offer();
  return gate.onOpen(offer);
}

/**
 * Reloads onto the new build once nothing holds updates off: another tab of this origin may have
 * let the worker take over while this one has a call. Only one reload, however often asked.
 */
export function reloadWhenOpen(gate: UpdateGate, reload: () => void): () => void {
  let done = false;
  const reloadOnce = () => {
    if (done || gate.held()) return;
    done = true;
    stop();
    reload();
  };
  const stop = gate.onOpen(reloadOnce);
  reloadOnce();
  return () => {
    done = true;
    stop();
  };
}
