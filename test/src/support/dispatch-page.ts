import type { Page } from 'playwright-core';
import { saveScreenshots } from './app-page';
import { playedAudio } from './browser';
import { waitFor } from './temp-data-dir';

/** The page's clock (`performance.now()`), which the audio monitor stamps its levels with. */
export async function pageNow(page: Page): Promise<number> {
  return page.evaluate('performance.now()');
}

/** Waits until the page plays something audible (a ringtone or the waiting tone) after `since`. */
export async function waitHeard(page: Page, since: number, timeoutMs: number, what: string): Promise<void> {
  await waitFor(
    async () => (await playedAudio(page)).levels.some((level) => level.at > since && level.rms > 0.02),
    timeoutMs,
    what,
  );
}

/**
 * What a tone stopped now may still show on the monitor: its 20 ms release, the analyser's 46 ms
 * window and the output's latency. Past this, anything audible is a tone that did not stop.
 */
const STOP_GRACE_MS = 300;

/**
 * Fails if anything audible plays for `ms` after the grace from now (the waiting tone beeps every
 * 5 s, so a whole cycle must be silent).
 */
export async function expectSilentFor(page: Page, ms: number): Promise<void> {
  const from = (await pageNow(page)) + STOP_GRACE_MS;
  await page.waitForTimeout(STOP_GRACE_MS + ms);
  const loud = (await playedAudio(page)).levels.filter((level) => level.at > from && level.rms > 0.02);
  if (loud.length > 0) {
    const when = loud.map((level) => `${Math.round(level.at - from)} ms (rms ${level.rms.toFixed(3)})`);
    const screen = (await page.locator('main').first().innerText()).slice(0, 300);
    throw new Error(
      `still playing after it should have stopped: at ${when.slice(0, 12).join(', ')}\nscreen: ${screen}`,
    );
  }
}

/**
 * Settings → Tracker (Multica): paste the token, verify, tick the workspaces, save, and wait
 * until the computer's realtime connection to each is up (the page re-reads it every 5 s).
 */
export async function connectTracker(page: Page, token: string, workspaceNames: string[]): Promise<void> {
  await page
    .getByRole('button', { name: /Settings/ })
    .first()
    .click();
  await page.getByRole('button', { name: /Tracker \(Multica\)/ }).click();
  await page.getByLabel('API token').fill(token);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  for (const name of workspaceNames) {
    await page.getByRole('checkbox', { name: new RegExp(`^${name}\\b`) }).check({ timeout: 15_000 });
  }
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(`Saved. Your computer watches ${workspaceNames.length} workspaces.`).waitFor({
    timeout: 15_000,
  });
  const watched = page.getByRole('list', { name: 'Watched workspaces' });
  await waitFor(
    async () => (await watched.getByText('Connected', { exact: true }).count()) === workspaceNames.length,
    20_000,
    'every watched workspace to be connected',
  );
  await saveScreenshots(page, 'settings-tracker');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Back', exact: true }).click();
}

/** One of the dispatch screen's rows (Workspace, Project, Agent): open its panel and pick. */
export async function pickTarget(page: Page, row: string, option: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${row}\\b`) }).click();
  const sheet = page.getByRole('dialog', { name: row });
  await sheet.getByRole('button', { name: new RegExp(`^${option}\\b`) }).click();
  await sheet.waitFor({ state: 'detached' });
}

/**
 * What a user's Ctrl+V of two screenshots does: a `paste` on the focused need box whose
 * clipboard holds PNG files, drawn on a canvas in the page (the test lib has no DOM types, so
 * the page code is a string).
 */
const PASTE_IMAGES = `async (count) => {
  const data = new DataTransfer();
  for (let i = 0; i < count; i++) {
    const canvas = document.createElement('canvas');
    canvas.width = 480;
    canvas.height = 300;
    const g = canvas.getContext('2d');
    g.fillStyle = ['#2e86de', '#e17055', '#00b894'][i % 3];
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#fff';
    g.font = '48px sans-serif';
    g.fillText('Screenshot ' + (i + 1), 40, 160);
    const blob = await new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
    data.items.add(new File([blob], 'screenshot-' + (i + 1) + '.png', { type: 'image/png' }));
  }
  const target = document.activeElement;
  target.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  return target.tagName + ':' + data.files.length;
}`;

export async function pasteImages(page: Page, count: number): Promise<void> {
  await page.getByRole('textbox', { name: 'What should the agent do?' }).focus();
  const pasted = await page.evaluate(`(${PASTE_IMAGES})(${count})`);
  if (pasted !== `TEXTAREA:${count}`) throw new Error(`the paste went elsewhere: ${String(pasted)}`);
}

/** The incoming screen of the call about `subtitle` (`ACME-2 · Fix the checkout total`). */
export async function ringingSubtitle(page: Page, timeoutMs = 30_000): Promise<string> {
  const answer = page.getByRole('button', { name: 'Answer', exact: true });
  await answer.waitFor({ timeout: timeoutMs });
  // The incoming screen replaces the calls page, so the only `KEY-n · title` line is its subtitle.
  return (await page.getByText(/^[A-Z]+-\d+ · /).textContent()) ?? '';
}

/**
 * Pick up, hang up at once and send no reply: the call lands in the history as answered. The next
 * call may ring over the reply panel at once; then it is left to the caller, and this reply waits.
 */
export async function answerAndHangUp(page: Page): Promise<void> {
  const answer = page.getByRole('button', { name: 'Answer', exact: true });
  await answer.click();
  await page.getByRole('button', { name: 'Hang up' }).click({ timeout: 15_000 });
  const skip = page.getByRole('button', { name: "Don't reply" });
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    if ((await answer.count()) > 0) return;
    const skipped = await skip.click({ timeout: 1_000 }).then(
      () => true,
      () => false,
    );
    if (skipped) return;
  }
  throw new Error('neither the reply panel nor a next call showed after hang-up');
}

/**
 * Miss the ringing call the way a user can at once: leave the page while it rings (a reload);
 * the call was stored as ringing, so it comes back missed and never rings again.
 */
export async function missByReload(page: Page): Promise<void> {
  await page.reload();
  // The reply panel the ringing call covered comes back with the page: no reply this time.
  const skip = page.getByRole('button', { name: "Don't reply" });
  const connected = page.getByText('Connected: calls ring here');
  await skip.or(connected).first().waitFor({ timeout: 60_000 });
  if ((await skip.count()) > 0) await skip.click();
  await connected.waitFor({ timeout: 60_000 });
}

/** The calls page's history row titles in the order shown ("Open details: <title>"). */
export async function historyTitles(page: Page, within?: string): Promise<string[]> {
  let history = page.getByRole('region', { name: 'Call history' });
  if (within) history = history.getByRole('region', { name: within, exact: true });
  const labels = await history
    .getByRole('button', { name: /^Open details: / })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Open details: /, ''));
}

/** The calls page's tabs by accessible name ("Beta / Backend, 1 missed"), in order. */
export async function tabNames(page: Page): Promise<string[]> {
  return page.getByRole('tab').evaluateAll((tabs) => tabs.map((tab) => tab.getAttribute('aria-label') ?? ''));
}
