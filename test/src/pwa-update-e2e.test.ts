import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type DeviceCredentials, generateE2eKey } from '@ringback/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveScreenshots, waitConnected } from './support/app-page';
import { pairingPageUrl, storeSealedCall } from './support/pwa-calls';
import { markDocument, pollFor, waitControlled, waitNewDocument } from './support/pwa-page';
import { type PwaWorld, startPwaWorld } from './support/pwa-world';
import type { RelayProcess } from './support/relay-process';

let appDir: string;
let relay: RelayProcess;
let world: PwaWorld;
let page: Page;
let daemon: DeviceCredentials;
const key = generateE2eKey();

beforeAll(async () => {
  world = await startPwaWorld({ name: 'pwa-update', copyApp: true });
  ({ relay, daemon, page } = world);
  appDir = world.appDir as string;
});

afterAll(async () => {
  await world?.close();
});

/** Publishes a new build: its worker differs from the running one by at least a byte. */
async function publishNewBuild(mark: string): Promise<void> {
  const workerFile = join(appDir, 'sw.js');
  await writeFile(workerFile, `${await readFile(workerFile, 'utf8')}\n// ${mark}\n`);
}

/** Whether a new build's worker is installed and waiting to take over. */
function newBuildWaiting(): Promise<boolean> {
  return page.evaluate(
    'navigator.serviceWorker.getRegistration().then((registration) => registration.waiting !== null)',
  ) as Promise<boolean>;
}

/** Whether the document marked by `markDocument` is still the one shown (not reloaded). */
function sameDocument(): Promise<boolean> {
  return page.evaluate('window.__ringbackMark === true') as Promise<boolean>;
}

describe('a new build while a call is on', () => {
  it('waits through the call and its reply, then the page reloads onto it once', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(await pairingPageUrl(relay.url, daemon.deviceToken, key));
    await waitConnected(page);
    await waitControlled(page);

    await storeSealedCall(relay.url, daemon.deviceToken, key);
    await page.getByRole('button', { name: 'Answer', exact: true }).click({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Hang up' }).waitFor();
    await markDocument(page);
    const loads: number[] = [];
    page.on('load', () => loads.push(Date.now()));

    await publishNewBuild('the next build');
    await page.evaluate(
      'navigator.serviceWorker.getRegistration().then((registration) => registration.update())',
    );
    expect(await pollFor(newBuildWaiting, (waiting) => waiting, 20_000)).toBe(true);
    // Given time to take over if it were going to: the call goes on in the same document.
    await page.waitForTimeout(2_000);
    expect(await sameDocument()).toBe(true);
    expect(await newBuildWaiting()).toBe(true);
    expect(await page.getByRole('button', { name: 'Hang up' }).count()).toBe(1);
    await saveScreenshots(page, 'pwa-update-waits-in-call');

    // The reply written after hanging up is part of the call: not cut off either.
    await page.getByRole('button', { name: 'Hang up' }).click();
    await page.getByLabel('Your reply').fill('Ship it.');
    await page.waitForTimeout(1_500);
    expect(await sameDocument()).toBe(true);
    expect(await page.getByLabel('Your reply').inputValue()).toBe('Ship it.');

    await page.getByRole('button', { name: "Don't reply" }).click();
    await waitNewDocument(page);
    await waitConnected(page);
    await page.waitForTimeout(1_500);
    expect(loads).toHaveLength(1);
    expect(await newBuildWaiting()).toBe(false);
    expect(await waitControlled(page)).toEqual({ script: `${relay.url}/sw.js`, state: 'activated' });
    expect(errors).toEqual([]);
  });

  it('with no call, the next build takes over at once and the page reloads onto it once', async () => {
    await markDocument(page);
    const loads: number[] = [];
    page.on('load', () => loads.push(Date.now()));
    await publishNewBuild('a build after that');
    await page.evaluate(
      'navigator.serviceWorker.getRegistration().then((registration) => registration.update())',
    );
    await waitNewDocument(page);
    await waitConnected(page);
    await page.waitForTimeout(1_500);
    expect(loads).toHaveLength(1);
    expect(await newBuildWaiting()).toBe(false);
  });
});
