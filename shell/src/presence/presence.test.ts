import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Presence } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createDaemonLink } from '../daemon/daemon-link';
import { createAwaySwitch } from './away-switch';
import { startPresenceReporter } from './presence-reporter';

/** A stand-in daemon on 127.0.0.1 keeping the away setting, as the real local API does. */
async function fakeDaemon() {
  const dir = await mkdtemp(join(tmpdir(), 'ringback-presence-'));
  const seen: { method: string; url: string; body: unknown; auth: string | undefined }[] = [];
  let away = 'auto';
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const body = text ? JSON.parse(text) : null;
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, auth: req.headers.authorization });
      if (req.method === 'PUT' && req.url === '/settings/permission-calls') away = body.away;
      const presence: Presence =
        away === 'auto'
          ? {
              away: (body?.idleSeconds ?? 0) >= 60,
              signal: 'desktop-app',
              idleSeconds: body?.idleSeconds ?? 0,
            }
          : { away: away === 'on', signal: 'manual', idleSeconds: null };
      const reply = req.url === '/presence' ? presence : { settings: { away }, presence };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'local-api.key'), 'k'.repeat(43));
  await writeFile(join(dir, 'daemon.json'), JSON.stringify({ localPort: port }));
  return {
    link: createDaemonLink({ dataDir: dir }),
    seen,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('the presence reporter', () => {
  it('tells the daemon the system idle time at start and then at every interval, with its key', async () => {
    const daemon = await fakeDaemon();
    cleanups.push(daemon.close);
    let idle = 12.7;
    const presences: (Presence | null)[] = [];
    const reporter = startPresenceReporter({
      idleSeconds: () => idle,
      daemon: daemon.link,
      onPresence: (presence) => presences.push(presence),
      intervalMs: 60,
    });
    cleanups.push(() => reporter.stop());
    await until(() => daemon.seen.length >= 1);
    expect(daemon.seen[0]).toEqual({
      method: 'POST',
      url: '/presence',
      body: { idleSeconds: 12 },
      auth: `Bearer ${'k'.repeat(43)}`,
    });
    idle = 95;
    await until(() => presences.some((presence) => presence?.away === true));
    expect(presences.at(-1)).toEqual({ away: true, signal: 'desktop-app', idleSeconds: 95 });
    reporter.stop();
    // A report already on its way may still land; none is sent after that.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const count = daemon.seen.length;
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(daemon.seen.length).toBe(count);
  });

  it('without an idle time of its own (Wayland), reports none and follows what the daemon makes of it', async () => {
    const daemon = await fakeDaemon();
    cleanups.push(daemon.close);
    const presences: (Presence | null)[] = [];
    const reporter = startPresenceReporter({
      idleSeconds: null,
      daemon: daemon.link,
      onPresence: (presence) => presences.push(presence),
      intervalMs: 30,
    });
    cleanups.push(() => reporter.stop());
    await until(() => presences.length >= 2);
    expect(daemon.seen.map(({ method, url }) => `${method} ${url}`)).toContain(
      'GET /settings/permission-calls',
    );
    expect(daemon.seen.filter((request) => request.url === '/presence')).toEqual([]);
    expect(presences.at(-1)).toEqual({ away: false, signal: 'desktop-app', idleSeconds: 0 });
  });

  it('says nothing is known while the daemon is down, and carries on', async () => {
    const presences: (Presence | null)[] = [];
    const dir = await mkdtemp(join(tmpdir(), 'ringback-presence-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const reporter = startPresenceReporter({
      idleSeconds: () => 5,
      daemon: createDaemonLink({ dataDir: dir }),
      onPresence: (presence) => presences.push(presence),
      intervalMs: 30,
    });
    cleanups.push(() => reporter.stop());
    await until(() => presences.length >= 2);
    expect(presences.every((presence) => presence === null)).toBe(true);
  });
});

describe('the away switch', () => {
  it('sets away on and back to auto through the daemon, and follows what the daemon reports', async () => {
    const daemon = await fakeDaemon();
    cleanups.push(daemon.close);
    const states: unknown[] = [];
    const away = createAwaySwitch({ daemon: daemon.link, onChange: (state) => states.push(state) });
    away.observe({ away: false, signal: 'desktop-app', idleSeconds: 3 });
    expect(away.state()).toEqual({ available: true, on: false });

    await away.set(true);
    expect(daemon.seen.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/settings/permission-calls',
      body: { away: 'on' },
    });
    expect(away.state()).toEqual({ available: true, on: true });
    // Set elsewhere (`ringback away on`, the phone): the next report says so.
    away.observe({ away: true, signal: 'manual', idleSeconds: null });
    await away.set(false);
    expect(daemon.seen.at(-1)?.body).toEqual({ away: 'auto' });
    expect(away.state()).toEqual({ available: true, on: false });
    away.observe(null);
    expect(states).toEqual([
      { available: true, on: false },
      { available: true, on: true },
      { available: true, on: false },
      { available: false },
    ]);
  });
});
