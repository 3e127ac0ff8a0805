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
import { heldE2eKey, keyTextInLocalStorage, settingsKeyId } from './support/key-storage';
import { type RunningRingback, standInClaude, startRingbackUp } from './support/ringback-up';
import { waitFor } from './support/temp-data-dir';

const SPOKEN = 'I finished the refactor, {form-of-address}. All forty tests pass. The build is green.';
const ANSWER = 'The slowest test took two seconds. Nothing else needs your attention.';
/** Sentences the call plays: three spoken, the card's title and body, the conclusion. */
const BRIEF_SENTENCES = 6;
const ANSWER_SENTENCES = 2;

let llm: FakeLlm;
let claude: Awaited<ReturnType<typeof standInClaude>>;
let up: RunningRingback;
let browser: Browser;

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setDefault((request) => (request.body.stream ? { content: ANSWER } : { json: plainBrief(SPOKEN) }));
  claude = await standInClaude();
  up = await startRingbackUp({ llmUrl: llm.url, env: { RINGBACK_CLAUDE_BIN: claude.bin } });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await up?.stop();
  await llm?.close();
});

const played = async (page: Page) => (await playedAudio(page)).buffers;

describe('the app in real Chromium', () => {
  it('pairs from the printed URL, rings, plays every sentence, answers a question, and takes the reply back to the agent', async () => {
    const desktop = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
    const page = await desktop.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto(up.relayUrl);
    await page
      .getByRole('heading', { name: /Ringback/ })
      .first()
      .waitFor();
    await saveScreenshots(page, 'welcome');

    await page.goto(up.appUrl);
    await waitConnected(page);
    expect(new URL(page.url()).hash).toBe('');
    await saveScreenshots(page, 'idle');
    // The key is a non-extractable CryptoKey in IndexedDB; localStorage names it only by keyId.
    // Every call below is opened, and the reply sealed, with that key.
    expect(await keyTextInLocalStorage(page)).toEqual([]);
    expect(await heldE2eKey(page)).toEqual({
      keyId: await settingsKeyId(page),
      isCryptoKey: true,
      extractable: false,
      algorithm: 'AES-GCM',
      usages: ['decrypt', 'encrypt'],
      exportRefused: true,
    });

    // The model for questions, set on the settings page (also written to the computer, sealed).
    await page
      .getByRole('button', { name: /Settings/ })
      .first()
      .click();
    await saveScreenshots(page, 'settings');
    await page.getByRole('button', { name: /Language model/ }).click();
    await page.getByLabel('Base address').fill(llm.url);
    await page.getByLabel('API key').fill('sk-e2e-0000');
    await page.getByLabel('Model').fill('fake-1');
    await saveScreenshots(page, 'settings-llm');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Saved/).first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: /Voice/ }).click();
    await saveScreenshots(page, 'settings-voice');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: /End-to-end key/ }).click();
    await saveScreenshots(page, 'settings-key');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: /Devices/ }).click();
    await page.getByText('This device').first().waitFor();
    await saveScreenshots(page, 'settings-devices');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Back', exact: true }).click();

    // A phone on the same account.
    const phoneContext = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    const phone = await phoneContext.newPage();
    await phone.goto((await pairAnotherDevice(up)).url);
    await waitConnected(phone);
    expect(await keyTextInLocalStorage(phone)).toEqual([]);

    const project = await reportStop(up, 'Refactor done. All 40 tests pass.', 'sess-e2e-1');
    const answer = page.getByRole('button', { name: 'Answer', exact: true });
    await answer.waitFor({ timeout: 20_000 });
    await phone.getByRole('button', { name: 'Answer', exact: true }).waitFor({ timeout: 20_000 });
    await waitFor(
      async () => (await playedAudio(page)).levels.some((level) => level.rms > 0.02),
      5_000,
      'the ringtone',
    );
    await saveScreenshots(page, 'incoming');

    await answer.click();
    // The phone stops ringing: the desktop answered first.
    await phone
      .getByText(/answered on/i)
      .first()
      .waitFor({ timeout: 30_000 });
    expect(await phone.getByRole('button', { name: 'Answer', exact: true }).count()).toBe(0);

    await waitFor(async () => (await played(page)).length >= BRIEF_SENTENCES, 30_000, 'every sentence');
    const sentences = await played(page);
    for (const sentence of sentences) {
      expect(sentence.rms).toBeGreaterThan(0.01);
      expect(sentence.seconds).toBeGreaterThan(0.2);
    }
    await saveScreenshots(page, 'in-call');

    await page.getByRole('textbox', { name: 'Ask a question' }).fill('How long did the slowest test take?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await waitFor(
      async () => (await played(page)).length >= BRIEF_SENTENCES + ANSWER_SENTENCES,
      30_000,
      'the spoken answer',
    );
    await page.getByText('The slowest test took two seconds.').first().waitFor();
    const question = llm.requests.find((request) => request.body.stream);
    const prompt = JSON.stringify(question?.body.messages);
    expect(prompt).toContain('Refactor done. All 40 tests pass.');
    expect(prompt).toContain('How long did the slowest test take?');
    await saveScreenshots(page, 'in-call-answer');

    await page.getByRole('button', { name: 'Hang up' }).click();
    await page.getByLabel('Your reply').fill('Good. Now update the changelog.');
    await saveScreenshots(page, 'reply');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page
      .locator('[aria-current="step"]', { hasText: 'Delivered to the agent' })
      .waitFor({ timeout: 20_000 });
    await saveScreenshots(page, 'reply-delivered');

    const calls = await claude.calls();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.cwd).toBe(project);
    expect(calls[0]?.args.join(' ')).toMatch(/--resume[= ]sess-e2e-1/);
    expect(`${calls[0]?.args.join(' ')} ${calls[0]?.stdin}`).toContain('Good. Now update the changelog.');

    await page.getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('button', { name: /Copy resume command/ })
      .first()
      .waitFor();
    await saveScreenshots(page, 'history');
    await page
      .getByRole('button', { name: /Open details/ })
      .first()
      .click();
    await saveScreenshots(page, 'call-detail');
    // Call history and the reply's record hold no key either.
    expect(await keyTextInLocalStorage(page)).toEqual([]);
    expect(errors).toEqual([]);
    await phoneContext.close();
    await desktop.close();
  });

  it('a refresh in the middle of a call makes it missed, and it never rings again', async () => {
    const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    const page = await context.newPage();
    await page.goto((await pairAnotherDevice(up)).url);
    await waitConnected(page);
    await reportStop(up, 'Second turn finished.', 'sess-e2e-2');
    await page.getByRole('button', { name: 'Answer', exact: true }).click({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Hang up' }).waitFor();
    await page.reload();
    await page
      .getByRole('button', { name: /^Answer Second|^Answer / })
      .first()
      .waitFor({ timeout: 15_000 });
    await saveScreenshots(page, 'missed');
    await page.waitForTimeout(3_000);
    expect(await page.getByRole('button', { name: 'Answer', exact: true }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Hang up' }).count()).toBe(0);
    await context.close();
  });
});
