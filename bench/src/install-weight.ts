import { fileURLToPath } from 'node:url';
import { generateE2eKey } from '@ringback/protocol';
import {
  launchChromium,
  newMonitoredContext,
  PHONE_VIEWPORT,
  pairingPageUrl,
  playedAudio,
  startRelayProcess,
  storeSealedCall,
  waitFor,
} from '@ringback/test';
import type { Browser, Page } from 'playwright-core';
import { type CountingProxy, startCountingProxy } from './counting-proxy';

const CLIENT_DIST = fileURLToPath(new URL('../../client/dist', import.meta.url));
/** No byte for this long: the first visit is over (the open event stream sends nothing meanwhile). */
const QUIET_MS = 3000;
/** The on-device voice's data files, before (one package) and after (per language) the split. */
const VOICE_DATA = /\.data$|\/espeak-ng\//;

interface Phone {
  readonly name: string;
  /** Settings the phone had before its first visit (as the user would pick them afterwards). */
  readonly voiceEngine: 'on-device' | 'computer';
  /** Whether it answers a call (the computer's voice needs the computer running: not measured). */
  readonly answersCall: boolean;
}

const PHONES: readonly Phone[] = [
  { name: 'on-device voice, English', voiceEngine: 'on-device', answersCall: true },
  { name: 'the computer’s voice', voiceEngine: 'computer', answersCall: false },
];

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

async function workerActive(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      (globalThis as unknown as { navigator: { serviceWorker: { controller: { state: string } | null } } })
        .navigator.serviceWorker.controller?.state === 'activated',
    undefined,
    { timeout: 120_000, polling: 50 },
  );
}

async function networkQuiet(proxy: CountingProxy): Promise<void> {
  await waitFor(async () => proxy.idleMs() >= QUIET_MS, 120_000, 'a quiet network');
}

async function measurePhone(browser: Browser, phone: Phone): Promise<void> {
  const relay = await startRelayProcess({ RINGBACK_APP_DIR: CLIENT_DIST });
  const proxy = await startCountingProxy(new URL(relay.url));
  const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
  try {
    const daemon = await relay.createAccount('daemon', 'Laptop');
    const key = generateE2eKey();
    if (phone.voiceEngine !== 'on-device') {
      // Chosen before the first visit, as a phone set up again would have it.
      await context.addInitScript((engineId) => {
        const { localStorage } = globalThis as unknown as { localStorage: Storage };
        if (localStorage.getItem('ringback.settings')) return;
        localStorage.setItem(
          'ringback.settings',
          JSON.stringify({ voice: { engineId, configs: {}, rate: 1 } }),
        );
      }, phone.voiceEngine);
    }
    const page = await context.newPage();
    // The phone knows the relay by the proxy's address; the pairing code is asked for beforehand.
    const link = await pairingPageUrl(proxy.url, daemon.deviceToken, key);
    const before = proxy.received();
    await page.goto(link);
    await workerActive(page);
    const untilWorker = proxy.received() - before;
    await networkQuiet(proxy);
    const firstVisit = proxy.received() - before;
    let untilHeard = Number.NaN;
    if (phone.answersCall) {
      await storeSealedCall(relay.url, daemon.deviceToken, key);
      await page.getByRole('button', { name: 'Answer', exact: true }).click({ timeout: 60_000 });
      await waitFor(async () => (await playedAudio(page)).buffers.length >= 1, 120_000, 'the first sentence');
      untilHeard = proxy.received() - before;
    }
    const voicePaths = proxy.paths().filter((path) => VOICE_DATA.test(path));
    console.log(`  ${phone.name}:`);
    console.log(`    first visit until the worker is active: ${megabytes(untilWorker)} (goal ≤ 2 MB)`);
    console.log(`    first visit until the network is quiet: ${megabytes(firstVisit)} (goal ≤ 3 MB)`);
    if (phone.answersCall)
      console.log(`    until the first call is heard:          ${megabytes(untilHeard)}`);
    console.log(`    voice data fetched: ${voicePaths.length === 0 ? 'none' : voicePaths.join(', ')}`);
  } finally {
    await context.close();
    await proxy.close();
    await relay.kill();
  }
}

/**
 * What a phone downloads to install and use the app, counted on the wire (compressed, with
 * headers; the service worker's precache fetches included): a phone on the on-device voice in
 * English, and one whose calls use its computer's voice.
 */
export async function benchInstallWeight(): Promise<void> {
  const browser = await launchChromium();
  try {
    console.log('\nInstall weight (bytes on the wire from a phone’s first visit, client/dist):');
    for (const phone of PHONES) await measurePhone(browser, phone);
  } finally {
    await browser.close();
  }
}
