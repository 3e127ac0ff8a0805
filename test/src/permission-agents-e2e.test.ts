// The whole path of a permission call with every real part: the real agent in tmux asks the
// (fake) model's command, our bundled `ringback hook <agent> permission` — registered by the real
// `ringback install` — hands it to the real daemon (`ringback away on`), which seals it and posts it
// to the real relay; the call rings in real Chromium paired to the account; the tap goes back the
// same way and the agent runs the command, or reads the words it was denied with.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { appendFile, mkdir, mkdtemp, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readCodexHookTrust } from '@ringback/daemon';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_READY,
  type AgentName,
  codexTrustEntry,
  prepareClaudeCodeHome,
  prepareCodexHome,
} from './support/agent-homes';
import { startInTmux, writeLauncher } from './support/agent-tmux';
import { pairAnotherDevice, saveScreenshots, waitConnected } from './support/app-page';
import { launchChromium, newMonitoredContext, PHONE_VIEWPORT } from './support/browser';
import { type CommandModel, startCommandModel } from './support/command-model';
import { type DaemonProcess, startDaemonProcess } from './support/daemon-process';
import { freePort } from './support/free-port';
import { stopProcessesUnder } from './support/processes-under';
import { REAL_AGENT_VERSIONS, realAgentsBin } from './support/real-agents';
import { type RelayProcess, startRelayProcess } from './support/relay-process';
import { runRingback } from './support/run-hook-process';
import { waitFor } from './support/temp-data-dir';

const run = promisify(execFile);

let AGENTS_BIN = '';
let browser: Browser;
const cleanups: (() => Promise<void> | void)[] = [];
beforeAll(async () => {
  AGENTS_BIN = await realAgentsBin();
  const versions = await Promise.all(
    ['claude', 'codex'].map(async (bin) => (await run(join(AGENTS_BIN, bin), ['--version'])).stdout.trim()),
  );
  console.log(`real agents: ${versions.join(', ')} (pinned ${JSON.stringify(REAL_AGENT_VERSIONS)})`);
  browser = await launchChromium();
}, 300_000);
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
afterAll(async () => {
  await browser?.close();
});

const TITLE: Record<AgentName, string> = {
  'claude-code': 'Claude Code asks to run a command',
  codex: 'Codex asks to run a command',
};
const LABEL: Record<AgentName, string> = { 'claude-code': 'Claude Code', codex: 'Codex' };

interface World {
  project: string;
  model: CommandModel;
  daemon: DaemonProcess;
  page: Page;
  /** Errors thrown in the page. */
  errors: string[];
  agent: ReturnType<typeof startInTmux>;
}

/**
 * A user's computer in a temp HOME: Ringback's data in `~/.ringback` logged in to a real relay,
 * `ringback install` run, the daemon started, `ringback away on`, a phone-sized page paired with
 * `ringback pair`, and the agent started in tmux in a trusted project.
 */
async function world(agent: AgentName): Promise<World> {
  const root = await realpath(await mkdtemp(join(tmpdir(), `ringback-perm-e2e-${agent}-`)));
  // The agent may still be writing its state as tmux takes it down: rm retries a non-empty folder.
  cleanups.push(async () => {
    // Codex leaves its app-server daemon running in this HOME, writing there: stopped first.
    await stopProcessesUnder(root);
    await rm(root, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 });
  });
  const home = join(root, 'home');
  const project = join(root, 'project');
  const dataDir = join(home, '.ringback');
  await Promise.all([project, dataDir].map((dir) => mkdir(dir, { recursive: true, mode: 0o700 })));

  const relay: RelayProcess = await startRelayProcess();
  cleanups.push(() => relay.kill());
  const computer = await relay.createAccount('daemon', 'Laptop');
  await writeFile(
    join(dataDir, 'daemon.json'),
    JSON.stringify({ server: { url: relay.url }, localPort: await freePort(), brief: { language: 'en-US' } }),
    { mode: 0o600 },
  );
  await writeFile(join(dataDir, 'device.token'), computer.deviceToken, { mode: 0o600 });

  const model = await startCommandModel();
  cleanups.push(model.close);
  const env: Record<string, string> = {
    PATH: `${AGENTS_BIN}:${process.env.PATH}`,
    HOME: home,
    TERM: 'xterm-256color',
    ...(agent === 'claude-code'
      ? await prepareClaudeCodeHome(home, project, model.url)
      : await prepareCodexHome(join(home, '.codex'), project, model.url)),
  };

  const install = await runRingback(['install'], env);
  expect(install.code, install.stderr).toBe(0);
  expect(install.stdout).toContain(`${LABEL[agent]}: PermissionRequest hook installed`);
  if (agent === 'codex') {
    // What Codex's /hooks screen writes when the user trusts both hooks, as the install advises.
    const trust = await readCodexHookTrust(home, env);
    expect(trust.permissionHook?.trust).toBe('untrusted');
    const entries = [trust.hook, trust.permissionHook].map((hook) =>
      codexTrustEntry(hook?.key ?? '', hook?.hash ?? ''),
    );
    await appendFile(join(home, '.codex', 'config.toml'), `\n${entries.join('\n')}`);
    expect((await readCodexHookTrust(home, env)).permissionHook?.trust).toBe('trusted');
  }

  const daemon = await startDaemonProcess(dataDir, { HOME: home }, null);
  cleanups.push(() => daemon.kill('SIGTERM'));
  const away = await runRingback(['away', 'on'], env);
  expect(away.code, away.stderr).toBe(0);

  const context = await newMonitoredContext(browser, PHONE_VIEWPORT, { isMobile: true });
  cleanups.push(() => context.close());
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto((await pairAnotherDevice({ home, dataDir })).url);
  await waitConnected(page);

  const tmux = startInTmux(
    `ringback-perm-e2e-${agent}-${process.pid}`,
    await writeLauncher(root, env, project, join(AGENTS_BIN, agent === 'claude-code' ? 'claude' : 'codex')),
  );
  cleanups.push(tmux.kill);
  await tmux.waitForScreen(AGENT_READY, 60_000, 'the agent ready');
  return { project, model, daemon, page, errors, agent: tmux };
}

