import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { type FakeTranscription, startFakeTranscription } from './fakes/fake-transcription-server';
import { pairAnotherDevice, reportStop, saveScreenshots, waitConnected } from './support/app-page';
import {
  DESKTOP_VIEWPORT,
  launchChromium,
  newMonitoredContext,
  PHONE_VIEWPORT,
  playedAudio,
} from './support/browser';
import { fakeMicrophoneFlags } from './support/fake-microphone';
import { type RunningRingback, standInClaude, startRingbackUp } from './support/ringback-up';
import { backToIdle, openSettingsRow } from './support/settings-page';
import { waitFor } from './support/temp-data-dir';

const SPOKEN =
  'I finished the migration, {form-of-address}. Two tables changed. The old columns are gone. Every test passes. The deploy can go out today.';
const ANSWER = 'The users table and the orders table. Nothing else changed.';
const QUESTION = 'Which tables changed?';
const DICTATED = 'Also write a note in the changelog.';
const ANSWER_SENTENCES = 2;

let llm: FakeLlm;
let stt: FakeTranscription;
let claude: Awaited<ReturnType<typeof standInClaude>>;
let up: RunningRingback;
let browser: Browser;

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setDefault((request) => (request.body.stream ? { content: ANSWER } : { json: plainBrief(SPOKEN) }));
  stt = await startFakeTranscription();
  claude = await standInClaude();
  up = await startRingbackUp({ llmUrl: llm.url, env: { RINGBACK_CLAUDE_BIN: claude.bin } });
  browser = await launchChromium(await fakeMicrophoneFlags());
});

afterAll(async () => {
  await browser?.close();
  await up?.stop();
  await stt?.close();
  await llm?.close();
});

const played = async (page: Page) => (await playedAudio(page)).buffers.length;
const streamedQuestions = () => llm.requests.filter((request) => request.body.stream).length;

/** Holds the button down with the mouse for `ms`, as a user holds to talk. */
async function holdToTalk(page: Page, name: string, ms: number, whileHeld?: () => Promise<void>) {
  await page.getByRole('button', { name, exact: true }).hover();
  await page.mouse.down();
  await page.getByRole('button', { name: 'Listening… release to stop' }).waitFor();
  await page.waitForTimeout(ms);
  await whileHeld?.();
  await page.mouse.up();
}

