import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { pairAnotherDevice, reportStop, saveScreenshots, waitConnected } from './support/app-page';
import { DESKTOP_VIEWPORT, launchChromium, newMonitoredContext, PHONE_VIEWPORT } from './support/browser';
import { type RunningRingback, standInClaude, startRingbackUp } from './support/ringback-up';
import { waitFor } from './support/temp-data-dir';

/**
 * The call flow where real users break it: a phone and a desktop on one account answering at
 * once, two tabs of one browser, a reload at each stage of a call, and a call that arrives while
 * a past call is replayed or the reply panel is open.
 */
let llm: FakeLlm;
let claude: Awaited<ReturnType<typeof standInClaude>>;
let up: RunningRingback;
let browser: Browser;
let turn = 0;

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setDefault(() => ({ json: plainBrief('The tests pass, {form-of-address}. Nothing else changed.') }));
  claude = await standInClaude();
  up = await startRingbackUp({ llmUrl: llm.url, env: { RINGBACK_CLAUDE_BIN: claude.bin } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await up?.stop();
  await llm?.close();
});

const answerButton = (page: Page) => page.getByRole('button', { name: 'Answer', exact: true });
const declineButton = (page: Page) => page.getByRole('button', { name: 'Decline', exact: true });
const hangUpButton = (page: Page) => page.getByRole('button', { name: 'Hang up' });
const ringing = (page: Page) => answerButton(page).waitFor({ timeout: 30_000 });
const report = () => reportStop(up, `Turn ${++turn} finished.`, `sess-flow-${turn}`);

/** A device of the account in a context of its own, paired and connected. */
async function device(viewport: { width: number; height: number }, isMobile: boolean) {
  const context = await newMonitoredContext(browser, viewport, { isMobile });
  const page = await context.newPage();
  await page.goto((await pairAnotherDevice(up)).url);
  await waitConnected(page);
  return { context, page };
}

