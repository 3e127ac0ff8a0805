import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DESKTOP_VIEWPORT,
  launchChromium,
  newMonitoredContext,
  type RunningRingback,
  runRingback,
  startFakeLlm,
  startRingbackUp,
} from '@ringback/test';
import type { Page } from 'playwright-core';
import { Agent } from 'undici';
import { briefOf, timeToRing } from './ring-latency';
import { openStream } from './sse-stream';
import { median, percentile, RINGBACK_BIN } from './support';

const REQUESTS = 30;
const TITLE = 'Claude Code asks to run a command';
/** The daemon's log line once a request passed the gate and is sealed, just before its post. */
const RINGING_LOG = /^(\S+) info +permission request (\S+) \([^)]*\): ringing/gm;

/** Epoch milliseconds with sub-millisecond precision, comparable with the daemon's log times. */
const epochNow = () => performance.timeOrigin + performance.now();

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

/** One request's times, in ms from spawning its hook. */
interface Sample {
  /** The page shows the call ringing. */
  rang: number;
  /** The daemon logged it ringing: the hook started and asked, the gate passed, it is sealed. */
  daemon: number;
  /** A second device's stream received it from the relay. */
  relayed: number;
}

/** A second device of the account listening to the relay's stream, as the page does. */
async function listener(up: RunningRingback) {
  const daemonToken = (await readFile(join(up.dataDir, 'device.token'), 'utf8')).trim();
  const post = async <T>(path: string, body: object, token?: string): Promise<T> => {
    const response = await fetch(`${up.relayUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    return (await response.json()) as T;
  };
  const { code } = await post<{ code: string }>('/v1/pairing-codes', {}, daemonToken);
  const device = await post<{ deviceToken: string }>('/v1/pairing-codes/redeem', {
    code,
    kind: 'app',
    name: 'Bench listener',
  });
  const arrivals: { at: number }[] = [];
  const agent = new Agent();
  const stream = await openStream(agent, up.relayUrl, device.deviceToken, (_eventId, at) => {
    arrivals.push({ at: performance.timeOrigin + at });
  });
  return {
    arrivals,
    close: async () => {
      stream.close();
      await agent.close();
    },
  };
}

/**
 * Hook start → ring: from spawning the hook to the page showing the permission call, with the
 * daemon's and the relay's share; then denied on the page so the hook ends (its decision JSON
 * checked) before the next request.
 */
async function timeToRingPermission(
  page: Page,
  up: RunningRingback,
  heard: { at: number }[],
  project: string,
  n: number,
): Promise<Sample> {
  const heading = page.getByRole('heading', { name: TITLE });
  const logFrom = up.output().length;
  const heardFrom = heard.length;
  const started = epochNow();
  const hook = startHook(up.home, payload(project, n));
  await heading.waitFor({ timeout: 60_000 });
  const rang = epochNow() - started;
  await page.getByRole('button', { name: 'Deny', exact: true }).click();
  const printed = await hook.exited;
  if (!printed.includes('"deny"')) throw new Error(`the hook printed no deny: ${printed}`);
  await page.getByRole('button', { name: 'Done' }).click();
  await heading.waitFor({ state: 'detached' });
  const logged = [...up.output().slice(logFrom).matchAll(RINGING_LOG)][0]?.[1];
  return {
    rang,
    daemon: logged ? Date.parse(logged) - started : Number.NaN,
    relayed: (heard[heardFrom]?.at ?? Number.NaN) - started,
  };
}

function summary(values: number[]): string {
  const samples = [...values].sort((a, b) => a - b);
  return (
    `p50 ${percentile(samples, 50).toFixed(0)} ms, p99 ${percentile(samples, 99).toFixed(0)} ms ` +
    `(min ${samples[0]?.toFixed(0)}, max ${samples.at(-1)?.toFixed(0)}, n=${samples.length})`
  );
}

/** `node -e 0` spawned to its exit: what starting any Node process costs on this machine now. */
async function nodeStartMs(): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', '0'], { stdio: 'ignore' });
    await new Promise((resolve) => child.once('exit', resolve));
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * Permission request → ring, beside report → ring, on one `ringback up` (relay + daemon, `away
 * on` by `ringback away on`) and one Chromium page with the on-device voice. Goal: ≤ 300 ms.
 */
export async function benchPermissionRing(): Promise<void> {
  const llm = await startFakeLlm();
  // Each report's brief is 5 sentences: the call ring-latency.ts times, measured beside this one.
  llm.setDefault(() => ({ json: briefOf(5) }));
  // RINGBACK_APP_DIR times another build of the app (before and after a change to it).
  const appDir = process.env.RINGBACK_APP_DIR;
  const up = await startRingbackUp({
    llmUrl: llm.url,
    ...(appDir ? { env: { RINGBACK_APP_DIR: appDir } } : {}),
  });
  const browser = await launchChromium();
  const listening = await listener(up);
  try {
    const away = await runRingback(['away', 'on'], { PATH: process.env.PATH, HOME: up.home });
    if (away.code !== 0) throw new Error(`ringback away on failed: ${away.stderr}`);
    const project = await mkdtemp(join(tmpdir(), 'ringback-bench-billing-'));
    const context = await newMonitoredContext(browser, DESKTOP_VIEWPORT);
    const page = await context.newPage();
    await page.goto(up.appUrl);
    await page.getByText('Connected: calls ring here').waitFor({ timeout: 30_000 });

    // One of each first: the voice's and the computer identity's one-time load is not a ring's cost.
    await timeToRingPermission(page, up, listening.arrivals, project, 0);
    await timeToRing(page, up.daemonUrl);

    const samples: Sample[] = [];
    for (let n = 1; n <= REQUESTS; n++)
      samples.push(await timeToRingPermission(page, up, listening.arrivals, project, n));
    const report: number[] = [];
    for (let n = 1; n <= 10; n++) report.push(await timeToRing(page, up.daemonUrl));
    const nodeStart = await nodeStartMs();

    console.log(
      '\nPermission request → ring (hook spawned → the page shows the call; on-device voice, away on):',
    );
    console.log(`  permission call: ${summary(samples.map((s) => s.rang))}   goal ≤ 300 ms`);
    console.log(
      `    where it goes (medians): hook start + daemon until sealed ${median(samples.map((s) => s.daemon)).toFixed(0)} ms` +
        ` (node -e 0 alone: ${nodeStart.toFixed(0)} ms), post + relay fan-out ` +
        `${median(samples.map((s) => s.relayed - s.daemon)).toFixed(0)} ms, the page ` +
        `${median(samples.map((s) => s.rang - s.relayed)).toFixed(0)} ms`,
    );
    const slowest = [...samples].sort((a, b) => b.rang - a.rang).slice(0, 3);
    console.log(
      `    the slowest: ${slowest
        .map(
          (s) =>
            `${s.rang.toFixed(0)} ms (hook + daemon ${s.daemon.toFixed(0)}, relay ${(s.relayed - s.daemon).toFixed(0)}, page ${(s.rang - s.relayed).toFixed(0)})`,
        )
        .join('; ')}`,
    );
    console.log(`  report call (daemon 202 → ring, 5 sentences, instant fake model): ${summary(report)}`);
  } finally {
    await listening.close();
    await browser.close();
    await up.stop();
    await llm.close();
  }
}
