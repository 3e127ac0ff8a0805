import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DesktopFacts, DeviceTokenLoad } from '@ringback/protocol';
import { _electron, type ElectronApplication, type Page } from 'playwright-core';
import { plainBrief, startFakeLlm } from '../fakes/fake-llm-server';
import { startRelayAndComputer } from '../support/relay-and-computer';
import { runHookProcess } from '../support/run-hook-process';
import { waitFor } from '../support/temp-data-dir';
import { missingTools, secretServiceOnBus, startThrowawayKeyring } from './linux-session';
import { keyringBackendProblem, savedTokenOf } from './smoke-checks';
import { shellSmokeEnv } from './smoke-env';

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
    facts(): Promise<DesktopFacts>;
    deviceToken: { load(): Promise<DeviceTokenLoad> };
  };
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}
/** What main.ts hands the check with RINGBACK_SMOKE=1: the Electron Tray objects it created. */
type SmokeGlobals = { ringbackSmoke?: { trays: unknown[] } };

/**
 * One run: a relay and a daemon (temp home, a fake model for the brief), the built shell launched
 * twice on the same user-data folder. Checks that the window loaded app://ringback/, the bridge
 * answers, Electron holds a live Tray, a Copy writes the clipboard, and the device token is the
 * same after a restart with the interface language switched to Chinese. On Linux the token is kept
 * by a throwaway gnome-keyring in the check's own D-Bus session (shell-smoke.ts starts that
 * session), and safeStorage must be using it. Throws on the first failure.
 */
export async function runShellSmoke(electronPath: string): Promise<void> {
  const missing = BUILT.filter((file) => !existsSync(file));
  if (missing.length > 0) throw new Error(`build first (npm run build): missing ${missing.join(', ')}`);

  const llm = await startFakeLlm();
  llm.setDefault({ json: plainBrief('The smoke check passed, {form-of-address}.') });
  const world = await startRelayAndComputer({ modelUrl: llm.url });
  const home = await mkdtemp(join(tmpdir(), 'ringback-smoke-home-'));
  const keyringDir = await mkdtemp(join(tmpdir(), 'ringback-smoke-keyring-'));
  const linux = process.platform === 'linux';
  const env = shellSmokeEnv(process.env, {
    HOME: home,
    XDG_CONFIG_HOME: join(home, '.config'),
    RINGBACK_HOME: world.dataDir,
    // The test hook in main.ts: hands the shell's trays to `app.evaluate` below. Off by default.
    RINGBACK_SMOKE: '1',
  });
  const launch = () =>
    _electron.launch({
      executablePath: electronPath,
      // Xvfb names no desktop, and Chromium then picks its built-in key (basic_text), which the
      // vault rightly treats as no keyring: ask for libsecret, served by the throwaway keyring.
      args: linux ? [MAIN, '--password-store=gnome-libsecret'] : [MAIN],
      env,
    });

  const step = (text: string) => console.log(`shell smoke: ${text}`);
  let app: ElectronApplication | undefined;
  try {
    if (linux) {
      startThrowawayKeyring(keyringDir, process.env);
      if (missingTools(['dbus-send'], process.env.PATH).length === 0)
        await waitFor(
          () => secretServiceOnBus(process.env),
          10_000,
          "gnome-keyring's Secret Service on the check's session bus",
        );
      step('throwaway gnome-keyring started on a private session bus');
    }
    app = await launch();
    const page = await app.firstWindow();
    await waitFor(() => page.url().startsWith('app://ringback/'), 30_000, 'the window at app://ringback/');
    step(`window loaded ${page.url()}`);

    const facts = await page.evaluate(() => (globalThis as unknown as PageWithBridge).ringback.facts());
    if (!facts.platform) throw new Error('the bridge did not answer shell:facts');
    step(`bridge answers (platform ${facts.platform})`);

    if (linux) {
      const backend = await app.evaluate(({ safeStorage }) => safeStorage.getSelectedStorageBackend());
      const problem = keyringBackendProblem(backend);
      if (problem) throw new Error(problem);
      step(`safeStorage uses the keyring (${backend})`);
    }
    if (!facts.secretStorageAvailable)
      throw new Error('the app reports no secret storage: the token would live in memory only');

    const trays = await app.evaluate(({ Tray }) => {
      const created = (globalThis as SmokeGlobals).ringbackSmoke?.trays ?? [];
      return {
        created: created.length,
        live: created.filter((tray) => tray instanceof Tray && !tray.isDestroyed()).length,
      };
    });
    if (trays.live !== 1)
      throw new Error(`expected one live Electron Tray, found ${trays.live} of ${trays.created} created`);
    // Electron cannot say whether a panel shows the icon (Xvfb has none): the app's own guess.
    step(
      `Electron holds a live Tray (the app guesses the desktop ${facts.trayAvailable ? 'shows' : 'does not show'} it)`,
    );

    await page.getByText('Connected: calls ring here').waitFor({ timeout: 60_000 });
    const token = savedTokenOf(
      await page.evaluate(() => (globalThis as unknown as PageWithBridge).ringback.deviceToken.load()),
      'after pairing',
    );
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
    const tokenAgain = savedTokenOf(
      await again.evaluate(() => (globalThis as unknown as PageWithBridge).ringback.deviceToken.load()),
      'after the restart in Chinese',
    );
    if (tokenAgain !== token)
      throw new Error('the device token after the restart in Chinese is another one: the app paired again');
    step('token survives a restart with the language switched');
    console.log('shell smoke check passed');
  } finally {
    await app?.close().catch(() => {});
    await world.close();
    await llm.close();
    await rm(keyringDir, { recursive: true, force: true });
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
