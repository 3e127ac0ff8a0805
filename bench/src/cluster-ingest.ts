// Events ingested by a set of relay instances at many concurrent clients, with the CPU the relay
// processes and PostgreSQL spent on them.
import { InstancePools } from './cluster-accounts';
import { daemonEvent, postEvent } from './relay-bench-http';
import { type BenchRelay, totalCpuMs } from './relay-process';

export interface IngestResult {
  events: number;
  seconds: number;
  /** POST latencies, ms, sorted. */
  latencies: number[];
  /** CPU ms of all relay instances together. */
  relayCpuMs: number;
  /** CPU ms of the PostgreSQL server (postmaster and children); null without PostgreSQL or /proc. */
  postgresCpuMs: number | null;
  /** CPU ms of this (load-generating) process. */
  benchCpuMs: number;
}

export interface IngestPlan {
  relays: BenchRelay[];
  /** Daemon tokens: client c posts as `daemonTokens[c % length]`. */
  daemonTokens: string[];
  clients: number;
  events: number;
  postgresCpuMs?: (() => Promise<number>) | null;
}

/**
 * `plan.events` POSTs of new ~2 KB events over `plan.clients` connections, each client keeping one
 * in flight; client c talks to instance c mod n (round robin, as a load balancer spreads them).
 */
export async function ingestAcross(plan: IngestPlan): Promise<IngestResult> {
  const { relays, daemonTokens, clients, events } = plan;
  const pools = new InstancePools(
    relays.map((relay) => relay.url),
    Math.ceil(clients / relays.length),
  );
  const latencies: number[] = [];
  let sent = 0;
  try {
    const relayCpu0 = await totalCpuMs(relays);
    const postgresCpu0 = plan.postgresCpuMs ? await plan.postgresCpuMs() : null;
    const benchCpu0 = process.cpuUsage();
    const started = performance.now();
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        const pool = pools.at(client);
        const token = daemonTokens[client % daemonTokens.length] ?? '';
        while (sent < events) {
          sent++;
          const { body } = daemonEvent();
          const t0 = performance.now();
          await postEvent(pool, token, body);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const benchCpu = process.cpuUsage(benchCpu0);
    const relayCpuMs = (await totalCpuMs(relays)) - relayCpu0;
    const postgresCpuMs =
      plan.postgresCpuMs && postgresCpu0 !== null ? (await plan.postgresCpuMs()) - postgresCpu0 : null;
    return {
      events: latencies.length,
      seconds,
      latencies: latencies.sort((a, b) => a - b),
      relayCpuMs,
      postgresCpuMs,
      benchCpuMs: (benchCpu.user + benchCpu.system) / 1000,
    };
  } finally {
    await pools.close();
  }
}
