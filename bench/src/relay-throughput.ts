// The relay (`ringback relay`) as a real process, loaded from this process over loopback: events
// ingested per second (relay-ingest.ts), delivery latency from a daemon's POST to arrival on app
// streams, and the relay's memory per open stream.
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, Pool } from 'undici';
import { ArrivalTracker } from './arrival-tracker';
import {
  type Credentials,
  createDaemonAccount,
  daemonEvent,
  ms,
  postEvent,
  postJson,
} from './relay-bench-http';
import { benchIngest } from './relay-ingest';
import { type BenchRelay, startBenchRelay } from './relay-process';
import { type BenchStream, openStream } from './sse-stream';
import { percentile } from './support';

const DELIVERY_EVENTS = 200;
const DELIVERY_WARM_UP = 20;
const DELIVERY_GAP_MS = 5;
const ARRIVAL_TIMEOUT_MS = 15_000;
const MAX_STREAMS = 1000;
/** App devices the streams share (round robin), so the rows differ only in their stream count. */
const SHARED_APP_DEVICES = 10;

/** Pairs `count` app devices into the daemon's account; their tokens. */
async function pairApps(relay: BenchRelay, daemonToken: string, count: number, from = 0): Promise<string[]> {
  const pool = new Pool(relay.url, { connections: 1 });
  try {
    const tokens: string[] = [];
    // One code at a time, each redeemed before the next is made: no code is ever wrong or taken.
    for (let i = from; i < from + count; i++) {
      const { code } = await postJson<{ code: string }>(pool, '/v1/pairing-codes', {}, daemonToken);
      const app = await postJson<Credentials>(pool, '/v1/pairing-codes/redeem', {
        code,
        kind: 'app',
        name: `bench-phone-${i}`,
      });
      tokens.push(app.deviceToken);
    }
    return tokens;
  } finally {
    await pool.close();
  }
}

/** Opens `count` streams, spread over the app tokens, a few at a time. */
async function openStreams(
  agent: Agent,
  url: string,
  tokens: string[],
  count: number,
  tracker: ArrivalTracker,
): Promise<BenchStream[]> {
  const streams: BenchStream[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(count, 50) }, async () => {
      while (next < count) {
        const token = tokens[next++ % tokens.length] ?? '';
        streams.push(await openStream(agent, url, token, (eventId, at) => tracker.arrive(eventId, at)));
      }
    }),
  );
  return streams;
}

interface DeliveryResult {
  streams: number;
  latencies: number[];
  spreads: number[];
  missing: number;
  relayCpuMsPerEvent: number;
  benchCpuMsPerEvent: number;
  wallMsPerEvent: number;
}

/** Posts events one at a time, each once the last arrived everywhere, and times every arrival. */
async function deliver(
  relay: BenchRelay,
  daemonToken: string,
  streams: number,
  tracker: ArrivalTracker,
  events = DELIVERY_EVENTS,
): Promise<DeliveryResult> {
  const pool = new Pool(relay.url, { connections: 1 });
  let missing = 0;
  const send = async () => {
    const { eventId, body } = daemonEvent();
    const t0 = performance.now();
    const arrived = tracker.expect(eventId, t0, streams);
    await postEvent(pool, daemonToken, body);
    missing += await arrived;
    await sleep(DELIVERY_GAP_MS);
  };
  try {
    for (let i = 0; i < DELIVERY_WARM_UP; i++) await send();
    tracker.clear();
    missing = 0;
    const relayCpu0 = await relay.cpuMs();
    const benchCpu0 = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < events; i++) await send();
    const wall = performance.now() - started;
    const benchCpu = process.cpuUsage(benchCpu0);
    const relayCpu = (await relay.cpuMs()) - relayCpu0;
    return {
      streams,
      latencies: [...tracker.latencies].sort((a, b) => a - b),
      spreads: [...tracker.spreads].sort((a, b) => a - b),
      missing,
      relayCpuMsPerEvent: relayCpu / events,
      benchCpuMsPerEvent: (benchCpu.user + benchCpu.system) / 1000 / events,
      wallMsPerEvent: wall / events - DELIVERY_GAP_MS,
    };
  } finally {
    await pool.close();
  }
}

/** The bench, not the relay, sets the pace: it was busy nearly all the time, and more than the relay. */
function benchBound(result: DeliveryResult): boolean {
  return (
    result.benchCpuMsPerEvent >= 0.8 * result.wallMsPerEvent &&
    result.benchCpuMsPerEvent > result.relayCpuMsPerEvent
  );
}

function deliveryLines(label: string, result: DeliveryResult): string[] {
  const p50 = ms(percentile(result.latencies, 50));
  const p99 = ms(percentile(result.latencies, 99));
  const lines = [
    `${label.padEnd(40)} p50 ${p50} ms   p99 ${p99} ms   (${result.latencies.length} arrivals)`,
    `  spread p50 ${percentile(result.spreads, 50).toFixed(2)} ms; per event: ` +
      `relay CPU ${result.relayCpuMsPerEvent.toFixed(2)} ms, ` +
      `bench CPU ${result.benchCpuMsPerEvent.toFixed(2)} ms, ` +
      `wall ${result.wallMsPerEvent.toFixed(2)} ms${benchBound(result) ? '  [bench-bound]' : ''}`,
  ];
  if (result.missing > 0) lines.push(`  ${result.missing} arrivals missing after ${ARRIVAL_TIMEOUT_MS} ms`);
  return lines;
}

