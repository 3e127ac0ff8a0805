import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP_VIEWPORT, launchChromium, newMonitoredContext } from './browser';
import type { DaemonProcess } from './daemon-process';
import { type DesktopAppServer, startDesktopAppServer } from './desktop-app-server';
import { type FakeShell, installFakeShell } from './desktop-fake-shell';
import { startRelayAndComputer } from './relay-and-computer';
import type { RelayProcess } from './relay-process';
import { runHookProcess } from './run-hook-process';

/**
 * A computer with the desktop app: a relay, a daemon logged in to it (briefs written by the model
 * at `briefModelUrl`), the client build served by the shell's app-file handler on its own origin,
 * and one Chromium page with the fake shell as `window.ringback` (its daemon calls reach the
 * real daemon through the shell's daemon link).
 */
export interface DesktopWorld {
  relay: RelayProcess;
  daemon: DaemonProcess;
  dataDir: string;
  app: DesktopAppServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  shell: FakeShell;
  /** Uncaught errors of the page, in order. */
  errors: string[];
  /** A finished Claude Code turn in a project folder named `project`, reported by the real hook. */
  reportStop(message: string, project?: string): Promise<void>;
  close(): Promise<void>;
}

export async function startDesktopWorld(options: { briefModelUrl: string }): Promise<DesktopWorld> {
  const { relay, daemon, dataDir } = await startRelayAndComputer({ modelUrl: options.briefModelUrl });
  const app = await startDesktopAppServer();
  const browser = await launchChromium();
  const context = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
  const shell = await installFakeShell(context, { dataDir, appOrigin: app.url });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  const reportStop = async (message: string, project = 'billing-api') => {
    const cwd = join(await mkdtemp(join(tmpdir(), 'ringback-desktop-')), project);
    await mkdir(cwd);
    const payload = {
      session_id: 'sess-desktop-1',
      cwd,
      transcript_path: null,
      last_assistant_message: message,
    };
    const run = await runHookProcess('claude-code', JSON.stringify(payload), {
      PATH: process.env.PATH,
      HOME: tmpdir(),
      RINGBACK_HOME: dataDir,
    });
    if (run.code !== 0) throw new Error(`the hook failed (${run.code}): ${run.stderr}`);
  };

  return {
    relay,
    daemon,
    dataDir,
    app,
    browser,
    context,
    page,
    shell,
    errors,
    reportStop,
    async close() {
      await context.close();
      await browser.close();
      await app.close();
      await daemon.kill('SIGTERM');
      await relay.kill();
    },
  };
}
