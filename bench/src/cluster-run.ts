// One row of the cluster bench: a backend with its relay instances, through ingest, delivery
// with 1,000 and 10,000 open streams, one account's 1,000 streams, and memory.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ArrivalTracker } from './arrival-tracker';
import { type BenchAccount, createAccounts } from './cluster-accounts';
import { type DeliveryResult, deliverAcross } from './cluster-delivery';
import { type IngestResult, ingestAcross } from './cluster-ingest';
import { type BenchRelay, startBenchRelay } from './relay-process';
import type { StreamTarget } from './stream-reader-messages';
import type { StreamReaders } from './stream-readers';

export const INGEST_CLIENTS = 64;
/** Daemon accounts the ingest clients post as (client c as account c mod this): not one account's row lock. */
export const INGEST_ACCOUNTS = 64;
export const INGEST_EVENTS = 8000;
/** Enough that every instance's hot paths are compiled before the CPU is counted. */
const INGEST_WARM_UP = 2000;
/** Each account's streams: a phone and a desktop, as many users have. */
export const STREAMS_PER_ACCOUNT = 2;
export const STREAM_COUNTS = [1000, 10_000] as const;
export const DELIVERY_EVENTS = 200;
const DELIVERY_WARM_UP = 20;
/** One account whose every event fans out to all its streams, as relay-throughput.ts measures. */
export const CROWD_STREAMS = 1000;
export const CROWD_DEVICES = 10;
export const CROWD_EVENTS = 100;
/** Time for a relay to see closed sockets and for its heap to settle before reading RSS. */
const SETTLE_MS = 1500;

export interface Backend {
  label: string;
  instances: number;
  /** A fresh PostgreSQL database for the row; SQLite without. */
  database?: { url: string };
  postgresCpuMs?: (() => Promise<number>) | null;
}

export interface DeliveryRow {
  label: string;
  result: DeliveryResult;
  openSeconds: number;
}

export interface BackendFigures {
  backend: Backend;
  setupSeconds: number;
  ingest: IngestResult;
  deliveries: DeliveryRow[];
  /** VmRSS (KB) of each instance before streams opened and with the most open, and how many it held. */
  memory: { beforeKb: number; openKb: number; streams: number }[];
  relayErrors: { count: number; first: string[] };
  /** With several instances: CPU ms per event of an instance that only hears of the events (posted elsewhere). */
  listeningCpuMsPerEvent: number | null;
}

/** Stream j goes to instance j mod n; an account's streams are consecutive, so they usually differ. */
function streamTargets(relays: BenchRelay[], tokens: string[], first: number): StreamTarget[] {
  return tokens.map((token, i) => ({ url: relays[(first + i) % relays.length]?.url ?? '', token }));
}

/** Each account's app token(s), so that every account gets STREAMS_PER_ACCOUNT streams. */
function accountStreams(account: BenchAccount): string[] {
  return Array.from(
    { length: STREAMS_PER_ACCOUNT },
    (_, i) => account.appTokens[i % account.appTokens.length] ?? '',
  );
}