/** Asks the agent's model for `command` and waits for the call to ring on the page with it. */
async function askAndRing(w: World, agent: AgentName, command: string): Promise<number> {
  const outcomes = w.model.outcomes.length;
  await w.agent.type(`RUN ${command}`);
  await w.page
    .getByRole('heading', { name: TITLE[agent] })
    .waitFor({ timeout: 60_000 })
    .catch((error: Error) => {
      throw new Error(`${error.message}\nthe agent's screen:\n${w.agent.screen()}\n${w.daemon.output()}`);
    });
  await w.page.getByText(command, { exact: true }).waitFor();
  return outcomes;
}

/** The tool result the agent sent its model after the decision. */
async function outcomeAfter(w: World, count: number) {
  await waitFor(
    () => w.model.outcomes.length > count,
    60_000,
    `the tool result; the screen:\n${w.agent.screen()}`,
  );
  return w.model.outcomes[count];
}

/** The agent's finished turn rings as a report (its Stop hook, installed too): declined here. */
async function declineTheTurnReport(page: Page) {
  const answer = page.getByRole('button', { name: 'Answer', exact: true });
  await answer.waitFor({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Decline', exact: true }).click();
  await answer.waitFor({ state: 'detached' });
}

async function checkAgent(agent: AgentName) {
  const w = await world(agent);

  // Allow: the call rings with the command, the tap lets the agent run it.
  const allowed = 'touch allowed.txt';
  let outcomes = await askAndRing(w, agent, allowed);
  await saveScreenshots(w.page, `permission-${agent}-real-ringing`);
  await w.page.getByRole('button', { name: 'Allow', exact: true }).click();
  await w.page.getByText(`${LABEL[agent]} got your answer`).waitFor({ timeout: 30_000 });
  const ran = await outcomeAfter(w, outcomes);
  expect(ran?.isError ?? false).toBe(false);
  await waitFor(() => existsSync(join(w.project, 'allowed.txt')), 30_000, 'the allowed command run');
  await w.page.getByRole('button', { name: 'Done' }).click();
  await declineTheTurnReport(w.page);

  // Deny with words: the command does not run, and the model reads the words.
  const words = 'Not before the release on Monday.';
  outcomes = await askAndRing(w, agent, 'touch denied.txt');
  await w.page.getByRole('button', { name: 'Deny with words' }).click();
  await w.page.getByLabel('Words for the agent').fill(words);
  await w.page.getByRole('button', { name: 'Send deny' }).click();
  await w.page.getByText(`${LABEL[agent]} got your answer`).waitFor({ timeout: 30_000 });
  const denied = await outcomeAfter(w, outcomes);
  expect(denied?.text).toContain(words);
  expect(existsSync(join(w.project, 'denied.txt'))).toBe(false);
  await w.page.getByRole('button', { name: 'Done' }).click();
  expect(w.daemon.output()).toMatch(/permission request \S+ \([^)]*\): allow by /);
  expect(w.daemon.output()).toMatch(/permission request \S+ \([^)]*\): deny by /);
  expect(w.errors).toEqual([]);
}

describe('a permission call from a real agent to a real page', () => {
  it('Claude Code: the request rings on the paired page with the command; Allow runs it, Deny with words reaches the model', async () => {
    await checkAgent('claude-code');
  }, 300_000);

  it('Codex: the request rings on the paired page with the command; Allow runs it, Deny with words reaches the model', async () => {
    await checkAgent('codex');
  }, 300_000);
});
