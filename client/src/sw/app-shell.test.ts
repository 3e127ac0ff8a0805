import { describe, expect, it } from 'vitest';
import { APP_NAVIGATION, appShellHandler, isAppWindowUrl } from './app-shell';

const kept = () => new Response('kept copy', { status: 200 });
const request = new Request('https://relay.example.com/?answer=abc');

describe('the app shell for navigations', () => {
  it('is the page from the relay when it answers', async () => {
    const open = appShellHandler({
      fetch: async () => new Response('fresh'),
      cachedShell: async () => kept(),
    });
    expect(await (await open(request)).text()).toBe('fresh');
  });

  it('is the kept copy offline, when the relay fails, or when it is too slow', async () => {
    const offline = appShellHandler({
      fetch: () => Promise.reject(new TypeError('Failed to fetch')),
      cachedShell: async () => kept(),
    });
    expect(await (await offline(request)).text()).toBe('kept copy');

    const broken = appShellHandler({
      fetch: async () => new Response('Bad gateway', { status: 502 }),
      cachedShell: async () => kept(),
    });
    expect(await (await broken(request)).text()).toBe('kept copy');

    const slow = appShellHandler({
      fetch: () => new Promise(() => {}),
      cachedShell: async () => kept(),
      networkMs: 20,
    });
    expect(await (await slow(request)).text()).toBe('kept copy');
  });

  it('passes the relay’s answer on when nothing is kept', async () => {
    const open = appShellHandler({
      fetch: async () => new Response('Bad gateway', { status: 502 }),
      cachedShell: async () => undefined,
    });
    expect((await open(request)).status).toBe(502);
    const offline = appShellHandler({
      fetch: () => Promise.reject(new TypeError('x')),
      cachedShell: async () => undefined,
    });
    expect((await offline(request)).type).toBe('error');
  });

  it('is only the app’s page: / and /index.html with any query, never the API or other files', () => {
    for (const path of ['/', '/?answer=abc', '/index.html', '/index.html?x=1'])
      expect(APP_NAVIGATION.test(path), path).toBe(true);
    for (const path of ['/v1/events', '/sw.js', '/manifest.webmanifest', '/assets/index.js', '/calls'])
      expect(APP_NAVIGATION.test(path), path).toBe(false);
  });

  it('tells a window of the app from another page of its origin', () => {
    expect(isAppWindowUrl('https://relay.example.com/')).toBe(true);
    expect(isAppWindowUrl('https://relay.example.com/?answer=abc#top')).toBe(true);
    expect(isAppWindowUrl('https://relay.example.com/favicon.svg')).toBe(false);
    expect(isAppWindowUrl('https://relay.example.com/v1/events/abc')).toBe(false);
  });
});
