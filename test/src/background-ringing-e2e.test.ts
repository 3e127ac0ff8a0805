import type { Browser, BrowserContext, Page } from 'playwright-core';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { pairAnotherDevice, reportStop, saveScreenshots, waitConnected } from './support/app-page';
import {
  CHROMIUM_PATH,
  launchChromium,
  newMonitoredContext,
  PHONE_VIEWPORT,
  playedAudio,
} from './support/browser';
import { type RunningRingback, startRingbackUp } from './support/ringback-up';
import { waitFor } from './support/temp-data-dir';

/** A host name Chromium maps to this machine: an origin that is not a secure context, like a LAN address. */
const LAN_HOST = 'ringback.lan';
/** A VAPID public key as the relay serves it (an uncompressed P-256 point, base64url). */
const PUBLIC_KEY = `BA${'Q'.repeat(85)}`;
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const OLD_IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Mobile/15E148 Safari/604.1';

/** What the tests read in the page (this package is typed for Node, not the DOM). */
interface PageGlobals {
  isSecureContext: boolean;
  location: { search: string; href: string };
  localStorage: { getItem(key: string): string | null };
}

let llm: FakeLlm;
let up: RunningRingback;
let browser: Browser;

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setDefault(() => ({ json: plainBrief('The release is tagged. Nothing else needs you.') }));
  up = await startRingbackUp({ llmUrl: llm.url });
  browser = await launchChromium([`--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`]);
});

afterAll(async () => {
  await browser?.close();
  await up?.stop();
  await llm?.close();
});

/** A phone-sized context, paired from a fresh `ringback pair` link opened at `host`. */
async function pairedPhone(options: { host?: string; userAgent?: string; context?: BrowserContext } = {}) {
  const context =
    options.context ??
    (await browser.newContext({
      viewport: PHONE_VIEWPORT,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    }));
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let url = (await pairAnotherDevice(up)).url;
  if (options.host) {
    const parsed = new URL(url);
    const link = decodeURIComponent(parsed.hash.slice('#pair='.length)).replace('127.0.0.1', options.host);
    url = `http://${options.host}:${parsed.port}/#pair=${encodeURIComponent(link)}`;
  }
  await page.goto(url);
  await waitConnected(page);
  return { context, page, errors };
}

/** The relay answers `GET /v1/push/key` as one that sends pushes, or refuses with its reason. */
async function relaySendsPushes(page: Page, answer: 'key' | { refused: string }): Promise<void> {
  await page.route('**/v1/push/key', (route) =>
    answer === 'key'
      ? route.fulfill({ json: { publicKey: PUBLIC_KEY } })
      : route.fulfill({ status: 503, json: { error: 'push_unavailable', message: answer.refused } }),
  );
}