describe('voice input in real Chromium with a fake microphone', () => {
  it('a spoken question is transcribed, asked and answered, a refusal is retried with the same audio, "continue" resumes, and a dictated reply reaches the agent', async () => {
    const context = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
    await context.grantPermissions(['microphone']);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(up.appUrl);
    await waitConnected(page);

    await openSettingsRow(page, /Language model/);
    await page.getByLabel('Base address').fill(llm.url);
    await page.getByLabel('API key').fill('sk-e2e-0000');
    await page.getByLabel('Model').fill('fake-1');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText(/Saved/).first().waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Back', exact: true }).click();

    // Speech recognition, typed as people paste it (no scheme; the page adds http for a local host).
    await page.getByRole('button', { name: /Speech recognition/ }).click();
    await page.getByLabel('Base address').fill(stt.url.replace('http://', ''));
    await page.getByLabel('API key').fill('sk-stt-e2e');
    expect(await page.getByLabel('Model').inputValue()).toBe('whisper-1');
    stt.enqueue({ text: 'testing one two' });
    await page.getByRole('button', { name: 'Test', exact: true }).click();
    await page.getByText('Speech recognition works. It heard: “testing one two”').waitFor();
    expect(stt.requests[0]).toMatchObject({ fileName: 'speech.wav', model: 'whisper-1', language: 'en' });
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    expect(await page.getByLabel('Base address').inputValue()).toBe(stt.url);
    await saveScreenshots(page, 'voice-input-settings');
    await backToIdle(page);

    const project = await reportStop(up, 'Migration done. Two tables changed.', 'sess-voice-1');
    await page.getByRole('button', { name: 'Answer', exact: true }).click({ timeout: 20_000 });
    await waitFor(async () => (await played(page)) >= 1, 30_000, 'the first sentence');

    // Talking pauses the brief at once; the endpoint first refuses, then Retry sends the same audio.
    stt.enqueue({ status: 401, message: 'Invalid API key' }, { text: QUESTION });
    await holdToTalk(page, 'Talk', 1500, async () => {
      await page.getByRole('button', { name: 'Resume' }).waitFor();
      await saveScreenshots(page, 'voice-input-recording');
    });
    const refusal = page.getByRole('alert').filter({ hasText: 'Speech recognition refused the recording' });
    await refusal.waitFor({ timeout: 15_000 });
    expect(await refusal.textContent()).toContain('(401): Invalid API key');
    await saveScreenshots(page, 'voice-input-refused');
    // The typed path still works beside the failure.
    expect(await page.getByRole('textbox', { name: 'Ask a question' }).isEditable()).toBe(true);

    const beforeAnswer = await played(page);
    await refusal.getByRole('button', { name: 'Retry' }).click();
    await page.getByText(QUESTION).first().waitFor({ timeout: 15_000 });
    await waitFor(
      async () => (await played(page)) >= beforeAnswer + ANSWER_SENTENCES,
      30_000,
      'the spoken answer',
    ).catch(async (error: Error) => {
      // What the page showed, and what the model was asked, name the step that stalled.
      const shown = await page.locator('body').innerText();
      const asked = llm.requests.map(
        (request) => `${request.body.stream ? 'stream' : 'brief'} ${request.body.model}`,
      );
      const computerLlm = await readFile(join(up.dataDir, 'daemon.json'), 'utf8')
        .then((text) => JSON.stringify({ ...JSON.parse(text).llm?.primary, apiKey: undefined }))
        .catch((reason: unknown) => String(reason));
      throw new Error(
        `${error.message}\nthe page:\n${shown}\nthe model was asked: ${asked.join(', ')}\nthe computer's model: ${computerLlm}\n${up.output().slice(-3000)}`,
      );
    });
    await page.getByText('The users table and the orders table.').first().waitFor();
    const [refused, retried] = stt.requests.slice(1);
    expect(refused).toMatchObject({ model: 'whisper-1', language: 'en', authorization: 'Bearer sk-stt-e2e' });
    expect(refused?.fileBytes).toBeGreaterThan(0);
    expect(refused?.fileName).toMatch(/^speech\.(webm|ogg|m4a)$/);
    expect(retried?.fileDigest).toBe(refused?.fileDigest);
    expect(JSON.stringify(llm.requests.find((request) => request.body.stream)?.body.messages)).toContain(
      QUESTION,
    );

    // A continue word resumes the brief with no model call.
    await waitFor(
      async () => (await page.getByRole('button', { name: 'Resume' }).count()) > 0,
      15_000,
      'paused',
    );
    const questionsBefore = streamedQuestions();
    const beforeContinue = await played(page);
    stt.enqueue({ text: 'Continue.' });
    await holdToTalk(page, 'Talk', 800);
    await waitFor(async () => (await played(page)) > beforeContinue, 20_000, 'the brief going on');
    expect(streamedQuestions()).toBe(questionsBefore);

    // The reply, dictated: the words join the offered text, stay editable, and reach the agent.
    await page.getByRole('button', { name: 'Hang up' }).click();
    const reply = page.getByLabel('Your reply');
    await reply.fill('Good.');
    stt.enqueue({ text: DICTATED });
    await holdToTalk(page, 'Dictate', 800);
    await waitFor(
      async () => (await reply.inputValue()) === `Good. ${DICTATED}`,
      15_000,
      'the dictated words',
    );
    expect(stt.requests.at(-1)).toMatchObject({ model: 'whisper-1', language: 'en' });
    await saveScreenshots(page, 'voice-input-reply-dictated');
    await page.getByRole('button', { name: 'Send reply' }).click();
    await page
      .locator('[aria-current="step"]', { hasText: 'Delivered to the agent' })
      .waitFor({ timeout: 20_000 });
    const calls = await claude.calls();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.cwd).toBe(project);
    expect(`${calls[0]?.args.join(' ')} ${calls[0]?.stdin}`).toContain(`Good. ${DICTATED}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone: tap to start and tap to stop; no endpoint set and no microphone permission each get their sentence, and typing still asks', async () => {
    const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    await context.grantPermissions(['microphone']);
    // The browser's answer when the user refused the microphone, switched on from the test.
    await context.addInitScript(`(() => {
      const real = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = (constraints) =>
        window.denyMicrophone
          ? Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
          : real(constraints);
    })();`);
    const page = await context.newPage();
    await page.goto((await pairAnotherDevice(up)).url);
    await waitConnected(page);
    const sent = stt.requests.length;
    // A decision for the user, so its answer box (with Dictate) is on screen too.
    llm.setDefault((request) =>
      request.body.stream
        ? { content: ANSWER }
        : { json: { ...plainBrief(SPOKEN), pendingQuestions: ['Deploy today?'] } },
    );

    await reportStop(up, 'Second turn done.', 'sess-voice-2');
    await page.getByRole('button', { name: 'Answer', exact: true }).tap({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Talk', exact: true }).tap();
    await page.getByRole('button', { name: 'Listening… tap to stop' }).waitFor();
    await page.waitForTimeout(1000);
    await page.getByRole('button', { name: 'Listening… tap to stop' }).tap();
    const notSet = page.getByRole('alert').filter({ hasText: 'Speech recognition is not set up.' });
    await notSet.waitFor({ timeout: 30_000 });
    expect(await notSet.textContent()).toContain('Settings → Integrations → Speech recognition');
    await saveScreenshots(page, 'voice-input-not-set');
    // Nothing left this device: no endpoint was set.
    expect(stt.requests.length).toBe(sent);

    await page.evaluate('window.denyMicrophone = true');
    await page.getByRole('button', { name: 'Talk', exact: true }).tap();
    const denied = page.getByRole('alert').filter({ hasText: 'may not use the microphone' });
    await denied.waitFor({ timeout: 30_000 });
    expect(await denied.getByRole('button', { name: 'Retry' }).count()).toBe(0);
    await saveScreenshots(page, 'voice-input-microphone-denied');

    await page.getByRole('textbox', { name: 'Ask a question' }).fill('Is the deploy out?');
    await page.getByRole('button', { name: 'Ask', exact: true }).tap();
    await page.getByText('Is the deploy out?').first().waitFor();
    await context.close();
  });

  it('an endpoint that never answers gets its sentence at the deadline, and the recording is kept for Retry', async () => {
    const context = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
    await context.grantPermissions(['microphone']);
    const page = await context.newPage();
    await page.goto((await pairAnotherDevice(up)).url);
    await waitConnected(page);
    await openSettingsRow(page, /Speech recognition/);
    await page.getByLabel('Base address').fill(stt.url);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    await backToIdle(page);

    await reportStop(up, 'Third turn done.', 'sess-voice-3');
    await page.getByRole('button', { name: 'Answer', exact: true }).click({ timeout: 20_000 });
    stt.enqueue({ hang: true });
    await holdToTalk(page, 'Talk', 800);
    const timedOut = page.getByRole('alert').filter({ hasText: 'did not answer within' });
    await timedOut.waitFor({ timeout: 70_000 });
    expect(await timedOut.textContent()).toContain(
      `Speech recognition at ${new URL(stt.url).host} did not answer`,
    );
    await saveScreenshots(page, 'voice-input-timeout');
    const hung = stt.requests.at(-1);
    stt.enqueue({ text: 'Is the deploy out?' });
    await timedOut.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Is the deploy out?').first().waitFor({ timeout: 15_000 });
    expect(stt.requests.at(-1)?.fileDigest).toBe(hung?.fileDigest);
    await context.close();
  });
});
