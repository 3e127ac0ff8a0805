import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deriveE2eKeyFromPassphrase, keyIdOf } from '@ringback/protocol';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { pairAnotherDevice, reportStop, saveScreenshots, waitConnected } from './support/app-page';
import {
  DESKTOP_VIEWPORT,
  launchChromium,
  newMonitoredContext,
  PHONE_VIEWPORT,
  playedAudio,
} from './support/browser';
import { qrPicture, writeQrCameraFile } from './support/fake-camera';
import { heldE2eKey, keyTextInLocalStorage, settingsKeyId } from './support/key-storage';
import { type RunningRingback, standInClaude, startRingbackUp } from './support/ringback-up';
import { waitFor } from './support/temp-data-dir';

/** A host name Chromium maps to this machine: an origin that is not a secure context, like a LAN address. */
const LAN_HOST = 'ringback.lan';
/** What the tests read in the page (this package is typed for Node, not the DOM). */
interface BrowserGlobals {
  isSecureContext: boolean;
  crypto: { subtle?: unknown };
  localStorage: { getItem(key: string): string | null };
}

const PASSPHRASE = 'four quiet lanterns by the sea';
const SECOND_PASSPHRASE = 'seven amber kites over the hill';

let llm: FakeLlm;
let claude: Awaited<ReturnType<typeof standInClaude>>;
let up: RunningRingback;
let browser: Browser;
let cameraPairUrl: string;

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setDefault(() => ({ json: plainBrief('The migration ran. Two tables changed.') }));
  claude = await standInClaude();
  up = await startRingbackUp({ llmUrl: llm.url, env: { RINGBACK_CLAUDE_BIN: claude.bin } });
  // The fake camera shows a QR code of a URL `ringback pair` printed, as a phone's camera would see it.
  cameraPairUrl = (await pairAnotherDevice(up)).url;
  const cameraFile = join(await mkdtemp(join(tmpdir(), 'ringback-camera-')), 'qr.y4m');
  await writeQrCameraFile(cameraFile, cameraPairUrl);
  browser = await launchChromium([
    `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${cameraFile}`,
  ]);
});

afterAll(async () => {
  await browser?.close();
  await up?.stop();
  await llm?.close();
});

/** The URL `ringback up --lan` prints, with the LAN host: page and pairing link both name it. */
function lanUrlOf(appUrl: string): string {
  const url = new URL(appUrl);
  const link = decodeURIComponent(url.hash.slice('#pair='.length)).replace('127.0.0.1', LAN_HOST);
  return `http://${LAN_HOST}:${url.port}/#pair=${encodeURIComponent(link)}`;
}

async function localDaemonKey(): Promise<string> {
  const localKey = (await readFile(join(up.dataDir, 'local-api.key'), 'utf8')).trim();
  const response = await fetch(`${up.daemonUrl}/e2e/key`, {
    headers: { authorization: `Bearer ${localKey}` },
  });
  return ((await response.json()) as { key: string }).key;
}

/** The page's stored settings, as far as pairing goes. */
async function storedPairing(page: Page): Promise<{
  deviceId?: string;
  e2eKeyId?: string;
  e2eKey?: string;
  deviceName?: string;
  serverAddress?: string;
}> {
  return page.evaluate(() =>
    JSON.parse((globalThis as unknown as BrowserGlobals).localStorage.getItem('ringback.settings') ?? '{}'),
  );
}

/** The same app URL with its pairing link's key swapped: a link crafted by someone holding that key. */
function withKey(appUrl: string, key: string): string {
  const url = new URL(appUrl);
  const link = new URL(decodeURIComponent(url.hash.slice('#pair='.length)));
  link.searchParams.set('key', key);
  url.hash = `pair=${encodeURIComponent(link.toString())}`;
  return url.toString();
}

async function answerAndHearTheBrief(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Answer', exact: true }).click({ timeout: 60_000 });
  await waitFor(
    async () => (await playedAudio(page)).buffers.filter((sentence) => sentence.rms > 0.01).length >= 2,
    30_000,
    'the brief spoken',
  );
}

