import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { type FakeVoicePlatform, startFakeVoicePlatform } from './fakes/fake-voice-platform';
import { pairAnotherDevice, reportStop, waitConnected } from './support/app-page';
import {
  DESKTOP_VIEWPORT,
  launchChromium,
  newMonitoredContext,
  PHONE_VIEWPORT,
  playedAudio,
} from './support/browser';
import { type RelayAndComputer, startRelayAndComputer } from './support/relay-and-computer';
import { waitFor } from './support/temp-data-dir';
import { toneWav } from './support/tone-wav';

/** Seven sentences to speak on each device: more than the relay lets the account ask at once. */
const SPOKEN =
  'The cache layer is rewritten. Every test passes. The old module is gone. Nothing else changed.';
/** The computer's voice: a 0.6 s tone, told apart from the on-device voice. */
const TONE_SECONDS = 0.6;

let llm: FakeLlm;
let platform: FakeVoicePlatform;
let up: RelayAndComputer;
let browser: Browser;

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setDefault(() => ({ json: plainBrief(SPOKEN) }));
  // Each sentence takes a moment on the voice platform, so the two devices' requests overlap.
  platform = await startFakeVoicePlatform(toneWav({ seconds: TONE_SECONDS, amplitude: 9000 }), '', {
    speechDelayMs: 300,
  });
  up = await startRelayAndComputer({
    modelUrl: llm.url,
    config: { speech: { baseUrl: platform.url, apiKey: 'sk-voice-e2e', model: 'tts-1', voice: 'alloy' } },
    // One request to the computer at a time for the whole account: the second device is refused.
    relayEnv: { RINGBACK_COMPUTER_REQUESTS_PER_ACCOUNT: '1' },
  });
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await up?.close();
  await platform?.close();
  await llm?.close();
});

/** A newly paired device (its voice is "Your computer", which has one), counting capacity refusals. */
async function pairDevice(viewport: typeof PHONE_VIEWPORT) {
  const context = await newMonitoredContext(browser, viewport, { isMobile: viewport === PHONE_VIEWPORT });
  const page = await context.newPage();
  const errors: string[] = [];
  const refused: number[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('response', (response) => {
    if (/\/v1\/devices\/[^/]+\/requests$/.test(response.url()) && [429, 503].includes(response.status()))
      refused.push(response.status());
  });
  await page.goto((await pairAnotherDevice(up)).url);
  await waitConnected(page);
  return { context, page, errors, refused };
}

describe('a phone and a desktop preparing one call beyond the computer’s limits', () => {
  it('both ring: a refused sentence waits its turn, and the call is spoken with the computer’s voice', async () => {
    const phone = await pairDevice(PHONE_VIEWPORT);
    const desktop = await pairDevice(DESKTOP_VIEWPORT);
    await reportStop(up, 'Cache rewrite done, two devices at once.', 'sess-capacity');

    const answer = (page: Page) => page.getByRole('button', { name: 'Answer', exact: true });
    await Promise.all([
      answer(phone.page).waitFor({ timeout: 60_000 }),
      answer(desktop.page).waitFor({ timeout: 60_000 }),
    ]);
    // The relay did refuse some of the sentences (one request at a time for the account)…
    expect(phone.refused.length + desktop.refused.length).toBeGreaterThan(0);
    // …and neither device gave up on the call.
    for (const device of [phone, desktop])
      expect(await device.page.getByText('Could not prepare').count()).toBe(0);

    await answer(desktop.page).click();
    await waitFor(
      async () => (await playedAudio(desktop.page)).buffers.length >= 1,
      30_000,
      'the first sentence',
    );
    // Waiting its turn was enough: the computer's voice, not this device's.
    expect((await playedAudio(desktop.page)).buffers[0]?.seconds).toBeCloseTo(TONE_SECONDS, 1);
    await desktop.page.getByRole('button', { name: 'Hang up' }).click();
    await desktop.page.getByRole('button', { name: "Don't reply" }).click();
    expect([...phone.errors, ...desktop.errors]).toEqual([]);
    await phone.context.close();
    await desktop.context.close();
  }, 180_000);
});
