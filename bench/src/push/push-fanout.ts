// Web Push from the relay: the time from a daemon's POST of an event to each push request reaching
// the push service (p50, p99), with 1,000 subscribed devices on one account and with 1,000
// accounts of one device each; pushes sent per second by the one instance; and events stored per
// second with push on and off in the same run (push must never slow storing down).
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { daemonEvent, ms, postEvent } from '../relay-bench-http';
import { percentile } from '../support';
import { type PushAccount, pushAccount, pushAccounts } from './push-devices';
import { startPushRelay } from './push-relay-process';
import { PushSink } from './push-sink';

const FANOUT_DEVICES = 1000;
const FANOUT_EVENTS = 20;
const FANOUT_WARM_UP = 2;
/** Between two calls to the 1,000 devices: calls come minutes apart; a second lets the relay idle. */
const FANOUT_GAP_MS = 1000;
const SINGLE_ACCOUNTS = 1000;
const SINGLE_POSTS_AT_ONCE = 8;
/** Calls per second across the 1,000 accounts: a busy relay, below what saturates this machine. */
const SINGLE_RATE_PER_S = 200;
const STORE_ACCOUNTS = 20;
const STORE_DEVICES_EACH = 5;
const STORE_EVENTS = 2000;
const STORE_POSTS_AT_ONCE = 16;
/** A busy relay's rate: 200 calls a second, a thousand pushes a second with 5 devices each. */
const STORE_PACED_PER_S = 200;
const ARRIVAL_TIMEOUT_MS = 30_000;

function row(label: string, latencies: number[], pushesPerSecond: number): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `  ${label.padEnd(46)} p50 ${ms(percentile(sorted, 50))} ms   p99 ${ms(percentile(sorted, 99))} ms   ${pushesPerSecond.toFixed(0).padStart(6)} pushes/s`;
}

/** Resolves once `count` pushes arrived at the sink after this call; their arrival times. */
function arrivals(sink: PushSink, count: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`only ${times.length} of ${count} pushes arrived`));
    }, ARRIVAL_TIMEOUT_MS);
    const stop = sink.onArrival(({ at }) => {
      times.push(at);
      if (times.length === count) {
        clearTimeout(timer);
        stop();
        resolve(times);
      }
    });
  });
}

/** One account, 1,000 devices: each event fans out to all of them. */
async function fanOut(url: string, sink: PushSink): Promise<string> {
  const account = await pushAccount(url, sink, FANOUT_DEVICES);
  const pool = new Pool(url, { connections: 1 });
  const latencies: number[] = [];
  const rates: number[] = [];
  try {
    for (let i = 0; i < FANOUT_WARM_UP + FANOUT_EVENTS; i++) {
      await sleep(FANOUT_GAP_MS);
      const event = daemonEvent();
      const arrived = arrivals(sink, FANOUT_DEVICES);
      const postedAt = performance.now();
      await postEvent(pool, account.daemonToken, event.body);
      const times = await arrived;
      if (i < FANOUT_WARM_UP) continue;
      for (const at of times) latencies.push(at - postedAt);
      rates.push((FANOUT_DEVICES / (Math.max(...times) - postedAt)) * 1000);
    }
  } finally {
    await pool.close();
  }
  rates.sort((a, b) => a - b);
  return row(`1 account, ${FANOUT_DEVICES} devices, calls 1 s apart`, latencies, percentile(rates, 50));
}

/** 1,000 accounts of one device each: one call per account, 200 calls a second. */
async function oneDeviceEach(url: string, sink: PushSink): Promise<string> {
  const accounts = await pushAccounts(url, sink, SINGLE_ACCOUNTS, 1);
  const postedAt = new Map<number, number>();
  const latencies: number[] = [];
  const done = arrivals(sink, SINGLE_ACCOUNTS);
  const stop = sink.onArrival(({ subscription, at }) => {
    const posted = postedAt.get(subscription);
    if (posted !== undefined) latencies.push(at - posted);
  });
  const pool = new Pool(url, { connections: SINGLE_POSTS_AT_ONCE });
  const started = performance.now();
  try {
    // Open loop: call n goes out at its time whatever the relay's answers to the ones before.
    await Promise.all(
      accounts.map(async (account, n) => {
        await sleep(Math.max(0, started + (n * 1000) / SINGLE_RATE_PER_S - performance.now()));
        postedAt.set(account.subscriptions[0] as number, performance.now());
        await postEvent(pool, account.daemonToken, daemonEvent().body);
      }),
    );
    await done;
    return row(
      `${SINGLE_ACCOUNTS} accounts, 1 device each, ${SINGLE_RATE_PER_S} calls/s`,
      latencies,
      SINGLE_RATE_PER_S,
    );
  } finally {
    stop();
    await pool.close();
  }
}

