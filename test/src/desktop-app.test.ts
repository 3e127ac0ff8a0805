import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { saveScreenshots, waitConnected } from './support/app-page';
import { DESKTOP_VIEWPORT, newMonitoredContext, playedAudio } from './support/browser';
import { type DaemonProcess, startDaemonProcess } from './support/daemon-process';
import type { DesktopAppServer } from './support/desktop-app-server';
import { type FakeShell, installFakeShell } from './support/desktop-fake-shell';
import { type DesktopWorld, startDesktopWorld } from './support/desktop-world';
import { freePort } from './support/free-port';
import { type RelayProcess, startRelayProcess } from './support/relay-process';
import { makeDataDir, waitFor } from './support/temp-data-dir';

// The desktop app's renderer (the client build, served by the shell's own app-file handler on an
// origin of its own) in real Chromium, with `window.ringback` faked the way the preload exposes
// it: its daemon calls go through the shell's real daemon link to a real daemon on this machine.

const SPOKEN = 'I fixed the login bug, {form-of-address}. All tests pass. The build is green.';

let llm: FakeLlm;
let world: DesktopWorld;
let relay: RelayProcess;
let daemon: DaemonProcess;
let dataDir: string;
let app: DesktopAppServer;
let browser: Browser;
let page: Page;
let shell: FakeShell;
let errors: string[];

interface PageGlobals {
  localStorage: { getItem(key: string): string | null };
  navigator: { serviceWorker?: { getRegistrations(): Promise<unknown[]> } };
}

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setDefault((request) =>
    request.body.stream ? { content: 'Nothing else.' } : { json: plainBrief(SPOKEN) },
  );
  world = await startDesktopWorld({ briefModelUrl: llm.url });
  ({ relay, daemon, dataDir, app, browser, page, shell, errors } = world);
});

afterAll(async () => {
  await world?.close();
  await llm?.close();
});

async function localApi<T>(path: string): Promise<T> {
  const key = (await readFile(join(dataDir, 'local-api.key'), 'utf8')).trim();
  const response = await fetch(`${daemon.url}${path}`, { headers: { authorization: `Bearer ${key}` } });
  return (await response.json()) as T;
}

const reportStop = (message: string) => world.reportStop(message);

