// What one 8-core relay host and one 8-core PostgreSQL host would carry, from the measured
// CPU per event and memory per stream.

import { ingestCpu, kbPerStream } from './cluster-report';
import type { BackendFigures } from './cluster-run';

const HOST_CORES = 8;
/** RAM of the relay host given to relay processes' streams (a 32 GB host, half kept for the kernel's socket buffers, page cache and headroom). */
const STREAM_MEMORY_GB = 16;
/** Cores run busy at most this much, so a burst does not queue. */
const TARGET_UTILISATION = 0.7;

const rate = (cores: number, cpuMsPerEvent: number) => Math.floor((cores * 1000) / cpuMsPerEvent);
const n = (value: number) => value.toLocaleString('en');

export function printProjection(rows: BackendFigures[]): void {
  console.log(
    `\n## Projection: one ${HOST_CORES}-core relay host and one ${HOST_CORES}-core PostgreSQL host ` +
      `(CPU-bound, every core busy; ×${TARGET_UTILISATION} for the rate to plan on)`,
  );
  const sqlite = rows.find((row) => row.backend.database === undefined);
  if (sqlite) {
    const cpu = ingestCpu(sqlite).relay;
    console.log(
      `SQLite: one relay process uses one core (Node's main thread runs SQLite too), whatever the host: ` +
        `1 × 1000 / ${cpu.toFixed(3)} ms = ${n(rate(1, cpu))} events/s ` +
        `(plan ${n(Math.floor(rate(1, cpu) * TARGET_UTILISATION))})`,
    );
  }
  const postgres = rows.filter((row) => row.backend.database !== undefined);
  const widest = postgres[postgres.length - 1];
  if (!widest) {
    console.log('PostgreSQL: no rows, no projection');
    return;
  }
  const cpu = ingestCpu(widest);
  const from = `from the ${widest.backend.instances}-instance row`;
  const relayRate = rate(HOST_CORES, cpu.relay);
  console.log(
    `PostgreSQL, relay host (${HOST_CORES} instances, one a core; ${from}): ` +
      `${HOST_CORES} × 1000 / ${cpu.relay.toFixed(3)} ms = ${n(relayRate)} events/s`,
  );
  if (cpu.postgres !== null) {
    const databaseRate = rate(HOST_CORES, cpu.postgres);
    const bottleneck = Math.min(relayRate, databaseRate);
    console.log(
      `PostgreSQL, database host: ${HOST_CORES} × 1000 / ${cpu.postgres.toFixed(3)} ms = ${n(databaseRate)} events/s`,
    );
    const balance =
      relayRate <= databaseRate
        ? `one database host keeps up with ${(databaseRate / relayRate).toFixed(1)} such relay hosts`
        : `one relay host could take ${(relayRate / databaseRate).toFixed(1)}× what one database host can`;
    console.log(
      `  → the pair carries ${n(bottleneck)} events/s (the ${relayRate <= databaseRate ? 'relay' : 'database'} ` +
        `host is the bottleneck; plan ${n(Math.floor(bottleneck * TARGET_UTILISATION))}); ${balance}\n` +
        "  (CPU only: the database host's disk, WAL fsyncs and network are not counted)",
    );
  } else {
    console.log('PostgreSQL, database host: its CPU could not be read, no figure');
  }
  const kb = kbPerStream(widest);
  const streams = Math.floor((STREAM_MEMORY_GB * 1024 * 1024) / kb);
  console.log(
    `Open streams per relay host: ${STREAM_MEMORY_GB} GB for streams / ${kb.toFixed(1)} KB per stream (VmRSS, ${from}) ` +
      `= ${n(streams)}\n  (plus kernel socket memory and one file descriptor each: raise ulimit -n to match; ` +
      'the database holds no per-stream state)',
  );
}
