// The relay's intake: events ingested per second at 1, 16 and 64 concurrent daemon connections,
// for each way the store can commit (the relay runs FULL with group commit; the other rows are
// what it is compared with), each row against a real relay process of its own.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { createDaemonAccount, daemonEvent, ms, postEvent } from './relay-bench-http';
import { percentile, tempDir } from './support';

const INGEST_PER_RUN = 2000;

/** How the relay's store commits; the rows of the ingest table. */
const INGEST_MODES: { label: string; storage: { synchronous: 'FULL' | 'NORMAL'; groupCommit: boolean } }[] = [
  {
    label: 'one commit per event (the relay before)',
    storage: { synchronous: 'NORMAL', groupCommit: false },
  },
  { label: 'one commit per event', storage: { synchronous: 'FULL', groupCommit: false } },
  { label: 'group commit (the relay now)', storage: { synchronous: 'FULL', groupCommit: true } },
];
const INGEST_RELAY = fileURLToPath(new URL('./relay-ingest-server.ts', import.meta.url));

interface IngestRelay {
  url: string;
  /** `synchronous` as the relay's store reports it. */
  synchronous: string;
  /** Counts commits from zero (after the warm-up). */
  countCommits(): Promise<void>;
  /** Stops the relay: the commits and writes counted. */
  stop(): Promise<{ commits: number; writes: number }>;
}

/** `relay-ingest-server.ts` in its own process (with tsx, as this bench runs), on a fresh data dir. */
async function startIngestRelay(storage: object): Promise<IngestRelay> {
  const dataDir = await tempDir('ringback-bench-ingest-');
  const child = spawn(
    process.execPath,
    ['--import', import.meta.resolve('tsx'), INGEST_RELAY, dataDir, JSON.stringify(storage)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const waiters: { pattern: RegExp; resolve: (match: RegExpExecArray) => void }[] = [];
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      const match = waiter.pattern.exec(output);
      if (match) {
        waiters.splice(waiters.indexOf(waiter), 1);
        output = output.slice(match.index + match[0].length);
        waiter.resolve(match);
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const next = (pattern: RegExp) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      waiters.push({ pattern, resolve });
      onData(Buffer.alloc(0));
      void exited.then(() => reject(new Error(`ingest relay exited:\n${output}`)));
    });
  const cleanUp = () => rm(dataDir, { recursive: true, force: true });
  const ready = await next(/relay listening on (http:\/\/127\.0\.0\.1:\d+) synchronous=(.+)\n/).catch(
    async (error: Error) => {
      await cleanUp();
      throw error;
    },
  );
  return {
    url: ready[1] ?? '',
    synchronous: ready[2] ?? '?',
    async countCommits() {
      const counting = next(/counting commits\n/);
      child.kill('SIGUSR2');
      await counting;
    },
    async stop() {
      const counted = next(/commits=(\d+) writes=(\d+)\n/);
      child.kill('SIGTERM');
      const match = await counted;
      await exited;
      await cleanUp();
      return { commits: Number(match[1]), writes: Number(match[2]) };
    },
  };
}

/** Posts `total` new events over `clients` connections; per-event latencies (ms) and wall time. */
async function ingest(
  url: string,
  token: string,
  clients: number,
  total: number,
): Promise<{ latencies: number[]; seconds: number }> {
  const pool = new Pool(url, { connections: clients, pipelining: 1 });
  const latencies: number[] = [];
  let sent = 0;
  try {
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async () => {
        while (sent < total) {
          sent++;
          const { body } = daemonEvent();
          const t0 = performance.now();
          await postEvent(pool, token, body);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return { latencies: latencies.sort((a, b) => a - b), seconds };
  } finally {
    await pool.close();
  }
}

function ingestLine(label: string, result: { latencies: number[]; seconds: number }): string {
  const rate = Math.round(result.latencies.length / result.seconds);
  const p50 = ms(percentile(result.latencies, 50));
  const p99 = ms(percentile(result.latencies, 99));
  return `${label.padEnd(34)} ${String(rate).padStart(6)} events/s   p50 ${p50} ms   p99 ${p99} ms`;
}

/** One row: a fresh relay in `storage` mode, warmed up, then `INGEST_PER_RUN` events timed. */
async function ingestRow(storage: object, clients: number) {
  const relay = await startIngestRelay(storage);
  try {
    const daemon = await createDaemonAccount(relay.url);
    await ingest(relay.url, daemon.deviceToken, clients, 300); // warm-up
    await relay.countCommits();
    const result = await ingest(relay.url, daemon.deviceToken, clients, INGEST_PER_RUN);
    const { commits, writes } = await relay.stop();
    return { synchronous: relay.synchronous, result, perCommit: commits > 0 ? writes / commits : 0 };
  } catch (error) {
    await relay.stop();
    throw error;
  }
}

export async function benchIngest(): Promise<void> {
  console.log(
    '\n# Relay: events ingested, POST /v1/daemon/events on loopback (a real relay process per row)\n' +
      `# (one account, one daemon device, ~2 KB sealed bodies, no stream open, ${INGEST_PER_RUN} events ` +
      'per row;\n#  synchronous NORMAL can lose answered events to a power cut, FULL cannot)',
  );
  // The modes take turns at each client count, so a change in the machine's load between rows
  // weighs on the comparison as little as it can.
  const rows = new Map<string, { synchronous: string; lines: string[] }>();
  for (const clients of [1, 16, 64]) {
    for (const { label, storage } of INGEST_MODES) {
      const { synchronous, result, perCommit } = await ingestRow(storage, clients);
      const row = rows.get(label) ?? { synchronous, lines: [] };
      row.lines.push(
        `${ingestLine(`  ${clients} concurrent client(s)`, result)}   ${perCommit.toFixed(1)} writes/commit`,
      );
      rows.set(label, row);
    }
  }
  for (const [label, { synchronous, lines }] of rows) {
    console.log(`store: synchronous=${synchronous}, ${label}`);
    for (const line of lines) console.log(line);
  }
}