describe('joining the account and changing the key, in real Chromium', () => {
  it('joins by scanning the QR code with the camera, and from a picture of it', async () => {
    const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    await context.grantPermissions(['camera'], { origin: up.relayUrl });
    const page = await context.newPage();
    const refused: string[] = [];
    page.on('console', (message) => {
      if (message.text().includes('Content Security Policy')) refused.push(message.text());
    });
    await page.goto(up.relayUrl);
    await page.getByRole('button', { name: 'Scan with camera' }).click();
    await waitConnected(page);
    expect(await page.getByRole('dialog').count()).toBe(0);
    // The dialog's scroll lock styles itself with the page's nonce: the policy refuses nothing.
    expect(refused).toEqual([]);
    await context.close();

    const other = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
    const second = await other.newPage();
    await second.goto(up.relayUrl);
    const picture = await qrPicture((await pairAnotherDevice(up)).url);
    await second
      .locator('input[type="file"]')
      .setInputFiles({ name: 'code.png', mimeType: 'image/png', buffer: picture });
    await waitConnected(second);
    await other.close();
  });

  it('works on a plain-http LAN page without crypto.subtle: rings, plays, replies, and its passphrase becomes the computer key', async () => {
    const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(lanUrlOf(up.appUrl));
    await waitConnected(page);
    expect(
      await page.evaluate(() => {
        const page = globalThis as unknown as BrowserGlobals;
        return [page.isSecureContext, typeof page.crypto.subtle];
      }),
    ).toEqual([false, 'undefined']);
    // No crypto.subtle, so no key the page cannot read: the text stays in the settings (README says why).
    expect(await storedPairing(page)).toMatchObject({ e2eKey: expect.stringMatching(/^k1_/) });
    expect(await heldE2eKey(page)).toBeNull();

    const project = await reportStop(up, 'Migration done. Two tables changed.', 'sess-lan-1');
    await answerAndHearTheBrief(page);
    await page.getByRole('button', { name: 'Hang up' }).click();
    await page.getByLabel('Your reply').fill('Ship it.');
    await page.getByRole('button', { name: 'Send reply' }).click();
    // The computer resumes the agent before it says delivered: a deadline for a busy machine.
    await page
      .locator('[aria-current="step"]', { hasText: 'Delivered to the agent' })
      .waitFor({ timeout: 60_000 });
    const calls = await claude.calls();
    expect(calls.map((call) => [call.cwd, call.stdin.includes('Ship it.')])).toEqual([[project, true]]);
    await page.getByRole('button', { name: 'Done' }).click();

    // A passphrase typed on the phone: the key is derived there and replaces the computer's through the relay.
    const keyBefore = await localDaemonKey();
    await page
      .getByRole('button', { name: /Settings/ })
      .first()
      .click();
    await page.getByRole('button', { name: /End-to-end key/ }).click();
    await page.getByLabel('Passphrase').fill(PASSPHRASE);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Saved/).first().waitFor({ timeout: 30_000 });
    const derived = await deriveE2eKeyFromPassphrase(PASSPHRASE);
    expect(keyBefore).not.toBe(derived);
    expect(await localDaemonKey()).toBe(derived);
    await saveScreenshots(page, 'settings-key-saved');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Back', exact: true }).click();

    // A desktop given only the 6-digit code and the same passphrase joins, and both hear the next call.
    const desktopContext = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
    const desktop = await desktopContext.newPage();
    await desktop.goto(up.relayUrl);
    const { code } = await pairAnotherDevice(up);
    await desktop.getByLabel('6-digit code').fill(code);
    await desktop.getByLabel('Passphrase').fill(PASSPHRASE);
    await desktop.getByRole('button', { name: 'Join with code' }).click();
    await waitConnected(desktop);

    await reportStop(up, 'Second migration done.', 'sess-lan-2');
    await desktop.getByRole('button', { name: 'Answer', exact: true }).waitFor({ timeout: 60_000 });
    await answerAndHearTheBrief(page);
    await desktop
      .getByText(/answered on/i)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(errors).toEqual([]);
    await desktopContext.close();
    await context.close();
  });

  it('asks before a pairing link moves a paired app to another key: Cancel keeps the old pairing, Switch account pairs', async () => {
    const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    const page = await context.newPage();
    await page.goto((await pairAnotherDevice(up)).url);
    await waitConnected(page);
    const before = await storedPairing(page);
    expect(before.e2eKeyId).toMatch(/^[A-Za-z0-9_-]{12}$/);
    const attackerKey = `k1_${randomBytes(32).toString('base64url')}`;
    const attackerKeyId = await keyIdOf(attackerKey);

    // Opened in the tab that already shows the app: only the fragment changes.
    await page.goto(withKey((await pairAnotherDevice(up)).url, attackerKey));
    const dialog = page.getByRole('dialog', { name: 'Switch this device to another account?' });
    await dialog.waitFor({ timeout: 30_000 });
    const asked = (await dialog.textContent()) ?? '';
    expect(asked).toContain(`join ${before.serverAddress} again as “${before.deviceName}”`);
    expect(page.url()).not.toContain('#pair=');
    await saveScreenshots(page, 'pairing-switch-asked');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await waitConnected(page);
    expect(await storedPairing(page)).toMatchObject({ deviceId: before.deviceId, e2eKeyId: before.e2eKeyId });
    expect((await heldE2eKey(page))?.keyId).toBe(before.e2eKeyId);

    await page.goto(withKey((await pairAnotherDevice(up)).url, attackerKey));
    await dialog.getByRole('button', { name: 'Switch account' }).click({ timeout: 30_000 });
    await waitFor(
      async () => (await storedPairing(page)).e2eKeyId === attackerKeyId,
      15_000,
      'the confirmed pairing',
    );
    await waitConnected(page);
    expect((await storedPairing(page)).deviceId).not.toBe(before.deviceId);
    expect((await heldE2eKey(page))?.keyId).toBe(attackerKeyId);
    expect(await keyTextInLocalStorage(page)).toEqual([]);
    await context.close();
  });

  it("moves an older version's key text from localStorage into IndexedDB at start; a passphrase replaces it there; calls still open", async () => {
    // A device paired by an older version: its settings as this version writes them, but with
    // the key's text in them and no keyId, and nothing in IndexedDB.
    const paired = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    const first = await paired.newPage();
    await first.goto((await pairAnotherDevice(up)).url);
    await waitConnected(first);
    const { e2eKeyId: _, ...settings } = JSON.parse(
      await first.evaluate(
        () => (globalThis as unknown as BrowserGlobals).localStorage.getItem('ringback.settings') ?? '{}',
      ),
    ) as Record<string, unknown>;
    await paired.close();
    const key = await localDaemonKey();
    const older = JSON.stringify({ ...settings, e2eKey: key });

    const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // A blank page on the app's origin to write the settings, before any of the app's code runs.
    await page.route(`${up.relayUrl}/`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
    );
    await page.goto(up.relayUrl);
    await page.evaluate((value) => {
      (
        globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }
      ).localStorage.setItem('ringback.settings', value);
    }, older);
    expect(await heldE2eKey(page)).toBeNull();
    await page.unroute(`${up.relayUrl}/`);

    await page.goto(up.relayUrl);
    await waitConnected(page);
    expect(await keyTextInLocalStorage(page)).toEqual([]);
    expect(await settingsKeyId(page)).toBe(await keyIdOf(key));
    expect(await heldE2eKey(page)).toMatchObject({
      keyId: await keyIdOf(key),
      isCryptoKey: true,
      extractable: false,
      exportRefused: true,
    });

    // A passphrase on the key page: derived, written to the computer, then held the same way.
    await page
      .getByRole('button', { name: /Settings/ })
      .first()
      .click();
    await page.getByRole('button', { name: /End-to-end key/ }).click();
    await page.getByLabel('Passphrase').fill(SECOND_PASSPHRASE);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Saved/).first().waitFor({ timeout: 30_000 });
    const derived = await deriveE2eKeyFromPassphrase(SECOND_PASSPHRASE);
    expect(await localDaemonKey()).toBe(derived);
    expect(await keyTextInLocalStorage(page)).toEqual([]);
    expect(await heldE2eKey(page)).toMatchObject({ keyId: await keyIdOf(derived), extractable: false });
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Back', exact: true }).click();

    await reportStop(up, 'Third migration done.', 'sess-migrated-1');
    await answerAndHearTheBrief(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('goes back to the welcome page when the relay answers 401 (the device was removed)', async () => {
    const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    const page = await context.newPage();
    await page.goto((await pairAnotherDevice(up)).url);
    await waitConnected(page);
    const deviceId = await page.evaluate(
      () =>
        (
          JSON.parse(
            (globalThis as unknown as BrowserGlobals).localStorage.getItem('ringback.settings') ?? '{}',
          ) as { deviceId?: string }
        ).deviceId,
    );
    const computerToken = (await readFile(join(up.dataDir, 'device.token'), 'utf8')).trim();
    const removed = await fetch(`${up.relayUrl}/v1/devices/${deviceId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${computerToken}` },
    });
    expect(removed.status).toBe(204);
    await page.getByRole('heading', { name: 'Paste a pairing link' }).waitFor({ timeout: 15_000 });
    await page.getByRole('alert').filter({ hasText: 'no longer on your account' }).waitFor();
    await saveScreenshots(page, 'welcome-signed-out');
    await context.close();
  });
});