describe('one call, one answer, in real Chromium', () => {
  it('a phone and a desktop answering at the same moment, 10 times: one plays it, the other says where it is, one reply resumes the agent once', async () => {
    const desktop = await device(DESKTOP_VIEWPORT, false);
    const phone = await device(PHONE_VIEWPORT, true);
    const outcomes: string[] = [];
    for (let round = 1; round <= 10; round++) {
      await report();
      await Promise.all([ringing(desktop.page), ringing(phone.page)]);
      // Both taps at once: sent together, neither waiting for the other page.
      const tapped = await Promise.all(
        [desktop.page, phone.page].map((page) =>
          answerButton(page)
            .evaluate((button) => (button as { click(): void }).click(), undefined, { timeout: 2_000 })
            .then(
              () => true,
              () => false,
            ),
        ),
      );
      expect(tapped).toContain(true);
      await waitFor(
        async () =>
          (await hangUpButton(desktop.page).count()) + (await hangUpButton(phone.page).count()) === 1,
        10_000,
        `round ${round}: exactly one device in the call`,
      );
      const desktopWon = (await hangUpButton(desktop.page).count()) === 1;
      const [winner, loser] = desktopWon ? [desktop.page, phone.page] : [phone.page, desktop.page];
      outcomes.push(desktopWon ? 'desktop' : 'phone');
      await loser
        .getByText(/answered on/i)
        .first()
        .waitFor({ timeout: 5_000 });
      if (round === 1) {
        await saveScreenshots(winner, 'race-winner');
        await saveScreenshots(loser, 'race-loser');
      }
      expect(await hangUpButton(loser).count()).toBe(0);
      await hangUpButton(winner).click();
      if (round < 10) {
        await winner.getByRole('button', { name: "Don't reply" }).click();
        continue;
      }
      await winner.getByLabel('Your reply').fill('Good. Ship it.');
      await winner.getByRole('button', { name: 'Send reply' }).click();
      await winner
        .locator('[aria-current="step"]', { hasText: 'Delivered to the agent' })
        .waitFor({ timeout: 20_000 });
      // The loser's history keeps where the call went, and offers no reply of its own.
      await loser
        .getByRole('button', { name: /Open details/ })
        .first()
        .click();
      await loser
        .getByText(/Answered on/)
        .first()
        .waitFor();
      expect(await loser.getByRole('button', { name: 'Reply', exact: true }).count()).toBe(0);
      await saveScreenshots(loser, 'race-loser-detail');
    }
    const resumed = (await claude.calls()).filter((call) =>
      `${call.args.join(' ')} ${call.stdin}`.includes('Good. Ship it.'),
    );
    expect(resumed).toHaveLength(1);
    console.log(`10 answer races: won by ${outcomes.join(', ')}; the agent resumed ${resumed.length} time`);
    await desktop.context.close();
    await phone.context.close();
  }, 600_000);

  it('declining on one device ends the ringing on the other', async () => {
    const desktop = await device(DESKTOP_VIEWPORT, false);
    const phone = await device(PHONE_VIEWPORT, true);
    await report();
    await Promise.all([ringing(desktop.page), ringing(phone.page)]);
    await declineButton(phone.page).click();
    await waitFor(
      async () => (await answerButton(desktop.page).count()) === 0,
      5_000,
      'the desktop to stop ringing',
    );
    await desktop.page
      .getByText(/Declined on/)
      .first()
      .waitFor({ timeout: 5_000 });
    await desktop.context.close();
    await phone.context.close();
  }, 120_000);

  it('two tabs of one browser: one holds the calls, the other offers to take over, and taking over moves the calls', async () => {
    const { context, page: first } = await device(DESKTOP_VIEWPORT, false);
    const second = await context.newPage();
    await second.goto(up.relayUrl);
    await second.getByText(/open in another tab/).waitFor({ timeout: 10_000 });
    await saveScreenshots(second, 'second-tab');
    await report();
    await ringing(first);
    expect(await answerButton(second).count()).toBe(0);

    await second.getByRole('button', { name: 'Use here' }).click();
    await first.getByText(/open in another tab/).waitFor({ timeout: 10_000 });
    expect(await answerButton(first).count()).toBe(0);
    // The call the first tab was ringing is in the tab that took over, as a missed call (it rang
    // once on this device), answered there at once.
    const missed = second.getByRole('button', { name: /^Answer Turn|^Answer The tests pass/ }).first();
    await missed.waitFor({ timeout: 15_000 });
    await saveScreenshots(second, 'second-tab-after-take-over');
    await missed.click();
    await hangUpButton(second).waitFor();
    await saveScreenshots(first, 'first-tab-after-take-over');
    await hangUpButton(second).click();
    await second.getByRole('button', { name: "Don't reply" }).click();
    await context.close();
  }, 120_000);

  it('a reload while preparing, ringing or in the reply panel comes back to the right screen', async () => {
    const { context, page } = await device(PHONE_VIEWPORT, true);
    // Preparing: the call rings after the reload, instead of failing at once.
    await report();
    await page.getByText(/Preparing 1 call/).waitFor({ timeout: 20_000 });
    await page.reload();
    await ringing(page);
    expect(await page.getByText(/could not|failed/i).count()).toBe(0);
    await saveScreenshots(page, 'reload-ringing');

    // Ringing: it rang once here, so it comes back as a missed call (never a blank page) that
    // connects at once.
    await page.getByText('The tests pass, boss.').first().waitFor();
    await page.reload();
    const missed = page.getByRole('button', { name: /^Answer The tests pass/ }).first();
    await missed.waitFor({ timeout: 15_000 });
    expect(await answerButton(page).count()).toBe(0);
    await saveScreenshots(page, 'reload-missed');
    await missed.click();
    await hangUpButton(page).click();

    // The reply panel: back after a reload, then sent once.
    await page.getByLabel('Your reply').fill('Then update the changelog.');
    await page.reload();
    await page.getByLabel('Your reply').waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('Your reply').inputValue()).toBe('Then update the changelog.');
    await saveScreenshots(page, 'reload-reply-panel');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page
      .locator('[aria-current="step"]', { hasText: 'Delivered to the agent' })
      .waitFor({ timeout: 20_000 });
    await page.reload();
    await waitConnected(page);
    const sent = (await claude.calls()).filter((call) =>
      `${call.args.join(' ')} ${call.stdin}`.includes('update the changelog'),
    );
    expect(sent).toHaveLength(1);
    await context.close();
  }, 180_000);

  it('a call that rings during a replay or over the reply panel can always be answered or declined', async () => {
    const { context, page } = await device(DESKTOP_VIEWPORT, false);
    await report();
    await ringing(page);
    await answerButton(page).click();
    await hangUpButton(page).click();
    await page.getByRole('button', { name: "Don't reply" }).click();

    // A replay of that call, and a new call arrives.
    await page
      .getByRole('button', { name: /^Replay/ })
      .first()
      .click();
    await hangUpButton(page).waitFor();
    await report();
    await ringing(page);
    await declineButton(page).waitFor();
    await saveScreenshots(page, 'ringing-over-replay');
    await declineButton(page).click();
    // Back to the replay it interrupted.
    await hangUpButton(page).waitFor({ timeout: 5_000 });
    await hangUpButton(page).click();

    // The reply panel, and a new call arrives.
    await report();
    await ringing(page);
    await answerButton(page).click();
    await hangUpButton(page).click();
    await page.getByLabel('Your reply').waitFor();
    await report();
    await ringing(page);
    await saveScreenshots(page, 'ringing-over-reply');
    await declineButton(page).click();
    await page.getByLabel('Your reply').waitFor({ timeout: 5_000 });
    await page.getByRole('button', { name: "Don't reply" }).click();

    // Settings, and a new call arrives: answerable at once, and the page is still there after.
    await page
      .getByRole('button', { name: /Settings/ })
      .first()
      .click();
    await page.getByRole('button', { name: /Voice/ }).click();
    await report();
    await ringing(page);
    await saveScreenshots(page, 'ringing-over-settings');
    await declineButton(page).click();
    await page.getByRole('button', { name: 'Preview' }).first().waitFor({ timeout: 5_000 });
    await context.close();
  }, 180_000);
});
