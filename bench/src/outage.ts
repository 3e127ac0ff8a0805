// What a relay outage costs the daemon: bytes written while reports wait for a relay that answers
// 503, how many POSTs it makes meanwhile, and how long the backlog takes to drain once it is back.
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { outboxStatus, sendReports } from './report-load';
import { type BenchDaemon, startBenchDaemon, tempDir } from './support';
import { startSwitchableRelay } from './switchable-relay';

/** How long the outage is watched once every report waits only for the relay. */
const WINDOW_MS = 10_000;
/** Give up on a phase after this long (a daemon that never settles or drains). */
const PHASE_LIMIT_MS = 120_000;

/**
 * `/proc/<pid>/io`: `write_bytes` is what the process sent towards the disk (page-granular, so a
 * 100-byte append counts 4 KB: an upper bound); `wchar` is every byte passed to write(), sockets
 * included.
 */
async function processIo(pid: number): Promise<{ writeBytes: number; wchar: number }> {
  const fields = new Map(
    (await readFile(`/proc/${pid}/io`, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => line.split(': ') as [string, string]),
  );
  return { writeBytes: Number(fields.get('write_bytes')), wchar: Number(fields.get('wchar')) };
}

async function until(check: () => Promise<boolean> | boolean, limitMs: number): Promise<boolean> {
  const deadline = performance.now() + limitMs;
  while (!(await check())) {
    if (performance.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

function perSecond(bytes: number, ms: number): string {
  const rate = (bytes / ms) * 1000;
  return rate >= 1024 * 1024 ? `${(rate / 1024 / 1024).toFixed(1)} MB/s` : `${(rate / 1024).toFixed(1)} KB/s`;
}

async function allWaitingForRelay(daemon: BenchDaemon, waiting: number): Promise<boolean> {
  const outbox = await outboxStatus(daemon);
  return outbox.pending === waiting && !outbox.byState.stored && !outbox.byState.generating;
}

async function outage(waiting: number): Promise<void> {
  const relay = await startSwitchableRelay();
  const dataDir = await tempDir('ringback-bench-outage-');
  await writeFile(join(dataDir, 'device.token'), 'dev_bench-outage', { mode: 0o600 });
  // No LLM configured: every brief fails at once, so the reports soon wait only for the relay.
  const daemon = await startBenchDaemon(dataDir, 0, { server: { url: relay.url } });
  const pid = daemon.child.pid as number;
  try {
    await sendReports(daemon.url, 64, waiting);
    if (!(await until(() => allWaitingForRelay(daemon, waiting), PHASE_LIMIT_MS))) {
      console.log(`${waiting} waiting: the outbox did not settle within ${PHASE_LIMIT_MS / 1000} s`);
      return;
    }
    const ioBefore = await processIo(pid);
    const refusedBefore = relay.refused;
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const ioAfter = await processIo(pid);
    const elapsed = performance.now() - started;
    const attempts = relay.refused - refusedBefore;

    relay.setUp(true);
    const back = performance.now();
    const firstBack = until(() => relay.delivered.length > 0, PHASE_LIMIT_MS).then(() => performance.now());
    const drained = await until(() => relay.delivered.length >= waiting, PHASE_LIMIT_MS);
    const first = ((await firstBack) - back) / 1000;
    console.log(
      `${String(waiting).padStart(5)} waiting: disk ${perSecond(ioAfter.writeBytes - ioBefore.writeBytes, elapsed).padStart(10)} ` +
        `(write_bytes), all writes ${perSecond(ioAfter.wchar - ioBefore.wchar, elapsed).padStart(10)} (wchar), ` +
        `${attempts} POSTs in ${(elapsed / 1000).toFixed(0)} s`,
    );
    console.log(
      drained
        ? `${''.padStart(15)}relay back → first delivery ${first.toFixed(1)} s, last ${((relay.lastDeliveryAt - back) / 1000).toFixed(1)} s, ` +
            `${relay.duplicates} duplicate POSTs`
        : `${''.padStart(15)}relay back → only ${relay.delivered.length} of ${waiting} delivered within ${PHASE_LIMIT_MS / 1000} s`,
    );
  } finally {
    await daemon.stop();
    await relay.close();
  }
}

export async function benchOutage(): Promise<void> {
  console.log(
    '\n# Relay outage: reports waiting for a relay that answers 503 (real daemon process, no LLM)\n' +
      `# bytes the daemon writes over ${WINDOW_MS / 1000} s, the POSTs it makes, then the drain once the relay is back`,
  );
  for (const waiting of [1000, 10_000]) await outage(waiting);
}