async function openBackgroundRinging(page: Page): Promise<void> {
  await page
    .getByRole('button', { name: /Settings/ })
    .first()
    .click();
  await page.getByRole('button', { name: /Background ringing/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Background ringing' }).waitFor();
}

const toggle = (page: Page) => page.getByRole('switch', { name: 'Ring when Ringback is closed' });

describe('background ringing in real Chromium', () => {
  it('on a secure origin, says why and offers to ask for notification permission', async () => {
    const { context, page, errors } = await pairedPhone();
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).isSecureContext)).toBe(true);
    await relaySendsPushes(page, 'key');
    await openBackgroundRinging(page);
    await page.getByText('Turning this on asks to show notifications').waitFor();
    expect(await toggle(page).isEnabled()).toBe(true);
    expect(await toggle(page).getAttribute('aria-checked')).toBe('false');
    await page.getByText('even when Ringback is closed or the phone is locked').waitFor();
    await saveScreenshots(page, 'background-ringing-ask');
    // The settings list says what the row is set to.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    expect(await page.getByRole('button', { name: /Background ringing/ }).textContent()).toContain('Off');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("gives the relay's own reason when it sends no pushes", async () => {
    const { context, page } = await pairedPhone();
    await relaySendsPushes(page, {
      refused: 'push needs an https public URL or a mailto: subject (--public-url, --push-subject)',
    });
    await openBackgroundRinging(page);
    await page.getByRole('heading', { name: 'The relay does not send pushes' }).waitFor();
    await page.getByText('It says: push needs an https public URL').waitFor();
    expect(await toggle(page).isDisabled()).toBe(true);
    await saveScreenshots(page, 'background-ringing-relay-no-push');
    await context.close();
  });

  it('on plain http (a LAN address), says it cannot install or get pushes, and what to do', async () => {
    const { context, page } = await pairedPhone({ host: LAN_HOST });
    expect(await page.evaluate(() => (globalThis as unknown as PageGlobals).isSecureContext)).toBe(false);
    await openBackgroundRinging(page);
    await page.getByRole('heading', { name: 'This address cannot ring in the background' }).waitFor();
    await page.getByText(`http://${LAN_HOST}:`).waitFor();
    await page.getByText("relay's https address").waitFor();
    expect(await toggle(page).isDisabled()).toBe(true);
    await saveScreenshots(page, 'background-ringing-not-secure');
    await context.close();
  });

  it('on an iPhone in Safari, gives the two steps to add it to the Home Screen', async () => {
    const { context, page } = await pairedPhone({ userAgent: IPHONE_UA });
    await relaySendsPushes(page, 'key');
    await openBackgroundRinging(page);
    await page.getByRole('heading', { name: 'Add Ringback to your Home Screen' }).waitFor();
    expect(await page.getByRole('listitem').allTextContents()).toEqual([
      'Tap the Share button (the square with an arrow pointing up).',
      'Choose “Add to Home Screen”, then tap Add.',
    ]);
    expect(await toggle(page).isDisabled()).toBe(true);
    await saveScreenshots(page, 'background-ringing-ios');
    await context.close();

    const old = await pairedPhone({ userAgent: OLD_IPHONE_UA });
    await openBackgroundRinging(old.page);
    await old.page.getByRole('heading', { name: 'Update iOS first' }).waitFor();
    await saveScreenshots(old.page, 'background-ringing-ios-old');
    await old.context.close();
  });

  it('with notifications blocked, says how to allow them again', async () => {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
    });
    // The site's notifications set to Block, as the browser would report it.
    await context.addInitScript(() => {
      const scope = globalThis as unknown as {
        Notification?: object;
        navigator: { permissions?: { query(descriptor: { name: string }): Promise<unknown> } };
      };
      if (scope.Notification)
        Object.defineProperty(scope.Notification, 'permission', { get: () => 'denied' });
      const permissions = scope.navigator.permissions;
      if (permissions) {
        const query = permissions.query.bind(permissions);
        permissions.query = (descriptor) =>
          descriptor.name === 'notifications'
            ? Promise.resolve({ state: 'denied', addEventListener() {}, removeEventListener() {} })
            : query(descriptor);
      }
    });
    const { page } = await pairedPhone({ context });
    await relaySendsPushes(page, 'key');
    await openBackgroundRinging(page);
    await page.getByRole('heading', { name: 'Notifications are blocked' }).waitFor();
    await page.getByText('Set Notifications to Allow').waitFor();
    expect(await toggle(page).isDisabled()).toBe(true);
    await saveScreenshots(page, 'background-ringing-denied');
    await context.close();
  });
});

describe('background ringing said on only while the relay holds the subscription', () => {
  it('chosen on, but the relay holds no subscription for this device: the page says off; held, it says on', async () => {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
    });
    const { page } = await pairedPhone({ context });
    await context.grantPermissions(['notifications'], { origin: new URL(page.url()).origin });
    // Chosen on earlier on this device (Chromium here cannot subscribe through a push service).
    await page.evaluate(() => {
      const { localStorage } = globalThis as unknown as PageGlobals & {
        localStorage: { setItem(key: string, value: string): void };
      };
      const settings = JSON.parse(localStorage.getItem('ringback.settings') ?? '{}') as object;
      localStorage.setItem('ringback.settings', JSON.stringify({ ...settings, backgroundRinging: true }));
    });
    await relaySendsPushes(page, 'key');
    let held: string | null = null;
    await page.route('**/v1/push/subscription', (route) =>
      route.request().method() === 'GET' ? route.fulfill({ json: { endpoint: held } }) : route.abort(),
    );
    await page.reload();
    await waitConnected(page);

    // The relay dropped it (the push service refused it): nothing rings here with the app closed.
    await openBackgroundRinging(page);
    await expect.poll(() => toggle(page).getAttribute('aria-checked')).toBe('false');
    expect(await toggle(page).isEnabled()).toBe(true);
    await saveScreenshots(page, 'background-ringing-relay-holds-none');

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.waitForTimeout(500);
    expect(await page.getByRole('button', { name: /Background ringing/ }).textContent()).toContain('Off');

    held = 'https://push.example/send/this-phone';
    await page.getByRole('button', { name: /Background ringing/ }).click();
    await expect.poll(() => toggle(page).getAttribute('aria-checked')).toBe('true');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /Background ringing/ }).textContent())
      .toContain('On');
    await page.getByRole('button', { name: /Background ringing/ }).click();
    await saveScreenshots(page, 'background-ringing-on');
    await context.close();
  });
});

