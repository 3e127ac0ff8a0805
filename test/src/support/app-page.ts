import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DESKTOP_VIEWPORT, PHONE_VIEWPORT } from './browser';
import type { RunningRingback } from './ringback-up';
import { runHookProcess, runRingback } from './run-hook-process';

/** Where the e2e runs save their screenshots (git-ignored), to be looked at. */
export const ARTIFACTS = join(import.meta.dirname, '..', '..', 'artifacts');

const CONTROL_ROLES =
  'button|link|textbox|searchbox|combobox|listbox|checkbox|radio|switch|slider|spinbutton|tab';
/** An accessibility-tree line of a control without a name: `- button`, `- textbox: text`, `- slider [disabled]`. */
const NAMELESS_CONTROL = new RegExp(`^\\s*- (${CONTROL_ROLES})(?! ")(\\s*\\[[^\\]]*\\])?(:.*)?$`);

/** Controls on the page that a screen reader would announce without a name. */
export async function namelessControls(page: Page): Promise<string[]> {
  const tree = await page.locator('body').ariaSnapshot();
  return tree.split('\n').filter((line) => NAMELESS_CONTROL.test(line));
}

/**
 * The same page at phone and desktop size, saved for looking at; every page shot is also checked
 * for controls without an accessible name.
 */
export async function saveScreenshots(page: Page, name: string): Promise<void> {
  const nameless = await namelessControls(page);
  if (nameless.length)
    throw new Error(`${name}: controls without an accessible name:\n${nameless.join('\n')}`);
  const original = page.viewportSize();
  for (const [size, viewport] of [
    ['phone', PHONE_VIEWPORT],
    ['desktop', DESKTOP_VIEWPORT],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.waitForTimeout(150);
    await page.screenshot({ path: join(ARTIFACTS, `${name}-${size}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

/** Where a computer's hook and CLI run: `ringback up`'s, or a separately started daemon's. */
export type ComputerHome = Pick<RunningRingback, 'home' | 'dataDir'>;

/** A finished Claude Code turn, reported by the real hook CLI from a fresh project directory. */
export async function reportStop(up: ComputerHome, message: string, sessionId: string): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), 'ringback-e2e-project-'));
  const run = await runHookProcess(
    'claude-code',
    JSON.stringify({
      session_id: sessionId,
      cwd: project,
      transcript_path: null,
      last_assistant_message: message,
    }),
    { PATH: process.env.PATH, HOME: up.home, RINGBACK_HOME: up.dataDir },
  );
  if (run.code !== 0) throw new Error(`the hook failed (${run.code}): ${run.stderr}`);
  return project;
}

/** Another device's way in, as `ringback pair` prints it: the URL to open, and the 6-digit code. */
export async function pairAnotherDevice(up: ComputerHome): Promise<{ url: string; code: string }> {
  const run = await runRingback(['pair'], {
    PATH: process.env.PATH,
    HOME: up.home,
    RINGBACK_HOME: up.dataDir,
  });
  const url = /http:\/\/127\.0\.0\.1:\d+\/#pair=\S+/.exec(run.stdout)?.[0];
  const code = /enter code (\d{6})/.exec(run.stdout)?.[1];
  if (!url || !code) throw new Error(`ringback pair printed no URL or code:\n${run.stdout}${run.stderr}`);
  return { url, code };
}

/** The idle page's sign that the stream is up and calls will ring. */
export async function waitConnected(page: Page): Promise<void> {
  await page.getByText('Connected: calls ring here').waitFor({ timeout: 60_000 });
}
