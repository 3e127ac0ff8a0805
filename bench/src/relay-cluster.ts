// The relay on SQLite (one instance) and on PostgreSQL with 1, 2 and 3 instances behind a round
// robin, each a real process: events ingested and their CPU cost in the relays and in PostgreSQL,
// delivery latency with 1,000 and 10,000 open streams, memory per stream, and what one 8-core
// relay host and one 8-core PostgreSQL host would carry.
import { availableParallelism } from 'node:os';
import { ArrivalTracker } from './arrival-tracker';
import { type BenchPostgres, openBenchPostgres } from './bench-postgres';
import { printProjection } from './cluster-projection';
import { printDelivery, printIngest, printMemory, printSetup } from './cluster-report';
import { type BackendFigures, runBackend } from './cluster-run';
import { startStreamReaders } from './stream-readers';

const POSTGRES_INSTANCES = [1, 2, 3];
/** A missing arrival is waited for this long: enough for any real delay, short enough that a broken fan-out does not stall the run. */
const ARRIVAL_TIMEOUT_MS = 5000;
/** App devices per account; each account's two streams share them (1: the same token twice). */
const APPS_PER_ACCOUNT = 1;

/** `ingestOnly`: the ingest table alone (`run-all.ts cluster ingest`), for comparing changes quickly. */
export async function benchCluster(ingestOnly = false): Promise<void> {
  const cores = availableParallelism();
  console.log(
    '\n# Relay cluster: SQLite (1 instance) and PostgreSQL (1, 2, 3 instances), every instance a real\n' +
      `# relay process (relay/dist/relay.mjs) on loopback. This machine has ${cores} cores, shared by the relays, ` +
      'PostgreSQL,\n# the load generator and the stream reader: throughput cannot grow with instances here, ' +
      'which is why the\n# CPU per event and the projection are the figures that matter.',
  );
  const postgres = await openBenchPostgres();
  const tracker = new ArrivalTracker(ARRIVAL_TIMEOUT_MS);
  const readers = await startStreamReaders((eventId, at) => tracker.arrive(eventId, at));
  const rows: BackendFigures[] = [];
  const failures: string[] = [];
  const attempt = async (name: string, run: () => Promise<BackendFigures>) => {
    try {
      rows.push(await run());
    } catch (error) {
      failures.push(`${name}: ${(error as Error).stack ?? error}`);
    }
  };
  try {
    console.log(
      'skipped' in postgres
        ? `# PostgreSQL rows skipped: ${postgres.skipped}`
        : `# PostgreSQL: ${postgres.description}; a fresh database per row`,
    );
    await attempt('SQLite', () =>
      runBackend({ label: 'SQLite', instances: 1 }, readers, tracker, APPS_PER_ACCOUNT, ingestOnly),
    );
    if (!('skipped' in postgres)) {
      for (const instances of POSTGRES_INSTANCES) {
        await attempt(`PostgreSQL, ${instances} instance(s)`, () => postgresRow(postgres, instances));
      }
    }
  } finally {
    await readers.stop();
    if (!('skipped' in postgres)) await postgres.stop();
  }

  async function postgresRow(server: BenchPostgres, instances: number): Promise<BackendFigures> {
    const database = await server.createDatabase();
    try {
      const backend = { label: 'PostgreSQL', instances, database, postgresCpuMs: server.cpuMs };
      return await runBackend(backend, readers, tracker, APPS_PER_ACCOUNT, ingestOnly);
    } finally {
      await database.drop();
    }
  }

  printSetup(rows);
  if (rows.length > 0) {
    printIngest(rows);
    if (!ingestOnly) {
      printDelivery(rows, readers.clockUncertaintyMs);
      printMemory(rows);
      printProjection(rows);
    }
  }
  for (const failure of failures) console.log(`\nFAILED ${failure}`);
}
