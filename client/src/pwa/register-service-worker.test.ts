import { describe, expect, it, vi } from 'vitest';
import {
  registerServiceWorker,
  SERVICE_WORKER_URL,
  type ServiceWorkerHost,
  UPDATE_CHECK_INTERVAL_MS,
} from './register-service-worker';
import { createUpdateGate } from './update-gate';

type Listener = (event?: unknown) => void;

/** A browser whose service worker container and visibility the test drives. */
function fakeHost(options: {
  controlled: boolean;
  refuse?: boolean;
  waiting?: boolean;
  installing?: boolean;
}) {
  const listeners: Record<string, Listener[]> = {};
  const on = (type: string, listener: Listener) => {
    listeners[type] = [...(listeners[type] ?? []), listener];
  };
  const fire = (type: string, event?: unknown) => {
    for (const listener of listeners[type] ?? []) listener(event);
  };
  const log: string[] = [];
  let now = 1_000;
  const registrationListeners: Listener[] = [];
  /** A new build's worker: installing, then installed and waiting, as the test says. */
  const newWorker = () => {
    const stateListeners: Listener[] = [];
    return {
      state: 'installing' as ServiceWorkerState,
      postMessage: (message: unknown) => log.push(`post ${JSON.stringify(message)}`),
      addEventListener: (_type: string, listener: Listener) => stateListeners.push(listener),
      fireState(this: { state: ServiceWorkerState }, state: ServiceWorkerState) {
        this.state = state;
        for (const listener of stateListeners) listener();
      },
    };
  };
  const registration = {
    waiting: options.waiting ? newWorker() : null,
    installing: options.installing ? newWorker() : (null as ReturnType<typeof newWorker> | null),
    addEventListener: (_type: string, listener: Listener) => registrationListeners.push(listener),
    update: async () => {
      log.push('update');
      return registration;
    },
  };
  const gate = createUpdateGate();
  const document = { visibilityState: 'visible' as DocumentVisibilityState, addEventListener: on };
  const host: ServiceWorkerHost = {
    container: {
      controller: options.controlled ? ({} as ServiceWorker) : null,
      async register(url: string, registerOptions: RegistrationOptions) {
        log.push(`register ${String(url)} ${JSON.stringify(registerOptions)}`);
        if (options.refuse) throw new DOMException('refused', 'SecurityError');
        return registration;
      },
      addEventListener: on,
    } as unknown as ServiceWorkerHost['container'],
    document: document as unknown as ServiceWorkerHost['document'],
    gate,
    reload: (answerWaiting) =>
      log.push(answerWaiting === null ? 'reload' : `reload answering ${answerWaiting}`),
    now: () => now,
  };
  return {
    host,
    log,
    registration: registration as unknown as ServiceWorkerRegistration,
    gate,
    fire,
    /** The build found before the page registered finishes installing, and waits. */
    finishInstalling() {
      const worker = registration.installing;
      registration.installing = null;
      registration.waiting = worker;
      worker?.fireState('installed');
    },
    /** The browser found a new build: it installs, then waits. */
    installNewBuild() {
      const worker = newWorker();
      registration.installing = worker;
      for (const listener of registrationListeners) listener();
      registration.installing = null;
      registration.waiting = worker;
      worker.fireState('installed');
    },
    /**
     * The browser's messages arrive apart under load: the page hears of the new build only once it
     * is installed already (no state change follows), before the registration names it waiting.
     */
    installNewBuildHeardLate() {
      const worker = newWorker();
      worker.state = 'installed';
      registration.installing = worker;
      for (const listener of registrationListeners) listener();
      registration.installing = null;
      registration.waiting = worker;
    },
    /** The worker says it is installed while the registration still names it installing. */
    installNewBuildStateFirst() {
      const worker = newWorker();
      registration.installing = worker;
      for (const listener of registrationListeners) listener();
      worker.fireState('installed');
      registration.installing = null;
      registration.waiting = worker;
    },
    /** The page hears of the new build when the registration already names it waiting. */
    installNewBuildWaitingFirst() {
      const worker = newWorker();
      worker.state = 'installed';
      registration.waiting = worker;
      for (const listener of registrationListeners) listener();
    },
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

  it('tells a new build to take over at once when no call holds updates off', async () => {
    const browser = fakeHost({ controlled: true });
    await registerServiceWorker(browser.host);
    browser.installNewBuild();
    expect(browser.log.slice(1)).toEqual(['post {"type":"ringback.take-over"}']);
  });

  it('tells a new build to take over however the browser orders its news of it (a loaded machine)', async () => {
    for (const install of [
      'installNewBuildHeardLate',
      'installNewBuildStateFirst',
      'installNewBuildWaitingFirst',
    ] as const) {
      const browser = fakeHost({ controlled: true });
      await registerServiceWorker(browser.host);
      browser[install]();
      expect(browser.log.slice(1), install).toContain('post {"type":"ringback.take-over"}');
    }
  });

  it('tells a build found while the page was starting to take over once it is installed', async () => {
    const browser = fakeHost({ controlled: true, installing: true });
    await registerServiceWorker(browser.host);
    expect(browser.log.slice(1)).toEqual([]);
    browser.finishInstalling();
    expect(browser.log.slice(1)).toEqual(['post {"type":"ringback.take-over"}']);
  });

  it('tells a build already waiting at start to take over', async () => {
    const browser = fakeHost({ controlled: true, waiting: true });
    await registerServiceWorker(browser.host);
    expect(browser.log.slice(1)).toEqual(['post {"type":"ringback.take-over"}']);
  });

  it('during a call, tells the new build to take over only once the call is over', async () => {
    const browser = fakeHost({ controlled: true });
    const release = browser.gate.hold();
    await registerServiceWorker(browser.host);
    browser.installNewBuild();
    expect(browser.log.slice(1)).toEqual([]);
    release();
    expect(browser.log.slice(1)).toEqual(['post {"type":"ringback.take-over"}']);
  });

  it('taken over during a call (another tab let it), reloads only once the call is over', async () => {
    const browser = fakeHost({ controlled: true });
    await registerServiceWorker(browser.host);
    const release = browser.gate.hold();
    browser.fire('controllerchange');
    expect(browser.log).not.toContain('reload');
    release();
    browser.gate.hold()();
    expect(browser.log.filter((entry) => entry === 'reload')).toHaveLength(1);
  });

  it('reloads to answer the call a tap asked for that is not answered yet', async () => {
    const browser = fakeHost({ controlled: true });
    browser.gate.readAnswerWaiting(() => 'evt-7');
    await registerServiceWorker(browser.host);
    browser.fire('controllerchange');
    expect(browser.log.at(-1)).toBe('reload answering evt-7');
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

  it("answers a new build's hand-off ping on the port it carries, and no other message", async () => {
    const { host, fire } = fakeHost({ controlled: true });
    await registerServiceWorker(host);
    const answered: unknown[] = [];
    const port = { postMessage: (message: unknown) => answered.push(message) };
    fire('message', { data: { type: 'ringback.answer', eventId: 'e' }, ports: [port] });
    fire('message', { data: { type: 'ringback.hand-off-ping' }, ports: [] });
    expect(answered).toEqual([]);
    fire('message', { data: { type: 'ringback.hand-off-ping' }, ports: [port] });
    expect(answered).toEqual([{ type: 'ringback.hand-off-answer' }]);
  });

  it('resolves null when the browser refuses the registration', async () => {
    const browser = fakeHost({ controlled: false, refuse: true });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await registerServiceWorker(browser.host)).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