describe('the desktop app in real Chromium', () => {
  it('joins through the daemon on this computer: no pairing page, no service worker, the token kept by main', async () => {
    await page.goto(app.url);
    await waitConnected(page);
    expect(await page.getByText('Paste a pairing link').count()).toBe(0);
    expect(shell.calls.map((call) => call.channel)).toContain('daemon:pairing');
    expect(shell.token).toMatch(/^dev_/);
    const stored = await page.evaluate(() =>
      JSON.parse((globalThis as unknown as PageGlobals).localStorage.getItem('ringback.settings') ?? '{}'),
    );
    expect(stored).toMatchObject({ serverAddress: relay.url, deviceToken: null });
    expect(
      await page.evaluate(
        async () =>
          (await (globalThis as unknown as PageGlobals).navigator.serviceWorker?.getRegistrations())
            ?.length ?? 0,
      ),
    ).toBe(0);
    // The page reaches the relay itself (its API answers other origins); main is asked only for
    // the model and voices the user configured, none yet.
    const allowed = shell.calls.filter((call) => call.channel === 'endpoint:allow').at(-1)?.args[0];
    expect(allowed).toEqual([]);
    const throughMain = shell.calls.filter((call) => call.channel === 'endpoint:open');
    expect(throughMain.map((call) => JSON.stringify(call.args))).not.toContainEqual(
      expect.stringContaining(relay.url),
    );
    await waitFor(() => shell.statuses.at(-1)?.connected === true, 10_000, 'the tray status');
    expect(shell.statuses.at(-1)).toEqual({ connected: true, missed: 0, language: 'en' });
    await saveScreenshots(page, 'desktop-idle');
  });

  it('rings with the window hidden: main hears of the call, its click answers it and the brief plays', async () => {
    await shell.hide(page, true);
    await reportStop('Fixed the login bug. All tests pass.');
    await waitFor(() => shell.ringing.length === 1, 30_000, 'the call to ring');
    const call = shell.ringing[0];
    expect(call?.title).toBe('Claude Code · billing-api');
    expect(call?.body).toMatch(/^I fixed the login bug, [^.]+\.$/);
    await waitFor(
      async () => (await playedAudio(page)).levels.some((level) => level.rms > 0.02),
      10_000,
      'the ringtone while hidden',
    );
    await shell.hide(page, false);
    await saveScreenshots(page, 'desktop-incoming');

    // The notification clicked: main shows the window and tells the page which call.
    await shell.show(page, call?.eventId ?? '');
    await waitFor(
      async () => (await playedAudio(page)).buffers.filter((sentence) => sentence.rms > 0.01).length >= 2,
      30_000,
      'the brief spoken',
    );
    await waitFor(() => shell.stopped.includes(call?.eventId ?? ''), 10_000, 'the alert stopped');
    expect(shell.ringing).toHaveLength(1);
    await saveScreenshots(page, 'desktop-in-call');
    await page.getByRole('button', { name: 'Hang up' }).click();
    await page.getByRole('button', { name: "Don't reply" }).click();
  });

  it('writes the model to the daemon on this computer while the relay is down; its own settings page', async () => {
    await relay.kill();
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const rows = await page.getByRole('main').getByRole('button').allTextContents();
    expect(rows.join('|')).toContain('Desktop app');
    expect(rows.join('|')).not.toContain('Background ringing');
    await saveScreenshots(page, 'desktop-settings');

    await page.getByRole('button', { name: /Language model/ }).click();
    await page.getByLabel('Base address').fill(llm.url);
    await page.getByLabel('Model').fill('desktop-model');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved. Your computer uses this model for briefs too.').waitFor({ timeout: 15_000 });
    const saved = await localApi<{ channel: { model: string; baseUrl: string } | null }>('/llm/settings');
    expect(saved.channel).toMatchObject({ model: 'desktop-model', baseUrl: llm.url });
    await page.getByRole('button', { name: 'Back', exact: true }).click();

    await page.getByRole('button', { name: /Desktop app/ }).click();
    await page.getByRole('switch', { name: 'Open Ringback when you log in' }).click();
    await waitFor(() => shell.preferences.openAtLogin, 5_000, 'the preference saved in main');
    await page.getByRole('switch', { name: 'Open Ringback when you log in', checked: true }).waitFor();
    await saveScreenshots(page, 'desktop-settings-desktop');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    expect(errors).toEqual([]);
  });

  it('with the daemon running but logged in to no relay, connects it to a private relay from the page and joins', async () => {
    // A first run: the daemon runs, no relay yet; the user's relay is private and has no owner.
    const privateRelay = await startRelayProcess({ RINGBACK_OPEN_SIGNUP: 'false' });
    const claimCode = /its claim code is (\S+)/.exec(privateRelay.output())?.[1] ?? '';
    expect(claimCode).not.toBe('');
    const freshDir = await makeDataDir({ config: { localPort: await freePort() } });
    const fresh = await startDaemonProcess(freshDir, {}, null);
    const other = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
    const firstRun = await installFakeShell(other, { dataDir: freshDir, appOrigin: app.url });
    const page2 = await other.newPage();
    const pageErrors: string[] = [];
    page2.on('pageerror', (error) => pageErrors.push(error.message));
    try {
      await page2.goto(app.url);
      await page2
        .getByRole('heading', { name: 'Connect this computer to a relay' })
        .waitFor({ timeout: 15_000 });
      const refusal = firstRun.calls.find((call) => call.channel === 'daemon:pairing');
      expect(refusal).toBeDefined();
      expect(await page2.getByLabel('Claim code').count()).toBe(0);

      // Or join an account with a pairing link: a code alone would not bring its key.
      await page2.getByRole('button', { name: 'Join with a pairing link' }).click();
      await page2.getByLabel('Pairing link').fill('123 456');
      await page2.getByRole('button', { name: 'Join the account' }).click();
      await page2.getByText(/A code alone is not enough here/).waitFor();
      await saveScreenshots(page2, 'desktop-connect-relay-link');
      await page2.getByRole('button', { name: 'Connect to a relay instead' }).click();

      // Nothing at that address: said in words, the form kept.
      const address = page2.getByLabel('Relay address');
      await address.fill(`http://127.0.0.1:${await freePort()}`);
      await page2.getByRole('button', { name: 'Connect', exact: true }).click();
      await page2.getByText(/Could not connect to a relay at this address/).waitFor({ timeout: 20_000 });

      // The relay's own address: it asks for its claim code, and the field appears.
      await address.fill(privateRelay.url);
      await page2.getByRole('button', { name: 'Connect', exact: true }).click();
      await page2.getByText('This relay is private and has no owner yet', { exact: false }).waitFor();
      const claim = page2.getByLabel('Claim code');
      await claim.waitFor();
      await saveScreenshots(page2, 'desktop-connect-relay');
      await claim.fill('WRONG-CLAIM-CODE');
      await page2.getByRole('button', { name: 'Connect', exact: true }).click();
      await page2.getByText(/This is not the relay’s claim code/).waitFor();
      await claim.fill(claimCode);
      await page2.getByRole('button', { name: 'Connect', exact: true }).click();

      // Logged in, it pairs at once: no other step.
      await waitConnected(page2);
      const key = (await readFile(join(freshDir, 'local-api.key'), 'utf8')).trim();
      const status = (await (
        await fetch(`${fresh.url}/status`, { headers: { authorization: `Bearer ${key}` } })
      ).json()) as { relay: { serverUrl: string } | null };
      expect(status.relay?.serverUrl).toBe(privateRelay.url);
      expect(firstRun.token).toMatch(/^dev_/);
      const logins = firstRun.calls.filter(
        (call) =>
          call.channel === 'daemon:request' && (call.args[0] as { path: string }).path === '/local/login',
      );
      expect(logins.map((call) => (call.args[0] as { body: unknown }).body)).toEqual([
        { server: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/) },
        { server: privateRelay.url },
        { server: privateRelay.url, claimCode: 'WRONG-CLAIM-CODE' },
        { server: privateRelay.url, claimCode },
      ]);
      expect(pageErrors).toEqual([]);
    } finally {
      await other.close();
      await fresh.kill('SIGTERM');
      await privateRelay.kill();
    }
  });

  it('with no daemon on this computer, says so and offers to start it at login', async () => {
    const other = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
    const empty = await makeDataDir();
    const lonely = await installFakeShell(other, {
      dataDir: empty,
      appOrigin: app.url,
      facts: { trayAvailable: false },
    });
    const second = await other.newPage();
    await second.goto(app.url);
    await second.getByText('Ringback is not running on this computer').waitFor({ timeout: 15_000 });
    await second.getByRole('button', { name: 'Start Ringback at login' }).click();
    await second.getByText(/needs Node\.js 20\.19 or newer/).waitFor();
    expect(lonely.installs).toBe(1);
    const asked = lonely.calls.filter((call) => call.channel === 'daemon:pairing').length;
    await second.getByRole('button', { name: 'Retry now' }).click();
    await waitFor(
      () => lonely.calls.filter((call) => call.channel === 'daemon:pairing').length > asked,
      5_000,
      'asked again',
    );
    expect(lonely.token).toBeNull();
    await saveScreenshots(second, 'desktop-no-daemon');
    await other.close();
  });
});
