import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { assertBuilt, type DaemonProcess, RINGBACK_BIN, startDaemonProcess } from './support/daemon-process';
import { startRelayStandIn } from './support/relay-stand-in';
import { daemonKeyOf, openAgentEvent } from './support/sealed-events';
import { makeDataDir, waitFor } from './support/temp-data-dir';

// The outbox journal is folded into a new outbox.json at every start (and when it grows): a
// SIGKILL in the middle of that rewrite must lose nothing either.

/** Few enough that the first daemon's journal never outgrows its checkpoint: all is in the journal. */
const REPORTS = 1200;
/** Reports the relay stores before it goes down. */
const DELIVERED_FIRST = 200;
const ROUNDS = 8;
/** Enough for the journal to outgrow 1 MB, so that a compaction runs beside the commits. */
const MAX_REPORTS_PER_ATTEMPT = 8000;
/**
 * The relay is down through every crash, so the daemons back off further each time, up to the real
 * 5 min. Only the last one, started just before the relay is back, waits at most 10 s
 * (`RINGBACK_DELIVERY_RETRY_MAX_MS`): the step the earlier runs saved is cut to that at its start,
 * and so is the one more step it waits if its first probe still finds the relay down.
 */
const LAST_DAEMON_ENV = { RINGBACK_DELIVERY_RETRY_MAX_MS: '10000' };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function outboxStatus(daemon: DaemonProcess, key: string) {
  const response = await fetch(`${daemon.url}/status`, { headers: { authorization: `Bearer ${key}` } });
  return ((await response.json()) as { outbox: { pending: number; byState: Record<string, number> } }).outbox;
}

