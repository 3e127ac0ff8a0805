// Vitest global setup: the PostgreSQL tests need a server. RINGBACK_TEST_DATABASE_URL names one
// (.ci/run makes a throwaway role and database on the system's cluster); without it, where
// PostgreSQL is installed, a private throwaway server is started for the run, so `npm test` tests
// the PostgreSQL backend on any machine that has it. Where it is not, those tests are skipped and
// this says so.
import { newestPostgresBin, type PostgresServer, startPostgresServer } from './postgres-server';

const VARIABLE = 'RINGBACK_TEST_DATABASE_URL';

export async function setup(): Promise<() => Promise<void>> {
  if (process.env[VARIABLE]) return async () => {};
  const bin = await newestPostgresBin();
  if (!bin) {
    console.warn(
      `PostgreSQL tests skipped: ${VARIABLE} is not set and PostgreSQL is not installed (apt-get install postgresql)`,
    );
    return async () => {};
  }
  let server: PostgresServer;
  try {
    server = await startPostgresServer(bin);
  } catch (error) {
    console.warn(`PostgreSQL tests skipped: a private server would not start: ${(error as Error).message}`);
    return async () => {};
  }
  // The test workers start after this and inherit the environment.
  process.env[VARIABLE] = server.url;
  return () => server.stop();
}
