// Where the cluster bench gets PostgreSQL: `RINGBACK_BENCH_DATABASE_URL`, else a private server.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { newestPostgresBin, startPostgresServer } from '@ringback/test';
import { Client, escapeIdentifier } from 'pg';
import { parentOf, processTreeCpuMs } from './proc-stats';

/** Names a server the bench may CREATE and DROP databases on, as `RINGBACK_TEST_DATABASE_URL` is for tests. */
export const BENCH_DATABASE_ENV = 'RINGBACK_BENCH_DATABASE_URL';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

export interface BenchPostgres {
  /** Which server, for the printout. */
  description: string;
  /** CPU ms the whole server (postmaster and its children) has used; null when it cannot be read. */
  cpuMs: (() => Promise<number>) | null;
  /** A fresh database on the server, dropped (closing what is still connected) by `drop`. */
  createDatabase(): Promise<BenchDatabase>;
  stop(): Promise<void>;
}

/** The bench's PostgreSQL, or why there is none. */
export async function openBenchPostgres(): Promise<BenchPostgres | { skipped: string }> {
  const given = process.env[BENCH_DATABASE_ENV];
  if (given) {
    const postmaster = await findPostmaster(given);
    return {
      description:
        `${BENCH_DATABASE_ENV} (${new URL(given).host}` +
        (postmaster
          ? `, postmaster pid ${postmaster}; anything else it serves meanwhile counts in its CPU)`
          : "; its CPU is not on this machine's /proc)"),
      cpuMs: postmaster ? () => processTreeCpuMs(postmaster) : null,
      createDatabase: () => createDatabase(given),
      stop: async () => {},
    };
  }
  const bin = await newestPostgresBin();
  if (!bin) {
    return {
      skipped: `no PostgreSQL binaries in /usr/lib/postgresql/*/bin and ${BENCH_DATABASE_ENV} is not set`,
    };
  }
  const server = await startPostgresServer(bin);
  return {
    description: `a private ${server.version} server for this run (postmaster pid ${server.postmasterPid})`,
    cpuMs: () => processTreeCpuMs(server.postmasterPid),
    createDatabase: () => createDatabase(server.url),
    stop: () => server.stop(),
  };
}

/** `<database of the URL>_bench_<random hex>` on the server the URL names. */
async function createDatabase(serverUrl: string): Promise<BenchDatabase> {
  const base = decodeURIComponent(new URL(serverUrl).pathname.slice(1)) || 'postgres';
  const name = `${base}_bench_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${escapeIdentifier(name)}`));
  const target = new URL(serverUrl);
  target.pathname = `/${encodeURIComponent(name)}`;
  return {
    url: target.toString(),
    drop: () =>
      withClient(serverUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${escapeIdentifier(name)} WITH (FORCE)`);
      }),
  };
}

async function withClient<T>(url: string, use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * A server on this machine: its postmaster is the parent of the backend serving our session. Null
 * when that pid is not a PostgreSQL process here (another host, a container, no /proc).
 */
async function findPostmaster(url: string): Promise<number | null> {
  try {
    // Read while the session is open: its backend exits with it.
    const postmaster = await withClient(url, async (client) => {
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      return parentOf(rows[0]?.pid ?? 0);
    });
    const command = await readFile(`/proc/${postmaster}/comm`, 'utf8');
    return command.trim().startsWith('postgres') ? postmaster : null;
  } catch {
    return null;
  }
}
