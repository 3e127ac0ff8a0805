import { describe, expect, it } from 'vitest';
import { createAppBadge } from './app-badge';

function fakeNavigator(refuse = false) {
  const calls: string[] = [];
  return {
    calls,
    nav: {
      async setAppBadge(count?: number) {
        calls.push(`set ${count}`);
        if (refuse) throw new DOMException('not installed', 'NotAllowedError');
      },
      async clearAppBadge() {
        calls.push('clear');
      },
    },
  };
}

describe('the app badge', () => {
  it('shows the missed count, clears it when none are left, and sets each count once', () => {
    const { nav, calls } = fakeNavigator();
    const badge = createAppBadge(nav);
    badge.show(0);
    badge.show(2);
    badge.show(2);
    badge.show(3);
    badge.show(0);
    expect(calls).toEqual(['clear', 'set 2', 'set 3', 'clear']);
  });

  it('does nothing in a browser without the Badging API, and drops a refusal', async () => {
    expect(() => createAppBadge({}).show(4)).not.toThrow();
    expect(() => createAppBadge(undefined).show(4)).not.toThrow();
    const { nav, calls } = fakeNavigator(true);
    createAppBadge(nav).show(1);
    await Promise.resolve();
    expect(calls).toEqual(['set 1']);
  });

  it("sets the page's count again over one the service worker set meanwhile, and nothing before a first count", () => {
    const { nav, calls } = fakeNavigator();
    const badge = createAppBadge(nav);
    badge.reapply();
    expect(calls).toEqual([]);
    badge.show(0);
    badge.reapply();
    badge.show(2);
    badge.reapply();
    expect(calls).toEqual(['clear', 'clear', 'set 2', 'set 2']);
  });
});
