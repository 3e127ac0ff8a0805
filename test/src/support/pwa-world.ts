import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DeviceCredentials } from '@ringback/protocol';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_PATH, monitorAudio, PHONE_VIEWPORT, STEP_TIMEOUT_MS } from './browser';
import { type RelayProcess, startRelayProcess } from './relay-process';

const CLIENT_DIST = fileURLToPath(new URL('../../../client/dist', import.meta.url));

/** What the installable app's e2e tests run against: a relay serving the app, its account, a phone-sized browser. */
export interface PwaWorld {
  relay: RelayProcess;
  /** The account's computer, to store calls and hand out pairing codes. */
  daemon: DeviceCredentials;
  context: BrowserContext;
  page: Page;
  /** The copy of the build the relay serves, when asked for one; else null. */
  appDir: string | null;
  close(): Promise<void>;
}

/**
 * A relay in its own process serving the app, a daemon account on it, and Chromium with a
 * persistent profile (an incognito one is never installable) at phone size. With `copyApp` the
 * relay serves a copy of the build, so a test can change its worker as a new build would; with
 * `monitorAudio` the pages' audio can be measured.
 */
export async function startPwaWorld(options: {
  name: string;
  copyApp?: boolean;
  monitorAudio?: boolean;
}): Promise<PwaWorld> {
  const appDir = options.copyApp
    ? join(await mkdtemp(join(tmpdir(), `ringback-${options.name}-app-`)), 'dist')
    : null;
  if (appDir) await cp(CLIENT_DIST, appDir, { recursive: true });
  const relay = await startRelayProcess(appDir ? { RINGBACK_APP_DIR: appDir } : {});
  const daemon = await relay.createAccount('daemon', 'Laptop');
  const profile = await mkdtemp(join(tmpdir(), `ringback-${options.name}-profile-`));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    viewport: PHONE_VIEWPORT,
  });
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  if (options.monitorAudio) await monitorAudio(context);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    relay,
    daemon,
    context,
    page,
    appDir,
    async close() {
      await context.close();
      await relay.kill();
      await rm(profile, { recursive: true, force: true });
      if (appDir) await rm(join(appDir, '..'), { recursive: true, force: true });
    },
  };
}