async function postReports(url: string, texts: string[], clients = 16): Promise<void> {
  let next = 0;
  const client = async () => {
    while (next < texts.length) {
      const text = texts[next++];
      const response = await fetch(`${url}/report?agent=claude-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          session_id: `s-${next % 30}`,
          cwd: '/home/dev/app',
          last_assistant_message: text,
        }),
      });
      await response.arrayBuffer();
      if (response.status !== 202) throw new Error(`report answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
}

/**
 * Starts the daemon and SIGKILLs it the moment a file whose name starts with `prefix` appears in
 * the data dir (the temp file of the checkpoint or of the new journal). Resolves once it is dead,
 * with the names in the data dir at that point.
 */
async function killWhenWriting(dataDir: string, prefix: string): Promise<string[]> {
  assertBuilt();
  const watcher = watch(dataDir);
  const child = spawn(process.execPath, [RINGBACK_BIN, 'run', '--data-dir', dataDir, '--port', '0'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  watcher.on('change', (_, name) => {
    if (typeof name === 'string' && name.startsWith(prefix)) child.kill('SIGKILL');
  });
  // Never left running: a start that got past the compaction is killed after it.
  const deadline = setTimeout(() => child.kill('SIGKILL'), 20_000);
  await exited;
  clearTimeout(deadline);
  watcher.close();
  return readdir(dataDir);
}

/**
 * Feeds the running daemon reports until its journal is compacted beside the commits, and
 * SIGKILLs it the moment that compaction starts writing outbox.json. Returns the reports it
 * accepted (202) and whether the new journal was still beside the old one at the kill.
 */
async function killDuringBackgroundCompaction(
  daemon: DaemonProcess,
  dataDir: string,
  label: string,
): Promise<{ accepted: string[]; midway: boolean }> {
  const watcher = watch(dataDir);
  let killed = false;
  watcher.on('change', (_, name) => {
    if (!killed && typeof name === 'string' && name.startsWith('.outbox.json.')) {
      killed = true;
      daemon.child.kill('SIGKILL');
    }
  });
  const accepted: string[] = [];
  let next = 0;
  const client = async () => {
    while (!killed && next < MAX_REPORTS_PER_ATTEMPT) {
      const text = `${label} ${next++}`;
      try {
        await postReports(daemon.url, [text], 1);
        accepted.push(text);
      } catch {
        // Refused or reset by the kill: not accepted, nothing promised.
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, client));
  await daemon.kill();
  watcher.close();
  return { accepted, midway: killed && (await readdir(dataDir)).includes('outbox.journal.next') };
}

/** The generation outbox.json says it is, and the generation outbox.journal continues. */
async function generations(dataDir: string): Promise<{ checkpoint: number; journal: number | null }> {
  const checkpoint = JSON.parse(await readFile(join(dataDir, 'outbox.json'), 'utf8')) as { journal: number };
  const journalText = await readFile(join(dataDir, 'outbox.journal'), 'utf8').catch(() => '');
  const header = journalText.split('\n')[0] ?? '';
  const journal = header ? (JSON.parse(header.slice(header.indexOf(' ') + 1)) as { journal: number }) : null;
  return { checkpoint: checkpoint.journal, journal: journal?.journal ?? null };
}

describe('a daemon killed while it compacts its outbox', () => {
  it('loses no report, revives no delivered one, and delivers each once', async () => {
    const relay = await startRelayStandIn();
    cleanups.push(relay.close);
    // The relay takes the first reports, then goes down: the rest wait through all the crashes,
    // in segments shared with reports already delivered, which must stay delivered.
    relay.answerNext(...Array.from({ length: DELIVERED_FIRST }, () => ({ status: 201 })));
    relay.answerRest({ status: 503 });
    const dataDir = await makeDataDir({
      config: { server: { url: relay.url } },
      deviceToken: 'dev_compaction',
    });
    const first = await startDaemonProcess(dataDir);
    cleanups.push(() => first.kill());
    const localApiKey = (await readFile(join(dataDir, 'local-api.key'), 'utf8')).trim();
    const texts = Array.from({ length: REPORTS }, (_, i) => `compaction crash report ${i}`);
    await postReports(first.url, texts);
    await waitFor(
      async () => {
        const outbox = await outboxStatus(first, localApiKey);
        return (
          relay.received.length > DELIVERED_FIRST && !outbox.byState.stored && !outbox.byState.generating
        );
      },
      60_000,
      'the relay to go down with every brief (failed: no LLM) stored',
    );
    await first.kill('SIGKILL');
    const waiting = REPORTS - DELIVERED_FIRST;

    let midCheckpoint = 0;
    let midJournal = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      // Alternately: while the new outbox.json is being written, and after it replaced the old
      // one but before the journal is replaced.
      const prefix = round % 2 === 0 ? '.outbox.json.' : '.outbox.journal.';
      const names = await killWhenWriting(dataDir, prefix);
      // Whatever the moment, outbox.json is whole.
      expect(JSON.parse(await readFile(join(dataDir, 'outbox.json'), 'utf8'))).toMatchObject({
        entries: expect.any(Array),
      });
      if (names.some((name) => name.startsWith('.outbox.json.'))) midCheckpoint += 1;
      // Killed before the journal was replaced: it still continues the previous outbox.json.
      const { checkpoint, journal } = await generations(dataDir);
      if (
        names.some((name) => name.startsWith('.outbox.journal.')) ||
        (journal !== null && journal < checkpoint)
      )
        midJournal += 1;
    }
    // The kills did land inside compactions, not only around them.
    expect(midCheckpoint).toBeGreaterThan(0);
    expect(midJournal).toBeGreaterThan(0);

    const second = await startDaemonProcess(dataDir);
    cleanups.push(() => second.kill());
    expect((await outboxStatus(second, localApiKey)).pending).toBe(waiting);
    // The outbox itself came through: nothing had to be salvaged from payload files.
    expect(second.output()).not.toMatch(/recovered report|unreadable|corrupt|lost its payload/);

    // Killed while a compaction runs beside the commits, with reports still arriving.
    const accepted: string[] = [];
    let daemon = second;
    let midway = false;
    for (let attempt = 0; attempt < 3 && !midway; attempt += 1) {
      if (attempt > 0) daemon = await startDaemonProcess(dataDir);
      const result = await killDuringBackgroundCompaction(daemon, dataDir, `late report ${attempt}`);
      accepted.push(...result.accepted);
      midway = result.midway;
    }
    expect(midway).toBe(true);

    const last = await startDaemonProcess(dataDir, LAST_DAEMON_ENV);
    cleanups.push(() => last.kill('SIGTERM'));
    const back = relay.received.length;
    relay.answerRest({ status: 201 });
    await waitFor(
      async () => (await outboxStatus(last, localApiKey)).pending === 0,
      180_000,
      'every waiting report at the relay',
    );

    // What the relay stored: the first answers and everything since it came back; every
    // accepted report once (one posted but not yet accepted at a kill may come too, once).
    const stored = [...relay.received.slice(0, DELIVERED_FIRST), ...relay.received.slice(back)];
    const key = await daemonKeyOf(dataDir);
    const delivered: string[] = [];
    for (const { body } of stored) delivered.push((await openAgentEvent(key, body)).report.text);
    expect(new Set(delivered).size).toBe(delivered.length);
    const deliveredSet = new Set(delivered);
    expect([...texts, ...accepted].filter((text) => !deliveredSet.has(text))).toEqual([]);
    expect(delivered.filter((text) => !texts.includes(text) && !text.startsWith('late report'))).toEqual([]);
  }, 900_000);
});