export async function runBackend(
  backend: Backend,
  readers: StreamReaders,
  tracker: ArrivalTracker,
  appsPerAccount: number,
  /** Only the ingest figures (`run-all.ts cluster ingest`): quick, for comparing changes. */
  ingestOnly = false,
): Promise<BackendFigures> {
  const database = backend.database ? { database: backend.database.url } : {};
  const relays: BenchRelay[] = [];
  try {
    for (let i = 0; i < backend.instances; i++) relays.push(await startBenchRelay(database));
    const urls = relays.map((relay) => relay.url);
    const maxAccounts = ingestOnly ? INGEST_ACCOUNTS : Math.max(...STREAM_COUNTS) / STREAMS_PER_ACCOUNT;
    const settingUp = performance.now();
    const accounts = await createAccounts(urls, maxAccounts, appsPerAccount);
    const [crowd] = ingestOnly ? [] : await createAccounts(urls, 1, CROWD_DEVICES);
    const setupSeconds = (performance.now() - settingUp) / 1000;

    const daemonTokens = accounts.slice(0, INGEST_ACCOUNTS).map((account) => account.daemonToken);
    const plan = { relays, daemonTokens, clients: INGEST_CLIENTS };
    await ingestAcross({ ...plan, events: INGEST_WARM_UP });
    const ingest = await ingestAcross({
      ...plan,
      events: INGEST_EVENTS,
      postgresCpuMs: backend.postgresCpuMs,
    });

    const listeningCpuMsPerEvent = await listeningCost(relays, daemonTokens);
    if (ingestOnly) {
      return {
        backend,
        setupSeconds,
        ingest,
        deliveries: [],
        memory: [],
        relayErrors: relayErrorsOf(relays),
        listeningCpuMsPerEvent,
      };
    }
    await sleep(SETTLE_MS);
    const beforeKb = await Promise.all(relays.map((relay) => relay.rssKb()));
    const deliveries: DeliveryRow[] = [];
    let open = 0;
    let openSeconds = 0;
    let memory: BackendFigures['memory'] = [];
    for (const streams of STREAM_COUNTS) {
      const using = accounts.slice(0, streams / STREAMS_PER_ACCOUNT);
      const tokens = using.flatMap(accountStreams);
      openSeconds += await readers.open(streamTargets(relays, tokens.slice(open), open));
      open = tokens.length;
      const targets = using.map((account) => ({
        daemonToken: account.daemonToken,
        streams: STREAMS_PER_ACCOUNT,
      }));
      const result = await deliverAcross({
        relays,
        tracker,
        targets,
        events: DELIVERY_EVENTS,
        warmUp: DELIVERY_WARM_UP,
        readerCpuMs: () => readers.cpuMs(),
      });
      deliveries.push({
        label: `${streams.toLocaleString('en')} streams (${using.length.toLocaleString('en')} accounts × ${STREAMS_PER_ACCOUNT})`,
        result,
        openSeconds,
      });
    }
    await sleep(SETTLE_MS);
    const openKb = await Promise.all(relays.map((relay) => relay.rssKb()));
    memory = relays.map((_, i) => ({
      beforeKb: beforeKb[i] ?? 0,
      openKb: openKb[i] ?? 0,
      streams: Math.floor(open / relays.length) + (i < open % relays.length ? 1 : 0),
    }));
    await readers.closeAll();
    await sleep(SETTLE_MS);

    if (crowd) {
      const tokens = Array.from(
        { length: CROWD_STREAMS },
        (_, i) => crowd.appTokens[i % CROWD_DEVICES] ?? '',
      );
      const crowdOpen = await readers.open(streamTargets(relays, tokens, 0));
      const result = await deliverAcross({
        relays,
        tracker,
        targets: [{ daemonToken: crowd.daemonToken, streams: CROWD_STREAMS }],
        events: CROWD_EVENTS,
        warmUp: DELIVERY_WARM_UP / 2,
        readerCpuMs: () => readers.cpuMs(),
      });
      deliveries.push({
        label: `${CROWD_STREAMS.toLocaleString('en')} streams of one account (${CROWD_DEVICES} devices)`,
        result,
        openSeconds: crowdOpen,
      });
      await readers.closeAll();
    }
    return {
      backend,
      setupSeconds,
      ingest,
      deliveries,
      memory,
      relayErrors: relayErrorsOf(relays),
      listeningCpuMsPerEvent,
    };
  } finally {
    await readers.closeAll().catch(() => undefined);
    for (const relay of relays) await relay.stop();
  }
}

function relayErrorsOf(relays: BenchRelay[]): BackendFigures['relayErrors'] {
  const relayErrors = { count: 0, first: [] as string[] };
  for (const relay of relays) {
    relayErrors.count += relay.errors.count;
    relayErrors.first.push(...relay.errors.first);
  }
  return relayErrors;
}

/**
 * What an instance spends on events it does not store: all posted to the first instance, the
 * others only hear of them (one notification per batch) and send nothing, no stream being open.
 * Null with one instance.
 */
async function listeningCost(relays: BenchRelay[], daemonTokens: string[]): Promise<number | null> {
  const [storing, ...listening] = relays;
  if (!storing || listening.length === 0) return null;
  const plan = { relays: [storing], daemonTokens, clients: INGEST_CLIENTS };
  await ingestAcross({ ...plan, events: INGEST_WARM_UP });
  const before = await Promise.all(listening.map((relay) => relay.cpuMs()));
  const { events } = await ingestAcross({ ...plan, events: INGEST_EVENTS });
  const after = await Promise.all(listening.map((relay) => relay.cpuMs()));
  const spent = after.reduce((sum, ms, i) => sum + ms - (before[i] ?? ms), 0);
  return spent / listening.length / events;
}
