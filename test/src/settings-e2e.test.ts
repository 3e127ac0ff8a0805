import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeLlm, plainBrief, startFakeLlm } from './fakes/fake-llm-server';
import { reportStop, saveScreenshots, waitConnected } from './support/app-page';
import { DESKTOP_VIEWPORT, launchChromium, newMonitoredContext } from './support/browser';
import { type RunningRingback, startRingbackUp } from './support/ringback-up';
import {
  addTones,
  back,
  daemonBriefLanguage,
  daemonPermissionCalls,
  namesOf,
  openRow,
  oversizeWav,
  pageHeading,
  pageTimeOfDay,
  sineWav,
} from './support/settings-page';
import { waitFor } from './support/temp-data-dir';

const GROUPS = ['General', 'Connection', 'Personal', 'Integrations', 'Calls'];
const ROWS = [
  'Interface language',
  'Brief language',
  'Voice',
  'Devices',
  'End-to-end key',
  'Form of address',
  'Language model for questions',
  'Speech recognition',
  'Tracker (Multica)',
  'Ring schedules',
  'Ringtones',
  'Permission calls',
  'Background ringing',
];
const WAV = 'audio/wav';

let llm: FakeLlm;
let up: RunningRingback;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  llm = await startFakeLlm();
  llm.setDefault((request) =>
    request.body.stream ? { content: 'Nothing else.' } : { json: plainBrief('All done, {form-of-address}.') },
  );
  up = await startRingbackUp({ llmUrl: llm.url });
  browser = await launchChromium();
  context = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(up.appUrl);
  await waitConnected(page);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await up?.stop();
  await llm?.close();
});

const main = () => page.getByRole('main');
const radio = (name: string | RegExp) =>
  page.getByRole('radio', typeof name === 'string' ? { name, exact: true } : { name });
const modeSwitch = (name: string) => page.getByRole('switch', { name, exact: true });

