// Delivery latency across relay instances: a daemon's POST to one instance, timed to the event
// frame's arrival on its account's streams, wherever they are open.
import { setTimeout as sleep } from 'node:timers/promises';
import type { ArrivalTracker } from './arrival-tracker';
import { InstancePools } from './cluster-accounts';
import { daemonEvent, postEvent } from './relay-bench-http';
import { type BenchRelay, totalCpuMs } from './relay-process';

/** Pause after an event arrived everywhere, so events do not queue behind each other. */
const GAP_MS = 5;

/** An account events may go to: its daemon, and how many of its streams are open. */
export interface DeliveryTarget {
  daemonToken: string;
  streams: number;
}

export interface DeliveryPlan {
  relays: BenchRelay[];
  tracker: ArrivalTracker;
  /** Each event goes to one of these accounts, picked at random. */
  targets: DeliveryTarget[];
  events: number;
  warmUp: number;
  /** CPU ms the stream-reader process has used so far. */
  readerCpuMs: () => Promise<number>;
}

export interface DeliveryResult {
  /** Arrival latencies over every (event, stream), ms, sorted. */
  latencies: number[];
  /** First to last stream of each event, ms, sorted. */
  spreads: number[];
  missing: number;
  relayCpuMsPerEvent: number;
  readerCpuMsPerEvent: number;
}

/**
 * Posts events one at a time, each once the last one arrived on all its account's streams (or
 * timed out), event n to instance n mod the instance count, and times every arrival.
 */
export async function deliverAcross(plan: DeliveryPlan): Promise<DeliveryResult> {
  const { relays, tracker, targets } = plan;
  const pools = new InstancePools(
    relays.map((relay) => relay.url),
    1,
  );
  let sent = 0;
  let missing = 0;
  const send = async () => {
    const target = targets[Math.floor(Math.random() * targets.length)] as DeliveryTarget;
    const { eventId, body } = daemonEvent();
    const t0 = performance.now();
    const arrived = tracker.expect(eventId, t0, target.streams);
    await postEvent(pools.at(sent++), target.daemonToken, body);
    missing += await arrived;
    await sleep(GAP_MS);
  };
  try {
    for (let i = 0; i < plan.warmUp; i++) await send();
    tracker.clear();
    missing = 0;
    const relayCpu0 = await totalCpuMs(relays);
    const readerCpu0 = await plan.readerCpuMs();
    for (let i = 0; i < plan.events; i++) await send();
    return {
      latencies: [...tracker.latencies].sort((a, b) => a - b),
      spreads: [...tracker.spreads].sort((a, b) => a - b),
      missing,
      relayCpuMsPerEvent: ((await totalCpuMs(relays)) - relayCpu0) / plan.events,
      readerCpuMsPerEvent: ((await plan.readerCpuMs()) - readerCpu0) / plan.events,
    };
  } finally {
    await pools.close();
  }
}
