import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PermissionCallSettingsReply } from '@ringback/protocol';
import type { Locator, Page } from 'playwright-core';
import type { RunningRingback } from './ringback-up';
import { toneWav } from './tone-wav';

/** A mono 16-bit PCM WAV file: a valid RIFF header and `seconds` of a sine at `hz`. */
export function sineWav(hz: number, seconds: number, sampleRate = 8_000): Buffer {
  return toneWav({ seconds, sampleRate, frequency: hz, amplitude: 12_000 });
}

/** A WAV file just over the 10 MB a tone may have (silence; its size is the point). */
export function oversizeWav(): Buffer {
  const wav = sineWav(440, 0.01);
  return Buffer.concat([wav, Buffer.alloc(10 * 1024 * 1024 + 1 - wav.length)]);
}

/** What the Add button's file chooser is given: files as a user picks them. */
export type ToneFile = { name: string; mimeType: string; buffer: Buffer };

/** Clicks the ringtone page's Add and picks `files` in the chooser it opens. */
export async function addTones(page: Page, files: ToneFile[]): Promise<void> {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser'),
    page.getByRole('button', { name: 'Add', exact: true }).click(),
  ]);
  await chooser.setFiles(files);
}

/** The page's h1 (BackHeader's title, or the settings list's). */
export function pageHeading(page: Page, name: string): Locator {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

/** Opens a settings list row (or any button named `row`) and waits for the page it opens. */
export async function openRow(page: Page, row: string | RegExp, heading: string): Promise<void> {
  await page.getByRole('button', { name: row, ...(typeof row === 'string' ? { exact: true } : {}) }).click();
  await pageHeading(page, heading).waitFor({ timeout: 30_000 });
}

/** From the idle page: Settings, then one of its rows (`/Voice/`, `/Speech recognition/`…). */
export async function openSettingsRow(page: Page, row: RegExp): Promise<void> {
  await page
    .getByRole('button', { name: /Settings/ })
    .first()
    .click();
  await page.getByRole('button', { name: row }).click();
}

/** From a settings page back to the idle page: Back twice. */
export async function backToIdle(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
}

/** The header's Back, waiting for the page it returns to. */
export async function back(page: Page, heading: string): Promise<void> {
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await pageHeading(page, heading).waitFor({ timeout: 30_000 });
}

/** The accessible names of the controls of `role` within `scope`, in order. */
export async function namesOf(scope: Locator, role: 'button' | 'radio' | 'switch'): Promise<string[]> {
  const tree = await scope.ariaSnapshot();
  const pattern = new RegExp(`^\\s*- ${role} "((?:[^"\\\\]|\\\\.)*)"`);
  return tree
    .split('\n')
    .map((line) => pattern.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

/** `HH:MM` of the page's clock shifted by `minutes` (wrapping around midnight). */
export async function pageTimeOfDay(page: Page, minutes: number): Promise<string> {
  const [hours, mins] = await page.evaluate(() => {
    const now = new Date();
    return [now.getHours(), now.getMinutes()];
  });
  const total = (((hours * 60 + mins + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

/** The brief language the daemon has, asked on its local API as the CLI does. */
/** The computer's permission-call settings and presence, read from its local API as the CLI reads them. */
export async function daemonPermissionCalls(up: RunningRingback): Promise<PermissionCallSettingsReply> {
  const key = (await readFile(join(up.dataDir, 'local-api.key'), 'utf8')).trim();
  const response = await fetch(`${up.daemonUrl}/settings/permission-calls`, {
    headers: { authorization: `Bearer ${key}` },
  });
  if (!response.ok)
    throw new Error(`GET /settings/permission-calls: ${response.status} ${await response.text()}`);
  return (await response.json()) as PermissionCallSettingsReply;
}

export async function daemonBriefLanguage(up: RunningRingback): Promise<string> {
  const key = (await readFile(join(up.dataDir, 'local-api.key'), 'utf8')).trim();
  const response = await fetch(`${up.daemonUrl}/brief/language`, {
    headers: { authorization: `Bearer ${key}` },
  });
  if (!response.ok) throw new Error(`GET /brief/language: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { language: string }).language;
}
