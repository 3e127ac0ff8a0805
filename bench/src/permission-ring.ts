import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DESKTOP_VIEWPORT,
  launchChromium,
  newMonitoredContext,
  runRingback,
  startFakeLlm,
  startRingbackUp,
} from '@ringback/test';
import type { Page } from 'playwright-core';
import { briefOf, timeToRing } from './ring-latency';
import { percentile, RINGBACK_BIN } from './support';

const REQUESTS = 30;
const TITLE = 'Claude Code asks to run a command';

/** Claude Code's PermissionRequest payload for a Bash command, as the agent writes it to the hook. */
function payload(project: string, n: number): string {
  return JSON.stringify({
    session_id: `bench-permission-${n}`,
    transcript_path: null,
    cwd: project,
    permission_mode: 'default',
    hook_event_name: 'PermissionRequest',
    tool_name: 'Bash',
    tool_input: { command: `npm publish --tag bench-${n}`, description: 'Publish the package' },
  });
}

/** The hook as the agent runs it: `node ringback.mjs hook claude-code permission`, payload on stdin. */
function startHook(home: string, stdin: string): { child: ChildProcess; exited: Promise<string> } {
  const child = spawn(process.execPath, [RINGBACK_BIN, 'hook', 'claude-code', 'permission'], {
    env: { PATH: process.env.PATH, HOME: home },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  let stdout = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stdin?.end(stdin);
  return { child, exited: new Promise((resolve) => child.once('exit', () => resolve(stdout))) };
}

/**
 * Hook start → ring: ms from spawning the hook to the page showing the permission call, then
 * denied on the page so the hook ends (its decision JSON checked) before the next request.
 */
async function timeToRingPermission(page: Page, home: string, project: string, n: number): Promise<number> {
  const heading = page.getByRole('heading', { name: TITLE });
  const started = performance.now();
  const hook = startHook(home, payload(project, n));
  await heading.waitFor({ timeout: 60_000 });
  const rang = performance.now() - started;
  await page.getByRole('button', { name: 'Deny', exact: true }).click();
  const printed = await hook.exited;
  if (!printed.includes('"deny"')) throw new Error(`the hook printed no deny: ${printed}`);
  await page.getByRole('button', { name: 'Done' }).click();
  await heading.waitFor({ state: 'detached' });
  return rang;
}

function summary(values: number[]): string {
  const samples = [...values].sort((a, b) => a - b);
  return (
    `p50 ${percentile(samples, 50).toFixed(0)} ms, p99 ${percentile(samples, 99).toFixed(0)} ms ` +
    `(min ${samples[0]?.toFixed(0)}, max ${samples.at(-1)?.toFixed(0)}, n=${samples.length})`
  );
}

/**
 * Permission request → ring, beside report → ring, on one `ringback up` (relay + daemon, `away
 * on` by `ringback away on`) and one Chromium page with the on-device voice. Goal: ≤ 300 ms.
 */
export async function benchPermissionRing(): Promise<void> {
  const llm = await startFakeLlm();
  // Each report's brief is 5 sentences: the call ring-latency.ts times, measured beside this one.
  llm.setDefault(() => ({ json: briefOf(5) }));
  const up = await startRingbackUp({ llmUrl: llm.url });
  const browser = await launchChromium();
  try {
    const away = await runRingback(['away', 'on'], { PATH: process.env.PATH, HOME: up.home });
    if (away.code !== 0) throw new Error(`ringback away on failed: ${away.stderr}`);
    const project = await mkdtemp(join(tmpdir(), 'ringback-bench-billing-'));
    const context = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
    const page = await context.newPage();
    await page.goto(up.appUrl);
    await page.getByText('Connected: calls ring here').waitFor({ timeout: 30_000 });

    // One of each first: the voice's and the computer identity's one-time load is not a ring's cost.
    await timeToRingPermission(page, up.home, project, 0);
    await timeToRing(page, up.daemonUrl);

    const permission: number[] = [];
    for (let n = 1; n <= REQUESTS; n++)
      permission.push(await timeToRingPermission(page, up.home, project, n));
    const report: number[] = [];
    for (let n = 1; n <= 10; n++) report.push(await timeToRing(page, up.daemonUrl));

    console.log(
      '\nPermission request → ring (hook spawned → the page shows the call; on-device voice, away on):',
    );
    console.log(`  permission call: ${summary(permission)}   goal ≤ 300 ms`);
    console.log(`  report call (daemon 202 → ring, 5 sentences, instant fake model): ${summary(report)}`);
  } finally {
    await browser.close();
    await up.stop();
    await llm.close();
  }
}
