import type { DeviceCredentials, HandledBy, PendingEvents } from '@ringback/protocol';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { pairAnotherDevice, reportStop, saveScreenshots, waitConnected } from './support/app-page';
import { DESKTOP_VIEWPORT, launchChromium, newMonitoredContext, PHONE_VIEWPORT } from './support/browser';
import { relayRequest } from './support/relay-requests';
import { type RunningRingback, standInClaude, startRingbackUp } from './support/ringback-up';
import { type StallingProxy, startStallingProxy } from './support/stalling-proxy';
import { waitFor } from './support/temp-data-dir';

/**
 * A call answered on a phone that is then lost (its page closed, its streams gone) is not stuck:
 * once the relay's answer lease lapses (shortened here to 3 s), the desktop lists it again as a
 * missed call, answers it and replies, and a reload of the desktop still shows it right. A phone
 * that was only away (offline past the lease) and comes back before anyone took the call gets it
 * back: it hangs up and replies, and the desktop stops listing it. After two lapses (the phone's,
 * then the desktop's that answered it next, each away from the relay), the phone back first keeps
 * the call it is in, though its stream then brings the desktop's answer.
 */
const LEASE_MS = 3_000;

let llm: FakeLlm;
let claude: Awaited<ReturnType<typeof standInClaude>>;
let up: RunningRingback;
let browser: Awaited<ReturnType<typeof launchChromium>>;
const proxies: StallingProxy[] = [];

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setDefault(() => ({ json: plainBrief('The tests pass, {form-of-address}. Nothing else changed.') }));
  claude = await standInClaude();
  up = await startRingbackUp({
    llmUrl: llm.url,
    env: { RINGBACK_CLAUDE_BIN: claude.bin, RINGBACK_ANSWER_LEASE_MS: String(LEASE_MS) },
  });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await Promise.all(proxies.map((proxy) => proxy.close()));
  await up?.stop();
  await llm?.close();
});

const answerButton = (page: Page) => page.getByRole('button', { name: 'Answer', exact: true });
const hangUpButton = (page: Page) => page.getByRole('button', { name: 'Hang up' });
const missedAnswer = (page: Page) => page.getByRole('button', { name: /^Answer The tests pass/ }).first();

/**
 * A device of the account that only reads the relay (no page): the test's view of the call as the
 * relay has it, to know when a lease has lapsed.
 */
async function watcher() {
  const { code } = await pairAnotherDevice(up);
  const joined = await relayRequest<DeviceCredentials>(
    up.relayUrl,
    null,
    'POST',
    '/v1/pairing-codes/redeem',
    {
      code,
      kind: 'app',
      name: 'Watcher',
    },
  );
  if (joined.status !== 201) throw new Error(`redeem answered ${joined.status}`);
  const token = joined.body.deviceToken;
  /** The one call still open on the relay, as it is now. */
  const call = async () => {
    const pending = await relayRequest<PendingEvents>(up.relayUrl, token, 'GET', '/v1/events/pending');
    const [event, ...more] = pending.body.events;
    if (!event || more.length) throw new Error(`${pending.body.events.length} calls are open on the relay`);
    return event;
  };
  /** Waits until the call was given back by a device other than those in `besides`; returns it. */
  const givenBack = async (besides: readonly HandledBy[]) => {
    let by: HandledBy | undefined;
    await waitFor(
      async () => {
        const event = await call();
        by = event.status === 'pending' ? event.unfinishedBy : undefined;
        return by !== undefined && !besides.some((device) => device.deviceId === by?.deviceId);
      },
      60_000,
      'the relay to give the call back',
    );
    return by as HandledBy;
  };
  return { call, givenBack };
}

/**
 * A device whose link to the relay can go away and come back (`startStallingProxy`): while away
 * nothing crosses either way, and when it is back what waited arrives in order, as a phone's
 * page frozen in the background, or out of signal, gets its stream's frames late.
 */
