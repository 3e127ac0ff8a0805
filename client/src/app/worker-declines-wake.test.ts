import { describe, expect, it } from 'vitest';
import { listenForWorkerDeclines } from './worker-declines-wake';

/** An event target the test fires at, with the state the page reads. */
function target<T extends object>(extra: T) {
  const events = new EventTarget();
  return Object.assign(extra, {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    fire(type: string, data?: unknown) {
      events.dispatchEvent(Object.assign(new Event(type), data === undefined ? {} : { data }));
    },
  });
}

function fakePage() {
  return {
    serviceWorker: target({ startMessages() {} }),
    window: target({}),
    document: target({ visibilityState: 'hidden' as DocumentVisibilityState }),
  };
}

describe('when the page takes in the calls the service worker declined', () => {
  it('when the worker says it declined one, when the window gets the focus, when the page becomes visible', () => {
    const page = fakePage();
    let taken = 0;
    const stop = listenForWorkerDeclines(page, () => taken++);
    page.serviceWorker.fire('message', { type: 'ringback.declined', eventId: 'evt-1' });
    expect(taken).toBe(1);
    page.serviceWorker.fire('message', { type: 'ringback.answer', eventId: 'evt-1' });
    expect(taken).toBe(1);
    page.window.fire('focus');
    expect(taken).toBe(2);
    page.document.fire('visibilitychange');
    expect(taken).toBe(2);
    page.document.visibilityState = 'visible';
    page.document.fire('visibilitychange');
    expect(taken).toBe(3);
    stop();
    page.serviceWorker.fire('message', { type: 'ringback.declined', eventId: 'evt-2' });
    page.window.fire('focus');
    expect(taken).toBe(3);
  });

  it('hands over the decline the worker’s message carries (IndexedDB may not have kept it)', () => {
    const page = fakePage();
    const told: unknown[] = [];
    listenForWorkerDeclines(page, (decline) => told.push(decline));
    const decline = { eventId: 'evt-1', declinedAt: 5, line: 'Claude Code · app' };
    page.serviceWorker.fire('message', { type: 'ringback.declined', eventId: 'evt-1', decline });
    // Another call's decline under this id, or none (an older worker): taken from IndexedDB only.
    page.serviceWorker.fire('message', { type: 'ringback.declined', eventId: 'evt-2', decline });
    page.serviceWorker.fire('message', { type: 'ringback.declined', eventId: 'evt-3' });
    page.window.fire('focus');
    expect(told).toEqual([decline, undefined, undefined, undefined]);
  });

  it('without a service worker container: on focus and visibility only', () => {
    const page = { ...fakePage(), serviceWorker: undefined };
    let taken = 0;
    listenForWorkerDeclines(page, () => taken++);
    page.window.fire('focus');
    expect(taken).toBe(1);
  });
});
