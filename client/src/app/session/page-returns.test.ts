import { describe, expect, it } from 'vitest';
import { listenForPageReturns } from './page-returns';

/** An event target the test fires at, with the state the page reads. */
function target<T extends object>(extra: T) {
  const events = new EventTarget();
  return Object.assign(extra, {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    fire(type: string) {
      events.dispatchEvent(new Event(type));
    },
  });
}

function fakePage() {
  return {
    window: target({}),
    document: target({ visibilityState: 'hidden' as DocumentVisibilityState }),
  };
}

describe('when the page is back after it may have been frozen', () => {
  it('when it becomes visible, is shown again (back/forward cache), is online again, gets the focus', () => {
    const page = fakePage();
    let returns = 0;
    const stop = listenForPageReturns(page)(() => returns++);
    // Hidden: going away, not coming back.
    page.document.fire('visibilitychange');
    expect(returns).toBe(0);
    page.document.visibilityState = 'visible';
    page.document.fire('visibilitychange');
    expect(returns).toBe(1);
    page.window.fire('pageshow');
    expect(returns).toBe(2);
    page.window.fire('online');
    expect(returns).toBe(3);
    page.window.fire('focus');
    expect(returns).toBe(4);

    stop();
    for (const type of ['pageshow', 'online', 'focus']) page.window.fire(type);
    page.document.fire('visibilitychange');
    expect(returns).toBe(4);
  });
});
