import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BASE_RETRY_DELAY_MS, RETRY_JITTER } from '@ringback/machines';
import { afterEach, describe, expect, it } from 'vitest';
import { type DaemonProcess, startDaemonProcess } from './support/daemon-process';
import { type ReceivedEvent, startRelayStandIn } from './support/relay-stand-in';
import { daemonKeyOf, openAgentEvent } from './support/sealed-events';
import { makeDataDir, waitFor } from './support/temp-data-dir';
import { waitForProgress } from './support/wait-for-progress';

// A relay that is down for a while, with thousands of reports waiting for it: the daemon must
// wait with one shared probe and write next to nothing, then deliver everything once it is back.

const REPORTS = 5000;
const CLIENTS = 16;
/** How long the outage is watched once every report waits only for the relay. */
const WINDOW_MS = 20_000;
/** The daemon may write at most 1 MB/s while it waits. */
const MAX_BYTES_PER_SECOND = 1024 * 1024;
/** Deliveries in flight at once once the relay is back. */
const CONCURRENCY = 8;
/**
 * The longest backoff step the daemon is started with (`RINGBACK_DELIVERY_RETRY_MAX_MS`) instead
 * of 5 min, which the test would wait out twice. Still the same backoff: 1 s doubling, one shared
 * probe per step, saved across a restart. Long enough that a step after the 4th failure is 8 s,
 * and that a capped step (24 s at least) outlasts a restart on a busy machine (7 s seen).
 */
const LONGEST_STEP_MS = 30_000;
const DAEMON_ENV = { RINGBACK_DELIVERY_RETRY_MAX_MS: String(LONGEST_STEP_MS) };

/**
 * The most probes the backoff allows in `elapsedMs`: each step waits at least its doubling base,
 * or the longest step less its jitter once the base reaches it.
 */