/** Posts `STORE_EVENTS` events, `STORE_POSTS_AT_ONCE` at a time or paced at `perSecond`; each POST's time. */
async function postEvents(
  url: string,
  accounts: PushAccount[],
  perSecond: number | null,
): Promise<{ latencies: number[]; wallMs: number }> {
  const pool = new Pool(url, { connections: STORE_POSTS_AT_ONCE });
  const latencies: number[] = [];
  const post = async (n: number) => {
    const account = accounts[n % accounts.length] as PushAccount;
    const postedAt = performance.now();
    await postEvent(pool, account.daemonToken, daemonEvent().body);
    latencies.push(performance.now() - postedAt);
  };
  const started = performance.now();
  try {
    if (perSecond === null) {
      let next = 0;
      await Promise.all(
        Array.from({ length: STORE_POSTS_AT_ONCE }, async () => {
          while (next < STORE_EVENTS) await post(next++);
        }),
      );
    } else {
      await Promise.all(
        Array.from({ length: STORE_EVENTS }, async (_, n) => {
          await sleep(Math.max(0, started + (n * 1000) / perSecond - performance.now()));
          await post(n);
        }),
      );
    }
  } finally {
    await pool.close();
  }
  return { latencies: latencies.sort((a, b) => a - b), wallMs: performance.now() - started };
}

/**
 * Events stored with push off or on: as fast as 16 posts at once go (every push then competes for
 * this machine's two cores with the relay and this bench), and paced at a busy relay's rate.
 */
async function storeRate(push: 'on' | 'off', sink: PushSink): Promise<string[]> {
  const relay = await startPushRelay(push, [sink.url]);
  try {
    const accounts = await pushAccounts(relay.url, sink, STORE_ACCOUNTS, STORE_DEVICES_EACH, push === 'on');
    const flat = await postEvents(relay.url, accounts, null);
    // Let the pushes of the flat-out run drain before the paced one.
    await sleep(3000);
    const paced = await postEvents(relay.url, accounts, STORE_PACED_PER_S);
    const line = (label: string, run: { latencies: number[]; wallMs: number }) =>
      `  push ${push.padEnd(4)} ${label.padEnd(22)} ${((STORE_EVENTS / run.wallMs) * 1000).toFixed(0).padStart(6)} events/s   POST p50 ${ms(percentile(run.latencies, 50))} ms   p99 ${ms(percentile(run.latencies, 99))} ms`;
    return [line(`${STORE_POSTS_AT_ONCE} at once`, flat), line(`paced ${STORE_PACED_PER_S}/s`, paced)];
  } finally {
    await relay.stop();
  }
}

export async function benchPushFanout(): Promise<void> {
  console.log('\nWeb Push: event stored -> push request at the push service (one relay, SQLite)');
  const sink = await PushSink.start();
  try {
    const relay = await startPushRelay('on', [sink.url]);
    try {
      console.log(await fanOut(relay.url, sink));
      console.log(await oneDeviceEach(relay.url, sink));
    } finally {
      await relay.stop();
    }
    console.log(
      `Storing events, push on and off (${STORE_EVENTS} events, ${STORE_POSTS_AT_ONCE} at once, ${STORE_ACCOUNTS} accounts of ${STORE_DEVICES_EACH} subscribed devices)`,
    );
    const [off, on] = [await storeRate('off', sink), await storeRate('on', sink)];
    for (const [i, line] of off.entries()) console.log(`${line}\n${on[i]}`);
  } finally {
    await sink.close();
  }
  console.log('  goal: p99 <= 100 ms; storing no slower with push on than off');
}
