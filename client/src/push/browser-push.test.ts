import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserPushManager, withinDeadline } from './browser-push';

afterEach(() => {
  vi.useRealTimers();
});

describe("the page's push manager", () => {
  it('says so when the browser has no service workers', async () => {
    await expect(browserPushManager(undefined)).rejects.toThrow(/no service workers/);
  });

  it('gives up waiting for a service worker that never becomes active, naming it', async () => {
    vi.useFakeTimers();
    const waiting = browserPushManager({ ready: new Promise(() => {}) }, 1_000);
    const failed = expect(waiting).rejects.toThrow("Ringback's service worker did not answer within 1 s");
    await vi.advanceTimersByTimeAsync(1_000);
    await failed;
  });

  it("passes the active worker's push manager on", async () => {
    const subscription = { toJSON: () => ({}), unsubscribe: async () => true };
    const pushManager = { getSubscription: async () => subscription, subscribe: async () => subscription };
    const ready = Promise.resolve({ pushManager } as unknown as ServiceWorkerRegistration);
    const manager = await browserPushManager({ ready });
    expect(await manager.getSubscription()).toBe(subscription);
  });

  it('a deadline that is met clears its timer', async () => {
    vi.useFakeTimers();
    expect(await withinDeadline(Promise.resolve(7), 1_000, 'x')).toBe(7);
    expect(vi.getTimerCount()).toBe(0);
  });
});