function mostProbesWithin(elapsedMs: number): number {
  let probes = 0;
  for (let waited = 0; ; probes += 1) {
    const base = Math.min(LONGEST_STEP_MS, BASE_RETRY_DELAY_MS * 2 ** probes);
    waited += Math.min(base, LONGEST_STEP_MS * (1 - RETRY_JITTER));
    if (waited > elapsedMs) return probes;
  }
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/**
 * `write_bytes` of `/proc/<pid>/io`: what the process sent towards the disk. Not `wchar`, which
 * also counts every byte written to a socket (the POSTs to the relay) and to the log. Counted per
 * page dirtied, so a 100-byte append counts 4 KB: an upper bound of what was written.
 */
async function diskWriteBytes(pid: number): Promise<number> {
  const line = (await readFile(`/proc/${pid}/io`, 'utf8'))
    .split('\n')
    .find((l) => l.startsWith('write_bytes:'));
  return Number(line?.split(':')[1]);
}

async function outboxStatus(daemon: DaemonProcess, key: string) {
  const response = await fetch(`${daemon.url}/status`, { headers: { authorization: `Bearer ${key}` } });
  return ((await response.json()) as { outbox: { pending: number; byState: Record<string, number> } }).outbox;
}

/** Posts every text as Claude Code's hook does, from a few concurrent clients; returns the statuses. */
async function postReports(url: string, texts: string[]): Promise<number[]> {
  const statuses: number[] = [];
  let next = 0;
  const client = async () => {
    while (next < texts.length) {
      const n = next++;
      const response = await fetch(`${url}/report?agent=claude-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          session_id: `outage-${n % 40}`,
          cwd: '/home/dev/app',
          transcript_path: '/home/dev/.claude/projects/app/outage.jsonl',
          stop_hook_active: false,
          last_assistant_message: texts[n],
        }),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return statuses;
}

/** The daemon's own arrival order: acceptance time, then event id (a UUIDv7). */
function arrivalOrder(events: ReceivedEvent['body'][]): string[] {
  return [...events]
    .sort((a, b) =>
      a.occurredAt === b.occurredAt ? (a.eventId < b.eventId ? -1 : 1) : a.occurredAt < b.occurredAt ? -1 : 1,
    )
    .map((event) => event.eventId);
}

describe('a relay outage with 5,000 reports waiting', () => {
  it('costs one shared probe and little disk, survives a restart, then drains in arrival order, each report once', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    relay.answerRest({ status: 503 });
    // No LLM configured: every brief fails at once, and failed briefs are delivered too.
    const dataDir = await makeDataDir({ config: { server: { url: relay.url } }, deviceToken: 'dev_outage' });
    let daemon = await startDaemonProcess(dataDir, DAEMON_ENV);
    const outageStart = Date.now();
    cleanups.push(() => daemon.kill());
    const localApiKey = (await readFile(join(dataDir, 'local-api.key'), 'utf8')).trim();

    const texts = Array.from({ length: REPORTS }, (_, i) => `outage report ${i}`);
    const statuses = await postReports(daemon.url, texts);
    expect(statuses.filter((status) => status === 202)).toHaveLength(REPORTS);
    await waitForProgress(
      async () => {
        const outbox = await outboxStatus(daemon, localApiKey);
        return outbox.pending === REPORTS
          ? REPORTS - (outbox.byState.stored ?? 0) - (outbox.byState.generating ?? 0)
          : 0;
      },
      REPORTS,
      { stallMs: 30_000, what: 'every report to wait only for the relay' },
    );

    // The outage, watched from outside.
    const pid = daemon.child.pid as number;
    const bytesBefore = await diskWriteBytes(pid);
    const seenBefore = relay.received.length;
    await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
    const written = (await diskWriteBytes(pid)) - bytesBefore;
    const probes = relay.received.slice(seenBefore);
    expect(written).toBeLessThanOrEqual((MAX_BYTES_PER_SECOND * WINDOW_MS) / 1000);
    // One probe per backoff step (1 s doubling): any 20 s hold at most 5, all by the oldest report.
    expect(probes.length).toBeLessThanOrEqual(5);
    expect(new Set(probes.map((probe) => probe.body.eventId)).size).toBeLessThanOrEqual(1);
    // Over the whole outage, not one attempt per report: the first few let go, then no more
    // probes than the backoff steps that fit in it (one more in flight).
    expect(relay.received.length).toBeLessThanOrEqual(
      CONCURRENCY + mostProbesWithin(Date.now() - outageStart) + 1,
    );

    // A restart does not start the backoff over: after the next probe has failed, the restarted
    // daemon waits for the time it saved before it tries again.
    const probed = relay.received.length;
    // How far off it is depends on how many probes failed while the reports were taken in, which a
    // busy machine makes longer: at most the longest backoff step, and a margin for the machine.
    await waitFor(() => relay.received.length > probed, LONGEST_STEP_MS + 60_000, 'the next probe');
    // Its 503 is answered at once; give the daemon a moment to record it, then stop it.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await daemon.kill('SIGTERM');
    const stoppedAt = relay.received.length;
    const lastProbe = relay.received.at(-1) as ReceivedEvent;
    daemon = await startDaemonProcess(dataDir, DAEMON_ENV);
    const probedSinceStart = relay.received.length > stoppedAt;
    const { delivery } = JSON.parse(await readFile(join(dataDir, 'outbox.json'), 'utf8'));
    const stillWaiting = !probedSinceStart && delivery.nextProbeAt > Date.now();
    expect(delivery.failures).toBeGreaterThanOrEqual(4);
    // At least 8 s after that probe (the 4th failure in a row).
    expect(delivery.nextProbeAt - lastProbe.at).toBeGreaterThanOrEqual(8000);

    const back = relay.received.length;
    relay.answerRest({ status: 201 });
    // 5,000 deliveries take as long as the machine makes them: wait while they keep coming. The
    // first waits for the restarted daemon's saved probe time, at most the longest backoff step.
    await waitForProgress(() => relay.received.length - back, REPORTS, {
      stallMs: LONGEST_STEP_MS + 60_000,
      what: 'the backlog to drain',
    });
    // The restarted daemon's first probe came no earlier than the time it saved: had it started the
    // backoff over, it would have probed at once. (A restart that outlasted the wait, on a busy
    // machine, may probe at once either way: then this says nothing, and cannot.)
    if (stillWaiting)
      expect((relay.received[stoppedAt] as ReceivedEvent).at).toBeGreaterThanOrEqual(
        delivery.nextProbeAt - 50,
      );
    await waitFor(
      async () => (await outboxStatus(daemon, localApiKey)).pending === 0,
      60_000,
      'an empty outbox',
    );

    // Every report exactly once after the relay came back, under the event id it always had.
    const drained = relay.received.slice(back).map((received) => received.body);
    expect(drained).toHaveLength(REPORTS);
    expect(new Set(drained.map((event) => event.eventId)).size).toBe(REPORTS);
    const key = await daemonKeyOf(dataDir);
    const idsByText = new Map<string, Set<string>>();
    for (const { body } of relay.received) {
      const { report } = await openAgentEvent(key, body);
      idsByText.set(report.text, (idsByText.get(report.text) ?? new Set()).add(body.eventId));
    }
    expect([...idsByText.keys()].sort()).toEqual([...texts].sort());
    expect([...idsByText.values()].every((ids) => ids.size === 1)).toBe(true);

    // In arrival order, 8 at a time: a report is sent only once all but 7 older ones were
    // answered, so none reaches the relay ahead of more than 7 older ones.
    const rank = new Map(arrivalOrder(drained).map((eventId, index) => [eventId, index]));
    const overtaken = drained.map((event, position) => (rank.get(event.eventId) as number) - position);
    expect(Math.max(...overtaken)).toBeLessThanOrEqual(CONCURRENCY - 1);
    expect(drained[0]?.eventId).toBe(arrivalOrder(drained)[0]);
  }, 900_000);
});