async function awayDevice(viewport: { width: number; height: number }, isMobile: boolean) {
  const link = await startStallingProxy({ host: '127.0.0.1', port: Number(new URL(up.relayUrl).port) });
  proxies.push(link);
  const relayPort = new URL(up.relayUrl).port;
  // The page and the relay it pairs with, both through the link (the pairing link names the relay).
  const url = (await pairAnotherDevice(up)).url.replace(
    new RegExp(`127\\.0\\.0\\.1(:|%3A|%253A)${relayPort}`, 'g'),
    (_, separator: string) => `127.0.0.1${separator}${link.port}`,
  );
  const context = await newMonitoredContext(browser, viewport, { isMobile });
  const page = await context.newPage();
  await page.goto(url);
  await waitConnected(page);
  return { context, page, away: () => link.stall(), back: () => link.resume() };
}

async function device(viewport: { width: number; height: number }, isMobile: boolean) {
  const context = await newMonitoredContext(browser, viewport, { isMobile });
  const page = await context.newPage();
  await page.goto((await pairAnotherDevice(up)).url);
  await waitConnected(page);
  return { context, page };
}

describe('a call answered by a device that never comes back', () => {
  it('returns to the other devices once its lease lapses, is answered and replied to there, and stays right after a reload', async () => {
    const desktop = await device(DESKTOP_VIEWPORT, false);
    const phone = await device(PHONE_VIEWPORT, true);
    await reportStop(up, 'Turn 1 finished.', 'sess-lease-1');
    await Promise.all(
      [desktop.page, phone.page].map((page) => answerButton(page).waitFor({ timeout: 30_000 })),
    );

    await answerButton(phone.page).click();
    await hangUpButton(phone.page).waitFor({ timeout: 10_000 });
    await desktop.page
      .getByText(/Answered on/)
      .first()
      .waitFor({ timeout: 10_000 });
    expect(await answerButton(desktop.page).count()).toBe(0);

    // The phone is lost in the call: its page and streams are gone, and nothing renews its lease.
    await phone.context.close();

    // Well past the lease (and any sweep the relay runs), the desktop lists it as a missed call.
    await missedAnswer(desktop.page).waitFor({ timeout: 60_000 });
    await desktop.page
      .getByText(/, not finished/)
      .first()
      .waitFor({ timeout: 5_000 });
    await saveScreenshots(desktop.page, 'lease-returned-missed');

    await missedAnswer(desktop.page).click();
    await hangUpButton(desktop.page).waitFor({ timeout: 10_000 });
    await hangUpButton(desktop.page).click();
    await desktop.page.getByLabel('Your reply').fill('Carry on from the desktop.');
    await desktop.page.getByRole('button', { name: 'Send reply' }).click();
    await desktop.page
      .locator('[aria-current="step"]', { hasText: 'Delivered to the agent' })
      .waitFor({ timeout: 20_000 });
    await desktop.page.getByRole('button', { name: 'Done' }).click();

    // After a reload: no longer missed, history says it was answered here, the agent resumed once.
    await desktop.page.reload();
    await waitConnected(desktop.page);
    await waitFor(
      async () => (await desktop.page.getByText(/, not finished/).count()) === 0,
      10_000,
      'history to say the desktop answered it',
    );
    expect(await missedAnswer(desktop.page).count()).toBe(0);
    await saveScreenshots(desktop.page, 'lease-returned-after-reload');
    const resumed = (await claude.calls()).filter((call) =>
      `${call.args.join(' ')} ${call.stdin}`.includes('Carry on from the desktop.'),
    );
    expect(resumed).toHaveLength(1);
    await desktop.context.close();
  }, 240_000);

  it('goes back to the phone that was only away when it returns before anyone took it: it hangs up and replies from there', async () => {
    const desktop = await device(DESKTOP_VIEWPORT, false);
    const phone = await device(PHONE_VIEWPORT, true);
    await reportStop(up, 'Turn 2 finished.', 'sess-lease-2');
    await Promise.all(
      [desktop.page, phone.page].map((page) => answerButton(page).waitFor({ timeout: 30_000 })),
    );
    await answerButton(phone.page).click();
    await hangUpButton(phone.page).waitFor({ timeout: 10_000 });

    // The phone goes offline in the call, past the lease: the desktop lists the call as missed.
    await phone.context.setOffline(true);
    await missedAnswer(desktop.page).waitFor({ timeout: 60_000 });
    await desktop.page
      .getByText(/, not finished/)
      .first()
      .waitFor({ timeout: 5_000 });

    // Back before the desktop took it: the phone hangs up and replies, as if never away.
    await phone.context.setOffline(false);
    await hangUpButton(phone.page).click();
    await phone.page.getByLabel('Your reply').fill('Carry on from the phone.');
    await phone.page.getByRole('button', { name: 'Send reply' }).click();
    await phone.page
      .locator('[aria-current="step"]', { hasText: 'Delivered to the agent' })
      .waitFor({ timeout: 30_000 });
    expect(await phone.page.getByText(/has this call now/).count()).toBe(0);
    await saveScreenshots(phone.page, 'lease-taken-back-phone');

    // The desktop no longer lists it: the phone has it.
    await waitFor(
      async () => (await missedAnswer(desktop.page).count()) === 0,
      30_000,
      'the desktop to stop listing the call',
    );
    await saveScreenshots(desktop.page, 'lease-taken-back-desktop');
    const resumed = (await claude.calls()).filter((call) =>
      `${call.args.join(' ')} ${call.stdin}`.includes('Carry on from the phone.'),
    );
    expect(resumed).toHaveLength(1);
    await Promise.all([desktop.context.close(), phone.context.close()]);
  }, 240_000);

  it('after two lapses (the phone’s, then the desktop’s) the phone, back first, keeps the call it is in: the replayed frames do not end it there', async () => {
    const desktop = await awayDevice(DESKTOP_VIEWPORT, false);
    const phone = await awayDevice(PHONE_VIEWPORT, true);
    await reportStop(up, 'Turn 3 finished.', 'sess-lease-3');
    await Promise.all(
      [desktop.page, phone.page].map((page) => answerButton(page).waitFor({ timeout: 30_000 })),
    );
    const relay = await watcher();
    await answerButton(phone.page).click();
    await hangUpButton(phone.page).waitFor({ timeout: 10_000 });

    // Lapse 1: the phone is away in the call; the desktop answers the call given back.
    phone.away();
    const phoneRef = await relay.givenBack([]);
    await missedAnswer(desktop.page).click();
    await hangUpButton(desktop.page).waitFor({ timeout: 10_000 });
    // Lapse 2: the desktop is away in the call too, past its lease.
    desktop.away();
    const desktopRef = await relay.givenBack([phoneRef]);
    expect(desktopRef.deviceId).not.toBe(phoneRef.deviceId);

    // The phone is back: its stream brings what it missed, in order (given back, answered on the
    // desktop, given back by the desktop); it takes the call back, and stays in it.
    phone.back();
    await waitFor(
      async () => (await relay.call()).handledBy?.deviceId === phoneRef.deviceId,
      30_000,
      'the phone to take the call back',
    );
    // Time for whatever else its stream brings to be handled (each frame takes milliseconds).
    await phone.page.waitForTimeout(2_000);
    await saveScreenshots(phone.page, 'lease-two-lapses-phone-back');
    expect(await hangUpButton(phone.page).count()).toBe(1);
    expect(await missedAnswer(phone.page).count()).toBe(0);
    expect(await phone.page.getByText(/has this call now/).count()).toBe(0);

    // It hangs up and replies from there.
    await hangUpButton(phone.page).click();
    await phone.page.getByLabel('Your reply').fill('Carry on after two lapses.');
    await phone.page.getByRole('button', { name: 'Send reply' }).click();
    await phone.page
      .locator('[aria-current="step"]', { hasText: 'Delivered to the agent' })
      .waitFor({ timeout: 30_000 });

    // The desktop, back, leaves the call the phone has, and does not list it.
    desktop.back();
    await waitFor(
      async () => (await hangUpButton(desktop.page).count()) === 0,
      60_000,
      'the desktop to leave the call the phone has',
    );
    expect(await missedAnswer(desktop.page).count()).toBe(0);
    await saveScreenshots(desktop.page, 'lease-two-lapses-desktop-back');
    const resumed = (await claude.calls()).filter((call) =>
      `${call.args.join(' ')} ${call.stdin}`.includes('Carry on after two lapses.'),
    );
    expect(resumed).toHaveLength(1);
    await Promise.all([desktop.context.close(), phone.context.close()]);
  }, 300_000);
});
