// The cluster's own tables hold only what lives seconds to minutes: what nobody will finish is swept.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DaemonLinks } from '../../link/daemon-links';
import { SettingsBroker } from '../../link/settings-broker';
import { createSilentRelayLogger } from '../../relay-logger';
import { sharedTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from '../../storage/postgres/test-database';
import type { LocalRelay } from '../relay-cluster';
import { DaemonLinkRegistry } from './daemon-link-registry';
import { RemoteSettings, SETTINGS_ROW_TTL_MS } from './remote-settings';

describe.skipIf(!testDatabaseUrl())(`the cluster's sweeps (needs ${TEST_DATABASE_ENV})`, () => {
  const database = sharedTestDatabase();

  it('drop the links of an instance whose session is gone, and keep a live one', async () => {
    const store = await database.openStore();
    const listener = new pg.Client({ connectionString: database.url() });
    await listener.connect();
    const { rows } = await listener.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const registry = new DaemonLinkRegistry(store.pool, Date.now);
    await registry.opened('daemon-live', Number(rows[0]?.pid));
    await store.pool.query(
      `INSERT INTO daemon_links (device_id, link_id, listener_pid, listener_started, connected_at)
       VALUES ('daemon-of-a-dead-instance', 'l1', 999999, now(), 0)`,
    );
    expect(await registry.isOnline('daemon-of-a-dead-instance')).toBe(false);

    expect(await registry.sweep()).toBe(1);
    expect(await registry.isOnline('daemon-live')).toBe(true);
    await listener.end();
    expect(await registry.sweep()).toBe(1);
  });

  it('drop relayed settings requests nobody finished within their time, and keep newer ones', async () => {
    const store = await database.openStore();
    let now = 1_000_000_000;
    const local = {
      store,
      links: new DaemonLinks(),
      broker: new SettingsBroker(),
      logger: createSilentRelayLogger(),
      now: () => now,
    } as unknown as LocalRelay;
    const settings = new RemoteSettings(store.pool, local, async () => true);
    const insert = (requestId: string, createdAt: number) =>
      store.pool.query(
        `INSERT INTO relayed_settings (device_id, request_id, sealed, created_at) VALUES ('d', $1, 'e1.x', $2)`,
        [requestId, createdAt],
      );
    await insert('abandoned', now - SETTINGS_ROW_TTL_MS - 1);
    await insert('recent', now - 1000);
    now += 1;
    await settings.sweep();
    const { rows } = await store.pool.query<{ request_id: string }>(
      'SELECT request_id FROM relayed_settings',
    );
    expect(rows.map((row) => row.request_id)).toEqual(['recent']);
  });
});