describe('the settings pages in real Chromium', () => {
  it('a Settings button opens a page headed Settings, grouped under headings, each row named for its page', async () => {
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await pageHeading(page, 'Settings').waitFor();
    const headings = await main().getByRole('heading', { level: 2 }).allTextContents();
    expect(headings).toEqual(GROUPS);
    expect(await namesOf(main(), 'button')).toEqual(['Back', ...ROWS]);
    await saveScreenshots(page, 'settings');

    // The pages other suites fill in, as a first install shows them.
    for (const [row, heading, shot] of [
      ['Devices', 'Devices', 'devices'],
      ['End-to-end key', 'End-to-end key', 'key'],
      ['Language model for questions', 'Language model', 'llm'],
      ['Speech recognition', 'Speech recognition', 'speech-recognition'],
      ['Tracker (Multica)', 'Multica tracker', 'tracker'],
    ] as const) {
      await openRow(page, row, heading);
      await saveScreenshots(page, `settings-${shot}-first`);
      await back(page, 'Settings');
    }
  });

  it('ring schedules: a switch per mode, the overlap refused, and a silent mode keeps a call from ringing', async () => {
    await openRow(page, 'Ring schedules', 'Ring schedules');
    expect(await namesOf(main(), 'switch')).toEqual(['Work', 'Sleep']);
    expect(await modeSwitch('Work').getAttribute('aria-checked')).toBe('false');
    expect(await modeSwitch('Sleep').getAttribute('aria-checked')).toBe('false');
    await page.getByRole('status').getByText('Calls ring now').waitFor();

    await modeSwitch('Work').click();
    await expect.poll(() => modeSwitch('Work').getAttribute('aria-checked')).toBe('true');
    await modeSwitch('Sleep').click();
    const refusal = page.getByRole('alert');
    await expect.poll(() => refusal.textContent()).toMatch(/"Sleep" cannot be on together with "Work"/);
    expect(await refusal.textContent()).toMatch(/weekdays do not overlap/);
    expect(await modeSwitch('Sleep').getAttribute('aria-checked')).toBe('false');
    await saveScreenshots(page, 'settings-modes');

    // Sleep silences the next hours, every day; Work goes off so Sleep may come on.
    await openRow(page, 'Edit Sleep', 'Sleep');
    for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'])
      expect(await page.getByRole('checkbox', { name: day, exact: true }).isChecked()).toBe(true);
    await page.getByRole('textbox', { name: 'Name', exact: true }).waitFor();
    await page.getByLabel('Range 1 from').fill(await pageTimeOfDay(page, -60));
    await page.getByLabel('Range 1 to').fill(await pageTimeOfDay(page, 120));
    await radio('Do not ring within these times').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await saveScreenshots(page, 'settings-mode');
    await back(page, 'Ring schedules');
    await modeSwitch('Work').click();
    await modeSwitch('Sleep').click();
    await expect.poll(() => modeSwitch('Sleep').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByText(/^Silent now, until .*: calls wait as missed$/).waitFor();
    await back(page, 'Settings');
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    // The calls page says the schedule silences calls now, rather than that calls ring here.
    await page.getByText(/^Connected; ring schedule: Silent now, until /).waitFor({ timeout: 15_000 });
    expect(await page.getByText('Connected: calls ring here').count()).toBe(0);

    await reportStop(up, 'The migration finished while you slept.', 'sess-settings-1');
    const missed = page.getByRole('region', { name: /^Missed calls/ });
    await missed.getByRole('button', { name: /^Answer / }).waitFor({ timeout: 20_000 });
    await page.waitForTimeout(8_000);
    expect(await page.getByRole('button', { name: 'Answer', exact: true }).count()).toBe(0);
    await saveScreenshots(page, 'settings-modes-missed');

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    await openRow(page, 'Ring schedules', 'Ring schedules');
    await modeSwitch('Sleep').click();
    await expect.poll(() => modeSwitch('Sleep').getAttribute('aria-checked')).toBe('false');
    await page
      .getByRole('status')
      .getByText(/^Calls ring now/)
      .waitFor();
    await back(page, 'Settings');
  });

  it('ringtones: tones as radio options, Add with its size limit, "In use by …", and an Edit mode', async () => {
    await openRow(page, 'Ringtones', 'Ringtones');
    expect(await namesOf(main(), 'button')).toEqual([
      'Back',
      'Incoming call ringtone',
      'Waiting tone',
      'Permission call ringtone',
    ]);
    await saveScreenshots(page, 'settings-ringtones');

    await openRow(page, 'Incoming call ringtone', 'Incoming call ringtone');
    expect(await radio('Classic').isChecked()).toBe(true);
    expect(await radio('Silent').count()).toBe(0);
    await addTones(page, [
      { name: 'Morning bell.wav', mimeType: WAV, buffer: sineWav(660, 0.6) },
      { name: 'Low hum.wav', mimeType: WAV, buffer: sineWav(220, 0.6) },
    ]);
    // The first file added becomes this slot's tone.
    await expect.poll(() => radio('Morning bell').isChecked(), { timeout: 30_000 }).toBe(true);
    expect(await radio('Low hum').isChecked()).toBe(false);
    await page.getByRole('heading', { name: 'Your tones' }).waitFor();
    await saveScreenshots(page, 'settings-ringtone-incoming');
    await back(page, 'Ringtones');
    expect(await page.getByRole('button', { name: 'Incoming call ringtone' }).textContent()).toContain(
      'Morning bell',
    );

    await openRow(page, 'Waiting tone', 'Waiting tone');
    expect(await radio('Silent').isChecked()).toBe(false);
    expect(await radio('Ringback').isChecked()).toBe(true);
    expect(await radio('Classic').isChecked()).toBe(false);
    const inUse = page.getByRole('listitem').filter({ has: radio('Morning bell') });
    expect(await inUse.textContent()).toContain('In use by incoming calls');
    await addTones(page, [{ name: 'Field recording.wav', mimeType: WAV, buffer: oversizeWav() }]);
    await page.getByRole('alert').getByText('“Field recording.wav” is too large (10 MB max)').waitFor();
    expect(await radio('Field recording').count()).toBe(0);
    await radio('Silent').click();
    await expect.poll(() => radio('Silent').isChecked()).toBe(true);
    await saveScreenshots(page, 'settings-ringtone-waiting');

    const edit = page.getByRole('button', { name: 'Edit', exact: true });
    await edit.click();
    await page.getByRole('button', { name: 'Done', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Done' }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('checkbox').count()).toBe(2);
    await page.getByRole('button', { name: 'Rename Low hum', exact: true }).waitFor();
    expect(await page.getByRole('button', { name: /^Delete selected/ }).isDisabled()).toBe(true);
    await saveScreenshots(page, 'settings-ringtone-edit');
    await page.getByRole('button', { name: 'Done', exact: true }).click();
    await back(page, 'Ringtones');

    // Permission calls ring with their own slot: the short urgent tone until another is chosen.
    expect(await page.getByRole('button', { name: 'Permission call ringtone' }).textContent()).toContain(
      'Urgent',
    );
    await openRow(page, 'Permission call ringtone', 'Permission call ringtone');
    expect(await radio('Urgent').isChecked()).toBe(true);
    expect(await radio('Silent').count()).toBe(0);
    await saveScreenshots(page, 'settings-ringtone-permission');
    await radio('Digital').click();
    await expect.poll(() => radio('Digital').isChecked()).toBe(true);
    await back(page, 'Ringtones');
    expect(await page.getByRole('button', { name: 'Permission call ringtone' }).textContent()).toContain(
      'Digital',
    );
    await openRow(page, 'Permission call ringtone', 'Permission call ringtone');
    await radio('Urgent').click();
    await expect.poll(() => radio('Urgent').isChecked()).toBe(true);
    await back(page, 'Ringtones');
    await back(page, 'Settings');
  });

  it('permission calls: the computer’s switches through the relay, the wait, and Away with its presence in words', async () => {
    await openRow(page, 'Permission calls', 'Permission calls');
    const ring = page.getByRole('switch', { name: 'Ring for permission requests', exact: true });
    await ring.waitFor({ timeout: 20_000 });
    expect(await ring.getAttribute('aria-checked')).toBe('true');
    expect(await namesOf(main(), 'switch')).toEqual(['Ring for permission requests', 'Claude Code', 'Codex']);
    // The computer's presence, in words: at the computer (nothing here says otherwise).
    const presence = page.getByText(/^At the computer: the agent asks there\. /);
    await presence.waitFor();
    await saveScreenshots(page, 'settings-permission-calls');

    await page.getByRole('switch', { name: 'Codex', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await waitFor(
      async () => (await daemonPermissionCalls(up)).settings.agents.codex === false,
      10_000,
      'Codex off on the computer',
    );
    await page.getByLabel('How long the agent waits for you').selectOption({ label: '5 minutes' });
    await waitFor(
      async () => (await daemonPermissionCalls(up)).settings.waitSeconds === 300,
      10_000,
      'a 5-minute wait on the computer',
    );
    await radio(/^Away/).click();
    await page
      .getByText('Away from the computer: permission requests ring here. You set Away by hand.')
      .waitFor();
    const onComputer = await daemonPermissionCalls(up);
    expect(onComputer.settings).toMatchObject({
      away: 'on',
      enabled: true,
      agents: { 'claude-code': true, codex: false },
    });
    expect(onComputer.presence).toMatchObject({ away: true, signal: 'manual' });
    await saveScreenshots(page, 'settings-permission-calls-away');

    // Back as it was, for the other pages.
    await radio(/^Automatic/).click();
    await presence.waitFor();
    await page.getByRole('switch', { name: 'Codex', exact: true }).click();
    await waitFor(
      async () => (await daemonPermissionCalls(up)).settings.agents.codex === true,
      10_000,
      'Codex on again',
    );
    await back(page, 'Settings');
  });

  it('voice: the 15 engines (the on-device voice, the user’s computer and 13 more), a platform’s fields, the cURL import and a 0.5–2 speed slider', async () => {
    await openRow(page, 'Voice', 'Voice');
    const engine = page.getByRole('combobox', { name: 'Engine', exact: true });
    expect(await engine.locator('option').count()).toBe(15);
    const slider = page.getByRole('slider', { name: /^Speech rate/ });
    expect(await slider.getAttribute('min')).toBe('0.5');
    expect(await slider.getAttribute('max')).toBe('2');
    await slider.fill('1.5');
    await page.getByText('Speech rate: 1.5×').waitFor();

    await engine.selectOption({ label: 'Azure Speech' });
    await page.getByRole('textbox', { name: 'Region', exact: true }).waitFor();
    await page.getByLabel('Speech resource key', { exact: true }).waitFor();
    await saveScreenshots(page, 'settings-voice-platforms');

    await engine.selectOption({ label: 'Custom HTTP' });
    const curl = page.getByRole('textbox', { name: 'Paste a cURL command', exact: true });
    const importButton = page.getByRole('button', { name: 'Import', exact: true });
    expect(await importButton.isDisabled()).toBe(true);
    await curl.fill(
      `curl https://tts.example.com/v1/speech -H 'Authorization: Bearer sk-1' -H 'Content-Type: application/json' -d '{"text":"Hello there","voice":"nova","speed":1}'`,
    );
    await importButton.click();
    await page.getByRole('group', { name: 'Which value is the sentence?' }).waitFor();
    // No voice to list: the voice is typed, so its field shows at once.
    await page.getByRole('textbox', { name: 'Voice id', exact: true }).waitFor();
    await saveScreenshots(page, 'settings-voice-custom');
    await back(page, 'Settings');
  });

  it('brief language: follow the system, search, and the pick reaches the computer', async () => {
    await openRow(page, 'Brief language', 'Brief language');
    // A choice's name is its label and detail: "Follow the system English (United States)".
    expect(await radio(/^Follow the system /).isChecked()).toBe(true);
    expect(await page.getByRole('radio').count()).toBe(91);
    await saveScreenshots(page, 'settings-brief-language');
    await page.getByRole('searchbox', { name: 'Search languages' }).fill('german');
    await radio(/^German \(Germany\) de-DE$/).check();
    await waitFor(async () => (await daemonBriefLanguage(up)) === 'de-DE', 10_000, 'de-DE on the daemon');
    await page.getByText('Your computer writes briefs in this language.').waitFor();
    await saveScreenshots(page, 'settings-brief-language-search');
    await back(page, 'Settings');
  });

  it('interface language: Follow system, 中文 and English; 中文 retitles the window and the rows', async () => {
    await openRow(page, 'Interface language', 'Interface language');
    const names = await namesOf(main(), 'radio');
    expect(names.map((name) => name.split(' ')[0])).toEqual(['Follow', '中文', 'English']);
    expect(names[0]).toMatch(/^Follow system\b/);
    expect(await radio(/^Follow system/).isChecked()).toBe(true);
    await saveScreenshots(page, 'settings-interface-language');
    await radio('中文').check();
    await expect.poll(() => page.title()).toContain('回电');
    // The whole interface speaks Chinese now: Back, the headings and the rows.
    await page.getByRole('button', { name: '返回', exact: true }).click();
    await pageHeading(page, '设置').waitFor();
    await page.getByRole('button', { name: '简报语言', exact: true }).waitFor();
    expect(await main().getByRole('heading', { level: 2 }).allTextContents()).toEqual([
      '通用',
      '连接',
      '个人',
      '集成',
      '来电',
    ]);
    await saveScreenshots(page, 'settings-zh');
    await openRow(page, '界面语言', '界面语言');
    await radio('English').check();
    await expect.poll(() => page.title()).toBe('Ringback');
    await back(page, 'Settings');
    await page.getByRole('button', { name: 'Brief language', exact: true }).waitFor();
  });

  it('form of address: a text field, saved', async () => {
    await openRow(page, 'Form of address', 'Form of address');
    const field = page.getByRole('textbox', { name: 'Form of address', exact: true });
    await field.fill('Captain');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('status').getByText('Saved.').waitFor();
    await page.getByText('as in “The tests pass, Captain.”').waitFor();
    await saveScreenshots(page, 'settings-form-of-address');
    await back(page, 'Settings');
    await openRow(page, 'Form of address', 'Form of address');
    expect(await field.inputValue()).toBe('Captain');
    await back(page, 'Settings');
  });

  it('threw no page errors', () => {
    expect(errors).toEqual([]);
  });
});
