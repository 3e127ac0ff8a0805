import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { type FakeVoicePlatform, startFakeVoicePlatform } from './fakes/fake-voice-platform';
import { pairAnotherDevice, reportStop, saveScreenshots, waitConnected } from './support/app-page';
import {
  DESKTOP_VIEWPORT,
  launchChromium,
  newMonitoredContext,
  PHONE_VIEWPORT,
  playedAudio,
} from './support/browser';
import { fakeMicrophoneFlags } from './support/fake-microphone';
import { storeSealedCall } from './support/pwa-calls';
import { type RelayAndComputer, startRelayAndComputer } from './support/relay-and-computer';
import { daemonKeyOf } from './support/sealed-events';
import { backToIdle, openSettingsRow } from './support/settings-page';
import { waitFor } from './support/temp-data-dir';
import { toneWav } from './support/tone-wav';

const SPOKEN = 'The cache layer is rewritten, {form-of-address}. Every test passes.';
const QUESTION = 'Which files changed?';
const ANSWER = 'Only the cache module changed. The tests are unchanged.';
/** The computer's voice: a 0.6 s tone, so what the page played is told apart from the on-device voice. */
const TONE_SECONDS = 0.6;

let llm: FakeLlm;
let platform: FakeVoicePlatform;
let up: RelayAndComputer;
let browser: Browser;

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setDefault((request) => (request.body.stream ? { content: ANSWER } : { json: plainBrief(SPOKEN) }));
  // Sends no CORS headers: the phone's page could never read it, only the computer can.
  // It also transcribes: whatever the microphone heard, it heard the question.
  platform = await startFakeVoicePlatform(toneWav({ seconds: TONE_SECONDS, amplitude: 9000 }), QUESTION);
  // The computer has its speech recognition set already; its voice is set from the phone below.
  up = await startRelayAndComputer({
    modelUrl: llm.url,
    config: { transcription: { baseUrl: platform.url, apiKey: 'sk-stt-e2e', model: 'whisper-1' } },
  });
  browser = await launchChromium(await fakeMicrophoneFlags());
});

afterAll(async () => {
  await browser?.close();
  await up?.close();
  await platform?.close();
  await llm?.close();
});

/** A phone-sized page with a microphone, newly paired with the computer and connected. */
async function pairPhone() {
  const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
  await context.grantPermissions(['microphone']);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto((await pairAnotherDevice(up)).url);
  await waitConnected(page);
  return { context, page, errors };
}

/**
 * Waits for a newly paired page to take its computer's voice as the default (it asks its
 * computer once paired, and again after a passing failure for about a minute).
 */
async function waitComputerVoice(page: Page) {
  const engine = async () =>
    JSON.parse(String(await page.evaluate("localStorage.getItem('ringback.settings')")) || '{}')?.voice
      ?.engineId;
  await waitFor(async () => (await engine()) === 'computer', 100_000, 'the computer’s voice as the default');
}

