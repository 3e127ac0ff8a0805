import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairAnotherDevice, reportStop, saveScreenshots, waitConnected } from './support/app-page';
import { launchChromium, newMonitoredContext, PHONE_VIEWPORT, playedAudio } from './support/browser';
import { type RelayAndComputer, startRelayAndComputer } from './support/relay-and-computer';
import { openRow, pageHeading } from './support/settings-page';
import { waitFor } from './support/temp-data-dir';

const REPORT = 'Cache rewrite done. Two files changed and every test passes.';
/** What the app makes of the daemon's "No LLM is configured on this computer: …". */
const REASON = 'No language model is set up on your computer, so it could not write a brief.';

let up: RelayAndComputer;
let browser: Browser;

beforeAll(async () => {
  // No model on the computer: every brief fails, and the report is delivered all the same.
  up = await startRelayAndComputer({});
  browser = await launchChromium();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await up?.close();
});

describe('a report from a computer with no language model', () => {
  it('rings, reads the report, and says why there is no brief, with the way to the setting', async () => {
    const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto((await pairAnotherDevice(up)).url);
    await waitConnected(page);

    await reportStop(up, REPORT, 'sess-no-llm');
    // It rings all the same (a deliberate choice, README): the report is what the call reads.
    await page.getByRole('button', { name: 'Answer', exact: true }).tap({ timeout: 60_000 });
    await page.getByRole('heading', { name: 'No brief for this call' }).waitFor({ timeout: 15_000 });
    await page.getByText(REASON).waitFor();
    await page.getByText(/open Settings › Language model after the call/).waitFor();
    await waitFor(async () => (await playedAudio(page)).buffers.length >= 1, 60_000, 'the first sentence');
    await page
      .getByText('There is no brief for this report; here is what the agent wrote.')
      .first()
      .waitFor();
    await page.getByText('Two files changed and every test passes.').first().waitFor();
    await saveScreenshots(page, 'failed-brief-call');

    await page.getByRole('button', { name: 'Hang up' }).tap();
    await page.getByRole('button', { name: "Don't reply" }).tap();

    // The idle page: the last brief, why, and the button to the setting; history marks the call.
    await page.getByRole('heading', { name: 'The last brief could not be written' }).waitFor();
    await page.getByText(REASON).waitFor();
    await page.getByText('No brief', { exact: true }).waitFor();
    await saveScreenshots(page, 'failed-brief-idle');

    // The call's page in history says the same, and its button opens the language model page.
    await page.getByRole('button', { name: 'Open details: Cache rewrite done.' }).tap();
    await page.getByRole('heading', { name: 'The brief could not be written' }).waitFor();
    await page.getByText(REASON).waitFor();
    await saveScreenshots(page, 'failed-brief-detail');
    await page.getByRole('button', { name: 'Open Language model settings' }).tap();
    await pageHeading(page, 'Language model').waitFor({ timeout: 10_000 });

    // Back on the idle page, its button opens the same page.
    await page.getByRole('button', { name: 'Back', exact: true }).tap();
    await page.getByRole('button', { name: 'Back', exact: true }).tap();
    await page.getByRole('button', { name: 'Open Language model settings' }).tap();
    await pageHeading(page, 'Language model').waitFor({ timeout: 10_000 });

    // In Chinese, the same words on the idle page.
    await page.getByRole('button', { name: 'Back', exact: true }).tap();
    await openRow(page, 'Interface language', 'Interface language');
    await page.getByRole('radio', { name: '中文' }).check();
    await page.getByRole('button', { name: '返回', exact: true }).tap();
    await page.getByRole('button', { name: '返回', exact: true }).tap();
    await page.getByRole('heading', { name: '上一份简报没能写成' }).waitFor();
    await page.getByText('你的电脑上没有设置语言模型，所以无法撰写简报。').waitFor();
    await page.getByRole('button', { name: '打开语言模型设置' }).waitFor();
    await saveScreenshots(page, 'failed-brief-idle-zh');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
