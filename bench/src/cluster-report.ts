// The cluster bench's tables, printed once every row has run.
import type { BackendFigures } from './cluster-run';
import {
  CROWD_EVENTS,
  DELIVERY_EVENTS,
  INGEST_ACCOUNTS,
  INGEST_CLIENTS,
  INGEST_EVENTS,
  STREAMS_PER_ACCOUNT,
} from './cluster-run';
import { ms } from './relay-bench-http';
import { percentile } from './support';

const label = (figures: BackendFigures) =>
  `${figures.backend.label}, ${figures.backend.instances} instance${figures.backend.instances > 1 ? 's' : ''}`;
const perEvent = (cpuMs: number | null, events: number) => (cpuMs === null ? null : cpuMs / events);
const fixed = (value: number | null, digits = 3, width = 8) =>
  (value === null ? 'n/a' : value.toFixed(digits)).padStart(width);

/** CPU ms per ingested event: relays, PostgreSQL (null when unknown) and both. */
export function ingestCpu(figures: BackendFigures) {
  const { ingest } = figures;
  const relay = ingest.relayCpuMs / ingest.events;
  const postgres = perEvent(ingest.postgresCpuMs, ingest.events);
  return { relay, postgres, total: relay + (postgres ?? 0) };
}

export function printIngest(rows: BackendFigures[]): void {
  console.log(
    `\n## Ingest: POST /v1/daemon/events at ${INGEST_CLIENTS} concurrent clients, round robin over the ` +
      `instances,\n## as ${INGEST_ACCOUNTS} daemon accounts (client c posts as account c), ~2 KB sealed ` +
      `bodies, no stream open, ${INGEST_EVENTS} events a row\n## (CPU: utime+stime from /proc; relays summed ` +
      'over instances; PostgreSQL = postmaster with reaped children + every live child)',
  );
  console.log(
    `${'backend'.padEnd(26)}${'events/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}` +
      `   CPU ms/event: ${'relays'.padStart(8)}${'PG'.padStart(8)}${'total'.padStart(8)}  ×SQLite   load gen`,
  );
  const sqlite = rows.find((row) => row.backend.database === undefined);
  const base = sqlite ? ingestCpu(sqlite).total : null;
  for (const row of rows) {
    const { ingest } = row;
    const cpu = ingestCpu(row);
    const ratio = base && row !== sqlite ? `${(cpu.total / base).toFixed(2)}×` : '';
    console.log(
      `${label(row).padEnd(26)}${String(Math.round(ingest.events / ingest.seconds)).padStart(9)}` +
        `${ms(percentile(ingest.latencies, 50)).padStart(9)}${ms(percentile(ingest.latencies, 99)).padStart(9)}` +
        `${''.padStart(17)}${fixed(cpu.relay)}${fixed(cpu.postgres)}${fixed(row.backend.database ? cpu.total : cpu.relay)}` +
        `  ${ratio.padStart(7)}   ${fixed(ingest.benchCpuMs / ingest.events, 3, 6)}`,
    );
  }
  console.log(
    "  ×SQLite: PostgreSQL rows' total CPU per event (relays + PostgreSQL) over SQLite's (goal: at most 2×)",
  );
  for (const row of rows) {
    if (row.listeningCpuMsPerEvent === null) continue;
    console.log(
      `  ${label(row)}: an instance that only hears of events stored by another spends ` +
        `${row.listeningCpuMsPerEvent.toFixed(3)} ms per event (all posted to instance #1)`,
    );
  }
  console.log(
    "  Hearing of the others' events is cheap: the rise with instances comes mostly from each instance\n" +
      '  taking a share of the 64 clients on 2 shared cores (smaller batches, more wakeups per event; one\n' +
      '  instance at 21 clients also costs more per event than at 64). Busy instances on cores of their\n' +
      '  own should cost what the 1-instance row does plus the listening cost per other instance (not\n' +
      '  measurable on 2 cores; the projection below takes the 3-instance row, the dearer figure).',
  );
}

export function printDelivery(rows: BackendFigures[], clockUncertaintyMs: number): void {
  console.log(
    `\n## Delivery: daemon POST → \`event\` frame on each of the account's open streams, the streams read\n` +
      `## by a separate reader process (times mapped onto the bench's clock within ±${clockUncertaintyMs.toFixed(3)} ms); ` +
      `streams spread\n## round robin over the instances, ${STREAMS_PER_ACCOUNT} per account (a phone and a desktop); ` +
      `${DELIVERY_EVENTS} events one at a time to random\n## accounts (${CROWD_EVENTS} to the one account), POSTs ` +
      'round robin over the instances; CPU per event: relays summed, and the reader',
  );
  for (const row of rows) {
    console.log(label(row));
    for (const { label: what, result, openSeconds } of row.deliveries) {
      const p50 = ms(percentile(result.latencies, 50));
      const p99 = ms(percentile(result.latencies, 99));
      console.log(
        `  ${what.padEnd(42)} p50 ${p50} ms  p99 ${p99} ms  spread p50 ${ms(percentile(result.spreads, 50))} ms` +
          `  (${result.latencies.length} arrivals${result.missing ? `, ${result.missing} MISSING` : ''}; ` +
          `relays ${result.relayCpuMsPerEvent.toFixed(2)}, reader ${result.readerCpuMsPerEvent.toFixed(2)} ms/event; ` +
          `opened in ${openSeconds.toFixed(1)} s)` +
          (result.readerCpuMsPerEvent > result.relayCpuMsPerEvent ? '  [reader-bound]' : ''),
      );
    }
  }
  console.log(
    '  [reader-bound]: the reader spent more CPU per event than the relays, on the same cores; the later\n' +
      "  streams of a fan-out wait for it to read the earlier ones, so these latencies are an upper bound for the relays'.",
  );
}

/** KB of VmRSS per open stream over all instances of a row. */
export function kbPerStream(row: BackendFigures): number {
  const grown = row.memory.reduce((sum, each) => sum + each.openKb - each.beforeKb, 0);
  const streams = row.memory.reduce((sum, each) => sum + each.streams, 0);
  return streams > 0 ? grown / streams : Number.NaN;
}

export function printMemory(rows: BackendFigures[]): void {
  console.log('\n## Memory: VmRSS of each instance before the streams opened and with the most open');
  for (const row of rows) {
    const each = row.memory
      .map(
        (instance, i) =>
          `#${i + 1} ${(instance.beforeKb / 1024).toFixed(0)} → ${(instance.openKb / 1024).toFixed(0)} MB ` +
          `(${instance.streams.toLocaleString('en')} streams)`,
      )
      .join(', ');
    console.log(`${label(row).padEnd(26)}${each};  ${kbPerStream(row).toFixed(1)} KB per stream`);
  }
}

export function printSetup(rows: BackendFigures[]): void {
  for (const row of rows) {
    console.log(`  ${label(row)}: accounts and pairing set up in ${row.setupSeconds.toFixed(1)} s`);
    if (row.relayErrors.count === 0) console.log(`  ${label(row)}: the relays logged no error line`);
    else {
      console.log(`  ${label(row)}: the relays logged ${row.relayErrors.count} error line(s), first:`);
      for (const line of row.relayErrors.first.slice(0, 5)) console.log(`    ${line}`);
    }
  }
}
