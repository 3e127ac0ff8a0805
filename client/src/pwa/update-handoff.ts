import { takeOverMessage } from './take-over-message';
import type { UpdateGate } from './update-gate';

/** The parts of a registration the hand-off reads, so tests pass fakes. */
export interface HandOffRegistration {
  readonly waiting: Pick<ServiceWorker, 'postMessage'> | null;
  readonly installing: Pick<ServiceWorker, 'state' | 'addEventListener'> | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
}

/**
 * Tells a new build's waiting worker to take over once nothing on this page holds updates off (see
 * UpdateGate): at once if it is waiting already, when one finishes installing (found before or
 * after this page registered), and whenever the
 * gate opens again (the call ended). Told more than once is harmless: it takes over once.
 */
export function offerTakeOver(registration: HandOffRegistration, gate: UpdateGate): () => void {
  const offer = () => {
    if (gate.held()) return;
    registration.waiting?.postMessage(takeOverMessage());
  };
  const watch = (installing: HandOffRegistration['installing']) =>
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') offer();
    });
  registration.addEventListener('updatefound', () => watch(registration.installing));
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