describe('background ringing when the relay cannot say whether it holds the subscription', () => {
  it('says so (not "Off") on the page and in the settings list, and a retry that reaches it says on', async () => {
    const context = await browser.newContext({
      viewport: PHONE_VIEWPORT,
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
    });
    const { page, errors } = await pairedPhone({ context });
    await context.grantPermissions(['notifications'], { origin: new URL(page.url()).origin });
    await page.evaluate(() => {
      const { localStorage } = globalThis as unknown as PageGlobals & {
        localStorage: { setItem(key: string, value: string): void };
      };
      const settings = JSON.parse(localStorage.getItem('ringback.settings') ?? '{}') as object;
      localStorage.setItem('ringback.settings', JSON.stringify({ ...settings, backgroundRinging: true }));
    });
    await relaySendsPushes(page, 'key');
    let reachable = false;
    await page.route('**/v1/push/subscription', (route) =>
      route.request().method() !== 'GET'
        ? route.abort()
        : reachable
          ? route.fulfill({ json: { endpoint: 'https://push.example/send/this-phone' } })
          : route.abort('connectionrefused'),
    );
    await page.reload();
    await waitConnected(page);

    await openBackgroundRinging(page);
    await page.getByText("Can't reach the relay to check").first().waitFor();
    expect(await toggle(page).getAttribute('aria-checked')).toBe('false');
    await saveScreenshots(page, 'background-ringing-held-unknown');

    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect
      .poll(() => page.getByRole('button', { name: /Background ringing/ }).textContent())
      .toContain("Can't reach the relay to check");
    await saveScreenshots(page, 'settings-background-held-unknown');

    await page.getByRole('button', { name: /Background ringing/ }).click();
    await page.getByText("Can't reach the relay to check").first().waitFor();
    reachable = true;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => toggle(page).getAttribute('aria-checked')).toBe('true');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('answering from a notification in real Chromium', () => {
  it('opened at /?answer=<eventId>, answers that call; with sound held back, one tap starts it', async () => {
    // The browser's own autoplay policy (the house launch lifts it): a page opened without a tap
    // may not start sound.
    const strict = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const context = await newMonitoredContext(strict, PHONE_VIEWPORT, { isMobile: true });
      const { page } = await pairedPhone({ context });
      await reportStop(up, 'Release tagged. Nothing else needs you.', 'sess-bg-1');
      await page.getByRole('button', { name: 'Answer', exact: true }).waitFor({ timeout: 30_000 });
      const eventId = await page.evaluate(() => {
        const queue = JSON.parse(
          (globalThis as unknown as PageGlobals).localStorage.getItem('ringback.queue') ?? '{}',
        );
        return Object.keys(queue?.snapshot?.context?.calls ?? {})[0] ?? '';
      });
      expect(eventId).not.toBe('');

      // As the service worker opens a window for the notification's Answer: no tap on this page.
      // Nothing is evaluated in it until the button shows (Playwright's evaluations count as a user
      // gesture, which would let sound start): the page says so itself through a binding.
      let shown!: () => void;
      const tapAsked = new Promise<void>((resolve) => {
        shown = resolve;
      });
      await context.exposeBinding('__ringbackTapAsked', () => shown());
      await context.addInitScript(() => {
        const scope = globalThis as unknown as {
          document: { querySelector(selector: string): unknown };
          MutationObserver: new (
            callback: () => void,
          ) => { observe(target: unknown, options: object): void; disconnect(): void };
          __ringbackTapAsked(): void;
        };
        const watching = new scope.MutationObserver(() => {
          if (!scope.document.querySelector('.rb-tap-to-start')) return;
          watching.disconnect();
          scope.__ringbackTapAsked();
        });
        // The document itself: its root element does not exist yet when this runs.
        watching.observe(scope.document, { childList: true, subtree: true });
      });
      // A new window, as clients.openWindow makes one: nothing was ever tapped in it.
      await page.close();
      const opened = await context.newPage();
      await opened.goto(`${up.relayUrl}/?answer=${encodeURIComponent(eventId)}`);
      await tapAsked;
      const start = opened.getByRole('button', { name: 'Tap to start the call' });
      expect(await opened.evaluate(() => (globalThis as unknown as PageGlobals).location.search)).toBe('');
      await saveScreenshots(opened, 'tap-to-start-call');
      await start.click();
      await start.waitFor({ state: 'detached' });
      await opened.getByRole('button', { name: 'Hang up' }).waitFor();
      await waitFor(
        async () => (await playedAudio(opened)).buffers.some((sentence) => sentence.rms > 0.01),
        30_000,
        'the brief spoken after the tap',
      );
      await context.close();
    } finally {
      await strict.close();
    }
  });
});
