import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { PendingEvents } from '@ringback/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { startDaemonProcess } from './support/daemon-process';
import { freePort } from './support/free-port';
import { startRelayProcess } from './support/relay-process';
import { runRingback } from './support/run-hook-process';
import { openAgentEvent } from './support/sealed-events';
import { makeDataDir, postReport, waitFor } from './support/temp-data-dir';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const env = (dataDir: string): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  HOME: dataDir,
  RINGBACK_HOME: dataDir,
});

function pairLinkIn(output: string): URL {
  const match = /Pairing link: (ringback:\/\/pair\?\S+)/.exec(output);
  if (!match?.[1]) throw new Error(`no pairing link in:\n${output}`);
  return new URL(match[1]);
}

async function redeemAsApp(relayUrl: string, code: string): Promise<string> {
  const response = await fetch(`${relayUrl}/v1/pairing-codes/redeem`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code, kind: 'app', name: 'Phone' }),
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { deviceToken: string }).deviceToken;
}

describe('ringback login and pair', () => {
  it('claims a private relay through the running daemon, which then delivers what waited', async () => {
    const relay = await startRelayProcess({ RINGBACK_OPEN_SIGNUP: 'false' });
    cleanups.push(() => relay.kill());
    const claimCode = /claim code is ([A-Z0-9-]+)/.exec(relay.output())?.[1];
    expect(claimCode).toBeDefined();

    // The daemon runs on its configured port, so `ringback login` finds it and logs it in.
    const dataDir = await makeDataDir({ config: { localPort: await freePort() } });
    const daemon = await startDaemonProcess(dataDir, {}, null);
    cleanups.push(() => daemon.kill('SIGTERM'));
    const text = 'Released version 2.4.0 to the staging cluster.';
    expect(
      await postReport(daemon.url, {
        session_id: 's1',
        cwd: '/app',
        last_assistant_message: text,
      }),
    ).toBe(202);

    const refused = await runRingback(['login', '--server', relay.url], env(dataDir));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('--claim-code');

    const login = await runRingback(
      ['login', '--server', relay.url, '--claim-code', claimCode ?? ''],
      env(dataDir),
    );
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    expect(login.stdout).toContain(`Created the account`);
    expect(login.stdout).toMatch(/▄|█/); // the QR code
    const link = pairLinkIn(login.stdout);
    expect(link.searchParams.get('server')).toBe(relay.url);
    expect((await stat(join(dataDir, 'device.token'))).mode & 0o777).toBe(0o600);

    const appToken = await redeemAsApp(relay.url, link.searchParams.get('code') ?? '');
    let pending: PendingEvents = { events: [], latestId: 0 };
    await waitFor(
      async () => {
        const response = await fetch(`${relay.url}/v1/events/pending`, {
          headers: { authorization: `Bearer ${appToken}` },
        });
        pending = (await response.json()) as PendingEvents;
        return pending.events.length === 1;
      },
      10_000,
      'the waiting report at the relay',
    );
    const [call] = pending.events;
    const opened = await openAgentEvent(link.searchParams.get('key') ?? '', {
      eventId: call?.eventId ?? '',
      sealed: call?.sealed ?? '',
    });
    expect(opened.report.text).toBe(text);

    const pair = await runRingback(['pair'], env(dataDir));
    expect(pair.code).toBe(0);
    expect(pairLinkIn(pair.stdout).searchParams.get('code')).not.toBe(link.searchParams.get('code'));
  });

  it('joins a second computer by link, taking the account key with it', async () => {
    const relay = await startRelayProcess();
    cleanups.push(() => relay.kill());
    const first = await makeDataDir();
    const created = await runRingback(['login', '--server', relay.url, '--name', 'Laptop'], env(first));
    expect(created.code).toBe(0);
    const link = pairLinkIn(created.stdout);

    const second = await makeDataDir();
    const joined = await runRingback(['login', link.href, '--name', 'Desktop'], env(second));
    expect(joined.code).toBe(0);
    expect(joined.stdout).toContain('Joined the account');
    expect(joined.stdout).toContain('The end-to-end key came with the link');
    const configOf = async (dir: string) => JSON.parse(await readFile(join(dir, 'daemon.json'), 'utf8'));
    expect((await configOf(second)).e2e.key).toBe((await configOf(first)).e2e.key);
    expect((await configOf(second)).server.url).toBe(relay.url);

    const reused = await runRingback(['login', link.href], env(await makeDataDir()));
    expect(reused.code).toBe(1);
    expect(reused.stderr).toContain('pairing code');
  });

  it('gives the desktop app a pairing offer through POST /local/pairing once logged in', async () => {
    const relay = await startRelayProcess();
    cleanups.push(() => relay.kill());
    const dataDir = await makeDataDir();
    const daemon = await startDaemonProcess(dataDir);
    cleanups.push(() => daemon.kill('SIGTERM'));
    const key = (await readFile(join(dataDir, 'local-api.key'), 'utf8')).trim();
    const offer = () =>
      fetch(`${daemon.url}/local/pairing`, { method: 'POST', headers: { authorization: `Bearer ${key}` } });
    const before = await offer();
    expect([before.status, ((await before.json()) as { error: string }).error]).toEqual([
      409,
      'not_logged_in',
    ]);

    const login = await fetch(`${daemon.url}/local/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ server: relay.url, name: 'Laptop' }),
    });
    expect(login.status).toBe(200);
    const response = await offer();
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, string>;
    expect(body).toMatchObject({ serverUrl: relay.url, code: expect.stringMatching(/^\d{6}$/) });
    expect(body.key).toBe(JSON.parse(await readFile(join(dataDir, 'daemon.json'), 'utf8')).e2e.key);
    expect(body.link).toContain(`code=${body.code}`);
  });
});
