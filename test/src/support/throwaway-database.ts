import { randomBytes } from 'node:crypto';
import { Client, escapeIdentifier } from 'pg';

/** A PostgreSQL URL whose role may `CREATE DATABASE`; tests that need PostgreSQL skip without it. */
export const TEST_DATABASE_ENV = 'RINGBACK_TEST_DATABASE_URL';

/** insufficient_privilege (an autovacuum worker to end), object_in_use. */
const RETRYABLE_DROP_CODES = new Set(['42501', '55006']);
const DROP_ATTEMPTS = 50;
const DROP_RETRY_MS = 200;

export interface ThrowawayDatabase {
  url: string;
  name: string;
  /** Drops the database, closing whatever connections are still open to it (a SIGKILLed relay's). */
  drop(): Promise<void>;
}

export function hasTestDatabase(): boolean {
  return Boolean(process.env[TEST_DATABASE_ENV]);
}

async function onServer<T>(serverUrl: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Creates `<database of the URL>_<random hex>` beside the database the URL names, so every test
 * run starts from an empty schema and parallel runs never meet.
 */
export async function createThrowawayDatabase(
  serverUrl = process.env[TEST_DATABASE_ENV],
): Promise<ThrowawayDatabase> {
  if (!serverUrl) throw new Error(`${TEST_DATABASE_ENV} is not set`);
  const base = new URL(serverUrl);
  const baseName = decodeURIComponent(base.pathname.slice(1)) || 'postgres';
  const name = `${baseName}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, (client) => client.query(`CREATE DATABASE ${escapeIdentifier(name)}`));
  const url = new URL(serverUrl);
  url.pathname = `/${encodeURIComponent(name)}`;
  let dropped = false;
  return {
    url: url.toString(),
    name,
    async drop() {
      if (dropped) return;
      dropped = true;
      await onServer(serverUrl, async (client) => {
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`DROP DATABASE IF EXISTS ${escapeIdentifier(name)} WITH (FORCE)`);
            return;
          } catch (error) {
            // An autovacuum worker on the database (after a burst of writes) has no role, so a role
            // without pg_signal_backend may not end it; it finishes within moments.
            const retryable = RETRYABLE_DROP_CODES.has((error as { code?: string }).code ?? '');
            if (!retryable || attempt >= DROP_ATTEMPTS) throw error;
            await new Promise((resolve) => setTimeout(resolve, DROP_RETRY_MS));
          }
        }
      });
    },
  };
}
