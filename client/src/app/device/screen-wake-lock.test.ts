import { describe, expect, it } from 'vitest';
import { createScreenWakeLock, type WakeLockSentinelLike } from './screen-wake-lock';

/** A page whose visibility the test flips, and a Wake Lock API that records what it was asked. */
function fakePage(options: { refuse?: boolean } = {}) {
  const calls: string[] = [];
  const target = new EventTarget();
  const page = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: target.addEventListener.bind(target),
    removeEventListener: target.removeEventListener.bind(target),
  };
  const held: (WakeLockSentinelLike & { released: boolean })[] = [];
  const wakeLock = {
    async request(type: 'screen') {
      calls.push(`request ${type}`);
      if (options.refuse) throw new DOMException('battery saver', 'NotAllowedError');
      const sentinel = {
        released: false,
        async release() {
          calls.push('release');
          sentinel.released = true;
        },
      };
      held.push(sentinel);
      return sentinel;
    },
  };
  return {
    calls,
    held,
    wakeLock,
    document: page as unknown as Document,
    /** The browser hides the page, dropping its wake lock, or shows it again. */
    setVisible(visible: boolean) {
      page.visibilityState = visible ? 'visible' : 'hidden';
      if (!visible) for (const sentinel of held) sentinel.released = true;
      target.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the screen wake lock', () => {
  it('keeps the screen on while held, and lets it go after', async () => {
    const page = fakePage();
    const lock = createScreenWakeLock(page);
    lock.hold();
    lock.hold();
    await settle();
    expect(page.calls).toEqual(['request screen']);
    lock.release();
    await settle();
    expect(page.calls).toEqual(['request screen', 'release']);
  });

  it('asks again each time the page shows while still held, and not after', async () => {
    const page = fakePage();
    const lock = createScreenWakeLock(page);
    lock.hold();
    await settle();
    page.setVisible(false);
    await settle();
    expect(page.calls).toEqual(['request screen']);
    page.setVisible(true);
    await settle();
    expect(page.calls).toEqual(['request screen', 'request screen']);
    lock.release();
    page.setVisible(false);
    page.setVisible(true);
    await settle();
    expect(page.calls).toEqual(['request screen', 'request screen', 'release']);
  });

  it('lets go of a lock that arrives after it was released', async () => {
    const page = fakePage();
    const lock = createScreenWakeLock(page);
    lock.hold();
    lock.release();
    await settle();
    expect(page.calls).toEqual(['request screen', 'release']);
    expect(page.held[0]?.released).toBe(true);
  });

  it('does nothing without the API, and shrugs off a refusal', async () => {
    const page = fakePage({ refuse: true });
    const lock = createScreenWakeLock(page);
    lock.hold();
    await settle();
    lock.release();
    expect(page.calls).toEqual(['request screen']);
    const none = createScreenWakeLock({ wakeLock: undefined, document: page.document });
    expect(() => {
      none.hold();
      none.release();
    }).not.toThrow();
  });
});
