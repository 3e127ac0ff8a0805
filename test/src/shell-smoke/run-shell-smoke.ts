import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { plainBrief, startFakeLlm } from '../fakes/fake-llm-server';
import { startRelayAndComputer } from '../support/relay-and-computer';
import { runHookProcess } from '../support/run-hook-process';
import { waitFor } from '../support/temp-data-dir';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = join(repo, 'shell', 'dist', 'main.cjs');
const BUILT = [
  MAIN,
  join(repo, 'client', 'dist', 'index.html'),
  join(repo, 'daemon', 'dist', 'ringback.mjs'),
];

/** What the page calls on the preload's bridge, as far as the check needs it. */
interface PageWithBridge {
  ringback: {
    facts(): Promise<{ platform: string }>;
    deviceToken: { load(): Promise<string | null> };
  };
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}
type SmokeGlobals = { ringbackSmoke?: { tray?: unknown } };

/**
 * One run: a relay and a daemon (temp home, a fake model for the brief), the built shell launched
 * twice on the same user-data folder. Checks that the window loaded app://ringback/, the bridge
 * answers, the tray exists, a Copy writes the clipboard, and the device token is the same after a
 * restart with the interface language switched to Chinese. Throws on the first failure.
 */
export async function runShellSmoke(electronPath: string): Promise<void> {
  const missing = BUILT.filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`build first (npm run build): missing ${missing.join(', ')}`);

  const llm = await startFakeLlm();
  llm.setDefault({ json: plainBrief('The smoke check passed, {form-of-address}.') });
  const world = await startRelayAndComputer({ modelUrl: llm.url });
  const home = await mkdtemp(join(tmpdir(), 'ringback-smoke-home-'));
  const env = {
    PATH: process.env.PATH ?? '',
    DISPLAY: process.env.DISPLAY ?? '',
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    RINGBACK_HOME: world.dataDir,
    // The test hook in main.ts: hands the running shell to `app.evaluate` below. Off by default.
    RINGBACK_SMOKE: '1',
  };
  const launch = () =>
    _electron.launch({
      executablePath: electronPath,
      // No keyring under Xvfb: safeStorage's plain-text backend stands in for the OS store.
      args: [MAIN, '--password-store=basic'],
      env,
    });

  const step = (text: string) => console.log(`shell smoke: ${text}`);
  let app: ElectronApplication | undefined;
  try {
    app = await launch();
    const page = await app.firstWindow();
    await waitFor(() => page.url().startsWith('app://ringback/'), 30_000, 'the window at app://ringback/');
    step(`window loaded ${page.url()}`);

    const facts = await page.evaluate(() => (globalThis as unknown as PageWithBridge).ringback.facts());
    if (!facts.platform) throw new Error('the bridge did not answer shell:facts');
    step(`bridge answers (platform ${facts.platform})`);

    const hasTray = await app.evaluate(() => Boolean((globalThis as SmokeGlobals).ringbackSmoke?.tray));
    if (!hasTray) throw new Error('no tray');
    step('tray exists');

    await page.getByText('Connected: calls ring here').waitFor({ timeout: 60_000 });
    const token = await page.evaluate(() =>
      (globalThis as unknown as PageWithBridge).ringback.deviceToken.load(),
    );
    if (!token) throw new Error('the desktop app did not keep a device token');
    step('paired through the daemon, token kept');

    await copyResumeCommand(page, world.home, world.dataDir);
    const copied = await app.evaluate(({ clipboard }) => clipboard.readText());
    if (!copied.includes('sess-smoke-1')) throw new Error(`the clipboard holds ${JSON.stringify(copied)}`);
    step('Copy wrote the clipboard');

    await switchToChinese(page);
    const storeFile = join(home, '.config', 'Ringback (development)', 'shell.json');
    await waitFor(
      async () => existsSync(storeFile) && JSON.parse(await readFile(storeFile, 'utf8')).language === 'zh',
      30_000,
      'the shell to keep the language',
    );
    await app.close();
    app = await launch();
    const again = await app.firstWindow();
    await waitFor(() => again.url().startsWith('app://ringback/'), 30_000, 'the window after the restart');
    const tokenAgain = await again.evaluate(() =>
      (globalThis as unknown as PageWithBridge).ringback.deviceToken.load(),
    );
    if (tokenAgain !== token) throw new Error('the device token did not survive the restart in Chinese');
    step('token survives a restart with the language switched');
    console.log('shell smoke check passed');
  } finally {
    await app?.close().catch(() => {});
    await world.close();
    await llm.close();
  }
}

/** A finished turn reported by the real hook, taken through the call to the history's Copy button. */
async function copyResumeCommand(page: Page, home: string, dataDir: string): Promise<void> {
  const cwd = join(home, 'project');
  await mkdir(cwd, { recursive: true });
  const payload = { session_id: 'sess-smoke-1', cwd, transcript_path: null, last_assistant_message: 'Done.' };
  const run = await runHookProcess('claude-code', JSON.stringify(payload), {
    PATH: process.env.PATH,
    HOME: home,
    RINGBACK_HOME: dataDir,
  });
  if (run.code !== 0) throw new Error(`the hook failed (${run.code}): ${run.stderr}`);
  // The same way through a call as the browser end-to-end test (test/src/app-e2e.test.ts).
  await page.getByRole('button', { name: 'Answer', exact: true }).click({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Hang up' }).click();
  await page.getByRole('button', { name: 'Done' }).click();
  await page
    .getByRole('button', { name: /Copy resume command/ })
    .first()
    .click();
}

/** The interface language as the settings page sets it, then a reload so the page reports it to main. */
async function switchToChinese(page: Page): Promise<void> {
  await page.evaluate(() => {
    const storage = (globalThis as unknown as PageWithBridge).localStorage;
    const settings = JSON.parse(storage.getItem('ringback.settings') ?? '{}');
    storage.setItem('ringback.settings', JSON.stringify({ ...settings, interfaceLanguage: 'zh' }));
  });
  await page.reload();
}
