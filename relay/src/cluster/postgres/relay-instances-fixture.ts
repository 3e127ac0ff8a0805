// For tests of relay instances sharing one PostgreSQL database: a throwaway database per test file
// (none without RINGBACK_TEST_DATABASE_URL: such tests are skipped), instances started on it, each
// with its own port and data dir and closed after each test, and an account spread over them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceCredentials } from '@ringback/protocol';
import { afterAll, beforeAll } from 'vitest';
import { relayCall } from '../../push/relay-call';
import { createSilentRelayLogger } from '../../relay-logger';
import { afterThisTest } from '../../routes/cleanup-fixture';
import { type RelayOptions, type RunningRelay, startRelay } from '../../start-relay';
import { createTestDatabase, type TestDatabase, testDatabaseUrl } from '../../storage/postgres/test-database';

/** How the instances run, past their database, port, data dir and (silent) logger. */
export type InstanceOptions = Partial<Omit<RelayOptions, 'dataDir' | 'database' | 'port' | 'logger'>>;

/** Registers the test file's database; `defaults` apply to every instance started on it. */
export function relayInstancesOnTestDatabase(defaults: InstanceOptions = {}) {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    if (testDatabaseUrl()) database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  const used = (): TestDatabase => {
    if (!database) throw new Error('no test database');
    return database;
  };
  return {
    /** The URL of the test file's database, for looking into it. */
    databaseUrl: () => used().url,
    /** Starts `count` instances of one relay; the database is emptied first, unless `keep`. */
    async start(count: number, options: InstanceOptions & { keep?: boolean } = {}): Promise<RunningRelay[]> {
      const { keep, ...changed } = options;
      if (!keep) await used().reset();
      const started: RunningRelay[] = [];
      for (let i = 0; i < count; i++) {
        const dataDir = await mkdtemp(join(tmpdir(), 'ringback-instance-'));
        const relay = await startRelay({
          openSignup: true,
          ...defaults,
          ...changed,
          dataDir,
          database: used().url,
          port: 0,
          logger: createSilentRelayLogger(),
        });
        afterThisTest(async () => {
          await relay.close();
          await rm(dataDir, { recursive: true, force: true });
        });
        started.push(relay);
      }
      return started;
    },
  };
}

/**
 * A new account's daemon ("Laptop"), made on `on`, and a phone ("Phone") paired to it with a code
 * asked for on `codeOn`, redeemed on `phoneOn`.
 */
export async function daemonAndPhone(
  on: RunningRelay,
  codeOn: RunningRelay = on,
  phoneOn: RunningRelay = on,
): Promise<{ daemon: DeviceCredentials; phone: DeviceCredentials }> {
  const daemon = await relayCall<DeviceCredentials>(on, 'POST', '/v1/accounts', {
    kind: 'daemon',
    name: 'Laptop',
  });
  const { code } = await relayCall<{ code: string }>(
    codeOn,
    'POST',
    '/v1/pairing-codes',
    {},
    daemon.deviceToken,
  );
  const phone = await relayCall<DeviceCredentials>(phoneOn, 'POST', '/v1/pairing-codes/redeem', {
    code,
    kind: 'app',
    name: 'Phone',
  });
  return { daemon, phone };
}
