import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type Connectivity,
  type ConnectivityHost,
  FIRST_PROBE_DELAY_MS,
  PROBE_DEADLINE_MS,
  probeRelay,
  REACHABLE_PROBE_INTERVAL_MS,
  UNREACHABLE_PROBE_INTERVAL_MS,
  watchConnectivity,
} from './connectivity';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A browser whose network and relay the test switches; probes answer at once unless `hang`. */
function fakeBrowser() {
  const world = { online: true, relayUp: true, hang: false, probes: 0 };
  let listener: (() => void) | null = null;
  const host: ConnectivityHost = {
    isOnline: () => world.online,
    subscribe(next) {
      listener = next;
      return () => {
        listener = null;
      };
    },
    probe(signal) {
      world.probes += 1;
      if (world.hang)
        return new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(signal.reason)),
        );
      return world.relayUp && world.online
        ? Promise.resolve(true)
        : Promise.reject(new TypeError('fetch failed'));
    },
  };
  const states: Connectivity[] = [];
  return {
    world,
    states,
    start: () => watchConnectivity(host, (state) => states.push(state)),
    /** Started, and past the first probe. */
    async started() {
      const stop = watchConnectivity(host, (state) => states.push(state));
      await vi.advanceTimersByTimeAsync(FIRST_PROBE_DELAY_MS);
      return stop;
    },
    /** An `online`/`offline` event or a return to the page. */
    notify: () => listener?.(),
    hasListener: () => listener !== null,
  };
}

describe('watchConnectivity', () => {
  it('says online at once when the browser is, probes shortly after start, and stays so while the relay answers', async () => {
    const browser = fakeBrowser();
    browser.start();
    expect(browser.states).toEqual(['online']);
    await vi.advanceTimersByTimeAsync(FIRST_PROBE_DELAY_MS - 1);
    expect(browser.world.probes).toBe(0);
    await vi.advanceTimersByTimeAsync(1 + REACHABLE_PROBE_INTERVAL_MS * 3);
    expect(browser.states).toEqual(['online']);
    expect(browser.world.probes).toBe(4);
  });

  it('says offline at once when the browser has no network, and probes again when it is back', async () => {
    const browser = fakeBrowser();
    browser.world.online = false;
    browser.start();
    expect(browser.states).toEqual(['offline']);
    await vi.advanceTimersByTimeAsync(REACHABLE_PROBE_INTERVAL_MS * 3);
    expect(browser.world.probes).toBe(0);
    browser.world.online = true;
    browser.notify();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.states).toEqual(['offline', 'online']);
    expect(browser.world.probes).toBe(1);
  });

  it('says unreachable when the network is up but the relay does not answer, until it does', async () => {
    const browser = fakeBrowser();
    await browser.started();
    browser.world.relayUp = false;
    await vi.advanceTimersByTimeAsync(REACHABLE_PROBE_INTERVAL_MS);
    expect(browser.states).toEqual(['online', 'unreachable']);
    browser.world.relayUp = true;
    await vi.advanceTimersByTimeAsync(UNREACHABLE_PROBE_INTERVAL_MS);
    expect(browser.states).toEqual(['online', 'unreachable', 'online']);
  });

  it('probes at once on an online event or a return to the page', async () => {
    const browser = fakeBrowser();
    browser.world.relayUp = false;
    browser.start();
    browser.notify();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.states).toEqual(['online', 'unreachable']);
  });

  it('counts a probe that hangs past its deadline as unreachable', async () => {
    const browser = fakeBrowser();
    browser.world.hang = true;
    browser.start();
    await vi.advanceTimersByTimeAsync(FIRST_PROBE_DELAY_MS + PROBE_DEADLINE_MS - 1);
    expect(browser.states).toEqual(['online']);
    await vi.advanceTimersByTimeAsync(1);
    expect(browser.states).toEqual(['online', 'unreachable']);
  });

  it('goes offline at the offline event, even with a probe under way', async () => {
    const browser = fakeBrowser();
    browser.world.hang = true;
    await browser.started();
    browser.world.online = false;
    browser.notify();
    await vi.advanceTimersByTimeAsync(PROBE_DEADLINE_MS * 2);
    expect(browser.states).toEqual(['online', 'offline']);
  });

  it('stops listening and probing when stopped', async () => {
    const browser = fakeBrowser();
    const stop = await browser.started();
    stop();
    expect(browser.hasListener()).toBe(false);
    await vi.advanceTimersByTimeAsync(REACHABLE_PROBE_INTERVAL_MS * 3);
    expect(browser.world.probes).toBe(1);
  });
});

describe('probeRelay', () => {
  it('asks /v1/ with HEAD, never from a cache, and counts any answer as reachable', async () => {
    const asked: { url: string; init: RequestInit | undefined }[] = [];
    const fetcher = (async (url: string, init?: RequestInit) => {
      asked.push({ url, init });
      return new Response(null, { status: 404 });
    }) as typeof fetch;
    expect(await probeRelay('https://relay.example.com/', new AbortController().signal, fetcher)).toBe(true);
    expect(asked[0]?.url).toBe('https://relay.example.com/v1/');
    expect(asked[0]?.init).toMatchObject({ method: 'HEAD', mode: 'no-cors', cache: 'no-store' });
  });

  it('counts a network failure as unreachable', async () => {
    const fetcher = (async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    expect(await probeRelay('https://relay.example.com', new AbortController().signal, fetcher)).toBe(false);
  });
});
