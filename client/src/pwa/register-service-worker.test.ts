import { describe, expect, it, vi } from 'vitest';
import {
  registerServiceWorker,
  SERVICE_WORKER_URL,
  type ServiceWorkerHost,
  UPDATE_CHECK_INTERVAL_MS,
} from './register-service-worker';

type Listener = () => void;

/** A browser whose service worker container and visibility the test drives. */
function fakeHost(options: { controlled: boolean; refuse?: boolean }) {
  const listeners: Record<string, Listener[]> = {};
  const on = (type: string, listener: Listener) => {
    listeners[type] = [...(listeners[type] ?? []), listener];
  };
  const fire = (type: string) => {
    for (const listener of listeners[type] ?? []) listener();
  };
  const log: string[] = [];
  let now = 1_000;
  const registration = {
    update: async () => {
      log.push('update');
      return registration;
    },
  } as unknown as ServiceWorkerRegistration;
  const document = { visibilityState: 'visible' as DocumentVisibilityState, addEventListener: on };
  const host: ServiceWorkerHost = {
    container: {
      controller: options.controlled ? ({} as ServiceWorker) : null,
      async register(url, registerOptions) {
        log.push(`register ${String(url)} ${JSON.stringify(registerOptions)}`);
        if (options.refuse) throw new DOMException('refused', 'SecurityError');
        return registration;
      },
      addEventListener: on,
    } as ServiceWorkerHost['container'],
    document: document as unknown as ServiceWorkerHost['document'],
    reload: () => log.push('reload'),
    now: () => now,
  };
  return {
    host,
    log,
    registration,
    fire,
    advance: (ms: number) => {
      now += ms;
    },
    setVisibility: (state: DocumentVisibilityState) => {
      document.visibilityState = state;
      fire('visibilitychange');
    },
  };
}

describe('registerServiceWorker', () => {
  it('registers /sw.js for the whole origin, never from the HTTP cache', async () => {
    const browser = fakeHost({ controlled: false });
    expect(await registerServiceWorker(browser.host)).toBe(browser.registration);
    expect(browser.log).toEqual([`register ${SERVICE_WORKER_URL} {"scope":"/","updateViaCache":"none"}`]);
  });

  it('does nothing where the page has no service workers', async () => {
    const browser = fakeHost({ controlled: false });
    expect(await registerServiceWorker({ ...browser.host, container: null })).toBeNull();
    expect(browser.log).toEqual([]);
  });

  it('lets a first worker take the page over without a reload, and reloads it for the next build', async () => {
    const browser = fakeHost({ controlled: false });
    await registerServiceWorker(browser.host);
    browser.fire('controllerchange');
    expect(browser.log).not.toContain('reload');
    browser.fire('controllerchange');
    expect(browser.log.filter((entry) => entry === 'reload')).toHaveLength(1);
  });

  it('reloads once when a new build takes over a page an older one controlled', async () => {
    const browser = fakeHost({ controlled: true });
    await registerServiceWorker(browser.host);
    browser.fire('controllerchange');
    browser.fire('controllerchange');
    expect(browser.log.filter((entry) => entry === 'reload')).toHaveLength(1);
  });

  it('looks for a new build when the page comes back to the front, at most once an interval', async () => {
    const browser = fakeHost({ controlled: true });
    await registerServiceWorker(browser.host);
    browser.setVisibility('visible');
    expect(browser.log).not.toContain('update');
    browser.advance(UPDATE_CHECK_INTERVAL_MS);
    browser.setVisibility('hidden');
    expect(browser.log).not.toContain('update');
    browser.setVisibility('visible');
    browser.setVisibility('visible');
    expect(browser.log.filter((entry) => entry === 'update')).toHaveLength(1);
  });

  it('resolves null when the browser refuses the registration', async () => {
    const browser = fakeHost({ controlled: false, refuse: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await registerServiceWorker(browser.host)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