describe('"Your computer" from a phone', () => {
  it('a report rings and is spoken with the computer’s voice, and a spoken question is transcribed and answered by the computer', async () => {
    const { context, page, errors } = await pairPhone();

    // The voice: "Your computer". It has none yet, so the page says calls use this device's voice;
    // the computer's own voice is set right here (sealed through the relay; its key stays there).
    await openSettingsRow(page, /Voice/);
    await page
      .getByRole('combobox', { name: 'Engine', exact: true })
      .selectOption({ label: 'Your computer' });
    await page
      .getByText('Your computer has no voice set yet: calls ring with this device’s voice until one is set.')
      .waitFor({ timeout: 15_000 });
    await saveScreenshots(page, 'your-computer-voice-unset');
    await page.getByLabel('Address on your computer', { exact: true }).fill(platform.url);
    await page.getByLabel('Key on your computer', { exact: true }).fill('sk-voice-e2e');
    await page.getByLabel('Model on your computer', { exact: true }).fill('tts-1');
    await page.getByLabel('Voice on your computer', { exact: true }).fill('alloy');
    await page.getByRole('button', { name: 'Save on your computer' }).tap();
    await page.getByText('Saved on your computer.').waitFor({ timeout: 15_000 });
    await page
      .getByText('Calls are spoken by the voice set on your computer, sealed through the relay.')
      .waitFor();
    // Only a hint of the key comes back, and the phone keeps none of it.
    expect(await page.getByLabel('Key on your computer', { exact: true }).inputValue()).toBe('');
    expect(await page.evaluate('JSON.stringify(localStorage)')).not.toContain('sk-voice-e2e');
    await page.getByRole('button', { name: 'Save', exact: true }).tap();
    await page.getByText('Saved.').waitFor();
    await saveScreenshots(page, 'your-computer-voice');
    await page.getByRole('button', { name: 'Back', exact: true }).tap();

    // The model for questions: this phone has none of its own, only the computer's.
    // Newly paired, and the computer has a model: "Your computer" is already the choice.
    await page.getByRole('button', { name: /Language model/ }).tap();
    const computerModel = page.getByRole('radio', { name: /Your computer/ });
    await waitFor(async () => computerModel.isChecked(), 15_000, 'the computer’s model as the default');
    expect(await page.getByRole('radio', { name: /This device/ }).isChecked()).toBe(false);
    await saveScreenshots(page, 'your-computer-model');
    await backToIdle(page);

    const speechBefore = platform.calls.filter((call) => call.path === '/v1/audio/speech').length;
    await reportStop(up, 'Cache rewrite done.', 'sess-computer-1');
    await page.getByRole('button', { name: 'Answer', exact: true }).tap({ timeout: 30_000 });
    await waitFor(async () => (await playedAudio(page)).buffers.length >= 1, 30_000, 'the first sentence');
    const spoken = platform.calls.filter((call) => call.path === '/v1/audio/speech').slice(speechBefore);
    expect(spoken.length).toBeGreaterThanOrEqual(2);
    expect(spoken[0]?.authorization).toBe('Bearer sk-voice-e2e');
    expect(JSON.parse(spoken[0]?.body.toString() ?? '{}')).toMatchObject({ model: 'tts-1', voice: 'alloy' });
    // What played is the computer's tone, not the on-device voice.
    const first = (await playedAudio(page)).buffers[0];
    expect(first?.seconds).toBeCloseTo(TONE_SECONDS, 1);
    expect(first?.rms).toBeGreaterThan(0.1);

    // A spoken question: recorded here, transcribed by the computer's speech recognition (this
    // phone has none of its own), answered by its model and spoken with its voice.
    const playedBefore = (await playedAudio(page)).buffers.length;
    const transcriptions = () => platform.calls.filter((call) => call.path === '/v1/audio/transcriptions');
    await page.getByRole('button', { name: 'Talk', exact: true }).tap();
    await page.getByRole('button', { name: 'Listening… tap to stop' }).waitFor();
    await saveScreenshots(page, 'your-computer-talk-recording');
    await page.waitForTimeout(1000);
    await page.getByRole('button', { name: 'Listening… tap to stop' }).tap();
    await page.getByText(QUESTION).first().waitFor({ timeout: 30_000 });
    await page.getByText('Only the cache module changed.').first().waitFor({ timeout: 30_000 });
    await waitFor(
      async () => (await playedAudio(page)).buffers.length >= playedBefore + 2,
      30_000,
      'the spoken answer',
    );
    const heard = transcriptions();
    expect(heard).toHaveLength(1);
    expect(heard[0]?.authorization).toBe('Bearer sk-stt-e2e');
    expect(heard[0]?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const fields = heard[0]?.body.toString('latin1') ?? '';
    expect(fields).toMatch(/name="file"; filename="speech\.(webm|ogg|m4a)"/);
    expect(fields).toMatch(/name="model"\r\n\r\nwhisper-1\r\n/);
    // The brief language, as the hint.
    expect(fields).toMatch(/name="language"\r\n\r\nen\r\n/);
    const asked = llm.requests.filter((request) => request.body.stream).at(-1);
    expect(asked?.authorization).toBe('Bearer sk-e2e-0000');
    expect(JSON.stringify(asked?.body.messages)).toContain(QUESTION);
    const answerSpoken = platform.calls.filter((call) => call.body.toString().includes('cache module'));
    expect(answerSpoken.length).toBeGreaterThanOrEqual(1);
    await saveScreenshots(page, 'your-computer-call');
    await page.getByRole('button', { name: 'Hang up' }).tap();
    await page.getByLabel('Your reply').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it('a phone and a desktop page both ring with the computer’s voice; one answers, the other says where the call went', async () => {
    const phone = await pairPhone();
    const desktop = await pairPhone();
    await desktop.page.setViewportSize(DESKTOP_VIEWPORT);
    await Promise.all([waitComputerVoice(phone.page), waitComputerVoice(desktop.page)]);
    const speechBefore = platform.calls.filter((call) => call.path === '/v1/audio/speech').length;
    await reportStop(up, 'Cache rewrite done, both devices.', 'sess-computer-both');
    const answer = (page: Page) => page.getByRole('button', { name: 'Answer', exact: true });
    await Promise.all([answer(phone.page).waitFor({ timeout: 30_000 }), answer(desktop.page).waitFor()]);
    // Each device prepared the call with the computer's voice, through the relay.
    const spoken = platform.calls.filter((call) => call.path === '/v1/audio/speech').length - speechBefore;
    expect(spoken).toBeGreaterThanOrEqual(4);

    await answer(phone.page).tap();
    await waitFor(
      async () => (await playedAudio(phone.page)).buffers.length >= 1,
      30_000,
      'the first sentence',
    );
    expect((await playedAudio(phone.page)).buffers[0]?.seconds).toBeCloseTo(TONE_SECONDS, 1);
    await desktop.page
      .getByText(/answered on/i)
      .first()
      .waitFor({ timeout: 10_000 });
    expect(await answer(desktop.page).count()).toBe(0);
    expect(await desktop.page.getByRole('button', { name: 'Hang up' }).count()).toBe(0);
    await saveScreenshots(desktop.page, 'your-computer-answered-elsewhere');
    await phone.page.getByRole('button', { name: 'Hang up' }).tap();
    await phone.page.getByRole('button', { name: "Don't reply" }).tap();
    expect([...phone.errors, ...desktop.errors]).toEqual([]);
    await phone.context.close();
    await desktop.context.close();
  }, 120_000);

  it('with the computer gone, a phone still rings with its own voice, says so, and typing still works', async () => {
    const { context, page, errors } = await pairPhone();
    // Newly paired, and the computer now has a voice, a model and speech recognition: all three
    // are "Your computer" on this phone without touching a setting.
    await openSettingsRow(page, /Voice/);
    const engine = page.getByRole('combobox', { name: 'Engine', exact: true });
    // The phone asks its computer once paired, and again after a passing failure for about a minute
    // (waits of 1, 2, 4, 8, 15 and 30 s): the deadline outlasts that whole schedule, as a busy
    // machine may need all of it. The page, open before the answer came, shows it when it comes.
    await waitFor(async () => (await engine.inputValue()) === 'computer', 100_000, 'the computer’s voice');
    await backToIdle(page);

    // The computer goes away; a report it sent before reaches the relay afterwards (stored as the
    // computer's outbox would), so this phone can only prepare the call without it.
    await up.daemon.kill('SIGKILL');
    const speechBefore = platform.calls.length;
    await storeSealedCall(up.relay.url, up.computer.deviceToken, await daemonKeyOf(up.dataDir));

    // It still rings, and speaks with this device's own voice, not the computer's tone.
    await page.getByRole('button', { name: 'Answer', exact: true }).tap({ timeout: 30_000 });
    await waitFor(async () => (await playedAudio(page)).buffers.length >= 1, 60_000, 'the first sentence');
    const first = (await playedAudio(page)).buffers[0];
    expect(first?.seconds).toBeGreaterThan(TONE_SECONDS + 0.5);
    expect(platform.calls.length).toBe(speechBefore);

    // Talk: the recording is made, and the page says the computer is away; typing still asks.
    await page.getByRole('button', { name: 'Talk', exact: true }).tap();
    await page.getByRole('button', { name: 'Listening… tap to stop' }).waitFor();
    await page.waitForTimeout(800);
    await page.getByRole('button', { name: 'Listening… tap to stop' }).tap();
    const away = page.getByRole('alert').filter({ hasText: 'Your computer is not connected right now' });
    await away.waitFor({ timeout: 30_000 });
    await saveScreenshots(page, 'your-computer-offline-talk');
    await page.getByRole('textbox', { name: 'Ask a question' }).fill('Is the deploy out?');
    await page.getByRole('button', { name: 'Ask', exact: true }).tap();
    await page.getByText('Is the deploy out?').first().waitFor();
    await page
      .getByText(/your computer is not connected right now/i)
      .last()
      .waitFor({ timeout: 30_000 });
    await saveScreenshots(page, 'your-computer-offline-question');

    // The voice page says which voice calls use now.
    await page.getByRole('button', { name: 'Hang up' }).tap();
    await page.getByRole('button', { name: "Don't reply" }).tap();
    await openSettingsRow(page, /Voice/);
    await page
      .getByText(
        'Your computer is not connected right now: calls ring with this device’s voice until it is back.',
      )
      .waitFor({ timeout: 15_000 });
    await page
      .getByText(
        'Your computer is not connected right now: what it holds can be seen and changed once it is back.',
      )
      .waitFor();
    expect(await page.getByLabel('Address on your computer', { exact: true }).isDisabled()).toBe(true);
    await saveScreenshots(page, 'your-computer-offline-voice');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