async function benchDeliveryAndMemory(): Promise<void> {
  const relay = await startBenchRelay();
  const agent = new Agent({ bodyTimeout: 0, headersTimeout: 30_000 });
  const tracker = new ArrivalTracker(ARRIVAL_TIMEOUT_MS);
  let open: BenchStream[] = [];
  const closeAll = async () => {
    for (const stream of open) stream.close();
    open = [];
    await sleep(500); // the relay sees the sockets close and drops them from its fan-out
  };
  try {
    const daemon = await createDaemonAccount(relay.url);
    const results: { label: string; result: DeliveryResult }[] = [];
    const run = async (label: string, tokens: string[], streams: number) => {
      open = await openStreams(agent, relay.url, tokens, streams, tracker);
      results.push({ label, result: await deliver(relay, daemon.deviceToken, streams, tracker) });
      await closeAll();
    };
    const shared = await pairApps(relay, daemon.deviceToken, SHARED_APP_DEVICES);

    // Warm the stream and event paths, then measure memory before any stream is open.
    open = await openStreams(agent, relay.url, shared, 1, tracker);
    await deliver(relay, daemon.deviceToken, 1, tracker, 0); // warm-up only
    await closeAll();
    await sleep(1500);
    const rssBefore = await relay.rssKb();
    const opening = performance.now();
    open = await openStreams(agent, relay.url, shared, MAX_STREAMS, tracker);
    const openSeconds = (performance.now() - opening) / 1000;
    await sleep(2000);
    const rssOpen = await relay.rssKb();
    results.push({
      label: `${MAX_STREAMS} streams on ${SHARED_APP_DEVICES} app devices`,
      result: await deliver(relay, daemon.deviceToken, MAX_STREAMS, tracker),
    });
    await closeAll();

    await run('1 stream (1 app device)', shared, 1);
    await run(`100 streams on ${SHARED_APP_DEVICES} app devices`, shared, 100);
    const pairing = performance.now();
    const all = [
      ...shared,
      ...(await pairApps(relay, daemon.deviceToken, MAX_STREAMS - shared.length, shared.length)),
    ];
    const pairSeconds = (performance.now() - pairing) / 1000;
    await run(`${MAX_STREAMS} streams, one per app device*`, all, MAX_STREAMS);
    await run(`1 stream, account of ${MAX_STREAMS} app devices*`, all, 1);

    console.log(
      '\n# Relay: delivery latency, daemon POST to the `event` frame on each open app stream\n' +
        `# (${DELIVERY_EVENTS} events one at a time, each ${DELIVERY_GAP_MS} ms after the last one arrived ` +
        'everywhere;\n#  one account; p50/p99 over all (event, stream) arrivals; spread: first to last ' +
        'stream an event reached)',
    );
    // Measured in another order (the memory figure needs the 1000 streams first).
    for (const i of [1, 2, 0, 3, 4]) {
      const row = results[i];
      if (row) for (const line of deliveryLines(row.label, row.result)) console.log(line);
    }
    console.log(
      `  * ${MAX_STREAMS - shared.length} more app devices paired (one at a time) ` +
        `in ${pairSeconds.toFixed(1)} s; ` +
        "the relay keeps the account's device names in a cache, read again only after a change",
    );
    console.log(
      `  The bench reads every stream in one process (fetch + createSseParser) on the same ` +
        `${availableParallelism()}-core machine as the relay.\n` +
        '  Arrivals are timed as fetch hands over each chunk (parsing comes after), but the later streams ' +
        'of a fan-out\n  wait for fetch to hand over the earlier ones: in [bench-bound] rows this process, ' +
        'not the relay, sets the pace\n  and the latencies are an upper bound for the relay.',
    );

    console.log(`\n# Relay: memory with ${MAX_STREAMS} open streams (VmRSS of the relay process)`);
    console.log(`before opening streams             ${(rssBefore / 1024).toFixed(1).padStart(7)} MB`);
    console.log(
      `with ${MAX_STREAMS} open streams`.padEnd(35) +
        `${(rssOpen / 1024).toFixed(1).padStart(7)} MB   ` +
        `(${SHARED_APP_DEVICES} app devices; opened in ${openSeconds.toFixed(1)} s)`,
    );
    console.log(
      `per open stream                    ${((rssOpen - rssBefore) / MAX_STREAMS).toFixed(1).padStart(7)} KB`,
    );
  } finally {
    for (const stream of open) stream.close();
    await agent.destroy();
    await relay.stop();
  }
}

/** `run-all.ts relay ingest` runs the ingest table only. */
export async function benchRelay(): Promise<void> {
  await benchIngest();
  if (process.argv[3] !== 'ingest') await benchDeliveryAndMemory();
}
