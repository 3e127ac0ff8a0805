// Web Push while one push service stalls: the time from a daemon's POST of an event to its push
// reaching a healthy push service (p50, p99), for calls to 200 accounts of one device each,
// first with nothing else going on, then while other accounts' calls keep pushing to a second
// push service (another origin) that never answers. The relay's queue is fair per push service:
// the stalled one holds its own sending slots, so the healthy pushes should not notice it.
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { daemonEvent, ms, postEvent } from '../relay-bench-http';
import { percentile } from '../support';
import { type PushAccount, pushAccounts } from './push-devices';
import { startPushRelay } from './push-relay-process';
import { PushSink } from './push-sink';
import { type StalledPushService, startStalledPushService } from './stalled-push-service';

const HEALTHY_ACCOUNTS = 200;
/** Calls per second to the healthy accounts: one each, 200 in 4 s. */
const HEALTHY_RATE_PER_S = 50;
const STALLED_ACCOUNTS = 10;
const STALLED_DEVICES_EACH = 20;
/** Each stalled account calls every this often: 400 pushes a second into the stalled service. */
const STALLED_CALL_EVERY_MS = 500;
const ARRIVAL_TIMEOUT_MS = 30_000;

/** Calls each healthy account once, paced; each push's time from its POST to its arrival. */
async function healthyCalls(url: string, sink: PushSink, accounts: PushAccount[]): Promise<number[]> {
  const postedAt = new Map<number, number>();
  const latencies: number[] = [];
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`only ${latencies.length} of ${accounts.length} healthy pushes arrived`));
    }, ARRIVAL_TIMEOUT_MS);
    const stop = sink.onArrival(({ subscription, at }) => {
      const posted = postedAt.get(subscription);
      if (posted === undefined) return;
      latencies.push(at - posted);
      if (latencies.length === accounts.length) {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
  });
  const pool = new Pool(url, { connections: 8 });
  const started = performance.now();
  try {
    await Promise.all(
      accounts.map(async (account, n) => {
        await sleep(Math.max(0, started + (n * 1000) / HEALTHY_RATE_PER_S - performance.now()));
        postedAt.set(account.subscriptions[0] as number, performance.now());
        await postEvent(pool, account.daemonToken, daemonEvent().body);
      }),
    );
    await done;
  } finally {
    await pool.close();
  }
  return latencies.sort((a, b) => a - b);
}

/** Keeps the stalled accounts calling until `stop` resolves. */
async function stalledLoad(url: string, accounts: PushAccount[], stop: Promise<void>): Promise<number> {
  const pool = new Pool(url, { connections: 4 });
  let stopped = false;
  void stop.then(() => {
    stopped = true;
  });
  let calls = 0;
  try {
    await Promise.all(
      accounts.map(async (account, n) => {
        await sleep((n * STALLED_CALL_EVERY_MS) / accounts.length);
        while (!stopped) {
          await postEvent(pool, account.daemonToken, daemonEvent().body);
          calls += 1;
          await sleep(STALLED_CALL_EVERY_MS);
        }
      }),
    );
  } finally {
    await pool.close();
  }
  return calls;
}

function row(label: string, sorted: number[]): string {
  return `  ${label.padEnd(58)} p50 ${ms(percentile(sorted, 50))} ms   p99 ${ms(percentile(sorted, 99))} ms`;
}

export async function benchPushStall(): Promise<void> {
  console.log(
    '\nWeb Push with a stalled push service: event stored -> push at a healthy push service (one relay, SQLite)',
  );
  const sink = await PushSink.start();
  let stalled: StalledPushService | undefined;
  try {
    stalled = await startStalledPushService();
    const relay = await startPushRelay('on', [sink.url, stalled.url]);
    try {
      const healthy = await pushAccounts(relay.url, sink, HEALTHY_ACCOUNTS * 2, 1);
      const stuck = await pushAccounts(relay.url, stalled, STALLED_ACCOUNTS, STALLED_DEVICES_EACH);
      const calm = await healthyCalls(relay.url, sink, healthy.slice(0, HEALTHY_ACCOUNTS));
      console.log(row(`${HEALTHY_ACCOUNTS} calls, ${HEALTHY_RATE_PER_S}/s, no stall`, calm));

      let endLoad: () => void = () => {};
      const loadEnded = new Promise<void>((resolve) => {
        endLoad = resolve;
      });
      const load = stalledLoad(relay.url, stuck, loadEnded);
      // Let the stalled service take every sending slot it can before the healthy calls start.
      await sleep(2000);
      const during = await healthyCalls(relay.url, sink, healthy.slice(HEALTHY_ACCOUNTS));
      endLoad();
      const stalledCalls = await load;
      const pushesPerS = (1000 / STALLED_CALL_EVERY_MS) * STALLED_ACCOUNTS * STALLED_DEVICES_EACH;
      console.log(
        row(
          `${HEALTHY_ACCOUNTS} calls, ${HEALTHY_RATE_PER_S}/s, another origin stalled (${pushesPerS} pushes/s)`,
          during,
        ),
      );
      console.log(
        `  the stalled push service got ${stalled.received()} pushes (${stalledCalls} calls) and answered none`,
      );
    } finally {
      await relay.stop();
    }
  } finally {
    await stalled?.close();
    await sink.close();
  }
  console.log('  goal: healthy p99 unchanged by the stall, <= 100 ms');
}
