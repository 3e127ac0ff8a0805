import { describe, expect, it, vi } from 'vitest';
import { LEAVE_ACCOUNT_DEADLINE_MS, leaveAccountPush, registeredPushManager } from './leave-account';
import type { PushManagerLike } from './push-subscriber';

function fakeBrowser(subscribed: boolean) {
  const log: string[] = [];
  const manager: PushManagerLike = {
    getSubscription: async () =>
      subscribed
        ? {
            toJSON: () => ({}),
            unsubscribe: async () => {
              log.push('browser unsubscribe');
              return true;
            },
          }
        : null,
    subscribe: async () => {
      throw new Error('not asked');
    },
  };
  return { log, manager };
}

describe('leaving an account', () => {
  it("ends the browser's subscription and asks the old relay to forget it", async () => {
    const browser = fakeBrowser(true);
    await leaveAccountPush({
      relay: { unsubscribePush: async () => void browser.log.push('relay DELETE') },
      pushManager: async () => browser.manager,
    });
    expect(browser.log.sort()).toEqual(['browser unsubscribe', 'relay DELETE']);
  });

  it('removed from the account (no relay to ask), still ends the browser part', async () => {
    const browser = fakeBrowser(true);
    await leaveAccountPush({ relay: null, pushManager: async () => browser.manager });
    expect(browser.log).toEqual(['browser unsubscribe']);
  });

  it('goes on when either part fails, and says so in the log', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const browser = fakeBrowser(true);
    await expect(
      leaveAccountPush({
        relay: {
          unsubscribePush: async () => {
            throw new Error('offline');
          },
        },
        pushManager: async () => browser.manager,
      }),
    ).resolves.toBeUndefined();
    expect(browser.log).toEqual(['browser unsubscribe']);
    await leaveAccountPush({ relay: null, pushManager: async () => Promise.reject(new Error('no worker')) });
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});

describe('leaving an account when nothing answers', () => {
  it('settles within the deadline when the browser’s unsubscribe and the relay never answer', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const never = () => new Promise<never>(() => {});
      let settled = false;
      const leaving = leaveAccountPush({
        relay: { unsubscribePush: never },
        pushManager: async () => ({
          getSubscription: async () => ({ toJSON: () => ({}), unsubscribe: never }),
          subscribe: never,
        }),
      }).then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(LEAVE_ACCOUNT_DEADLINE_MS - 1);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await leaving;
      expect(settled).toBe(true);
      expect(warn).toHaveBeenCalledTimes(2);
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('the push manager of the registered worker', () => {
  it('is none where no worker is registered or the page has no service workers', async () => {
    expect(await registeredPushManager({ getRegistration: async () => undefined })).toBeNull();
    expect(await registeredPushManager(undefined)).toBeNull();
  });

  it("is the registration's, without waiting for a worker to be active", async () => {
    const subscription = { toJSON: () => ({}), unsubscribe: async () => true };
    const registration = {
      pushManager: { getSubscription: async () => subscription, subscribe: async () => subscription },
    } as unknown as ServiceWorkerRegistration;
    const manager = await registeredPushManager({ getRegistration: async () => registration });
    expect(await manager?.getSubscription()).toBe(subscription);
  });
});
