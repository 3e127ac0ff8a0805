// Migration "push subscriptions: one device per endpoint" on a database that already holds the
// same endpoint on several devices: the newest row of each endpoint stays, and from then on the
// database refuses a second row for an endpoint.
import Database from 'better-sqlite3';
import { Pool } from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, MIGRATIONS } from './migrations';
import { applyPostgresMigrations, POSTGRES_MIGRATIONS } from './postgres/migrations';
import { createTestDatabase, TEST_DATABASE_ENV, testDatabaseUrl } from './postgres/test-database';
import { UNIQUE_PUSH_ENDPOINTS_POSTGRES } from './postgres/unique-push-endpoints';
import { UNIQUE_PUSH_ENDPOINTS_SQLITE } from './sqlite/unique-push-endpoints';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Two accounts; three devices at endpoint A (the newest `d3`), one at B. */
const DEVICES = [
  { id: 'd1', account: 'a1', endpoint: 'https://push/A', createdAt: 1000 },
  { id: 'd2', account: 'a2', endpoint: 'https://push/A', createdAt: 3000 },
  { id: 'd3', account: 'a1', endpoint: 'https://push/A', createdAt: 5000 },
  { id: 'd4', account: 'a2', endpoint: 'https://push/B', createdAt: 2000 },
];
const KEPT = [
  { device_id: 'd3', endpoint: 'https://push/A' },
  { device_id: 'd4', endpoint: 'https://push/B' },
];

/** Where the migration stands in each list: the database is brought to just before it. */
const BEFORE_SQLITE = MIGRATIONS.indexOf(UNIQUE_PUSH_ENDPOINTS_SQLITE);
const BEFORE_POSTGRES = POSTGRES_MIGRATIONS.indexOf(UNIQUE_PUSH_ENDPOINTS_POSTGRES);

describe('push subscriptions: one device per endpoint', () => {
  it('SQLite: keeps the newest row of each endpoint, then refuses a second', () => {
    const db = new Database(':memory:');
    try {
      applyMigrations(db, MIGRATIONS.slice(0, BEFORE_SQLITE));
      for (const account of ['a1', 'a2'])
        db.prepare('INSERT INTO accounts (id, created_at) VALUES (?, 0)').run(account);
      for (const d of DEVICES) {
        db.prepare(
          `INSERT INTO devices (id, account_id, kind, name, token_hash, created_at) VALUES (?, ?, 'app', ?, ?, 0)`,
        ).run(d.id, d.account, d.id, `hash-${d.id}`);
        db.prepare(
          `INSERT INTO push_subscriptions (device_id, account_id, endpoint, p256dh, auth, created_at)
           VALUES (?, ?, ?, 'k', 'a', ?)`,
        ).run(d.id, d.account, d.endpoint, d.createdAt);
      }
      applyMigrations(db);
      expect(
        db.prepare('SELECT device_id, endpoint FROM push_subscriptions ORDER BY device_id').all(),
      ).toEqual(KEPT);
      expect(() =>
        db
          .prepare(
            `INSERT INTO push_subscriptions (device_id, account_id, endpoint, p256dh, auth, created_at)
             VALUES ('d1', 'a1', 'https://push/A', 'k', 'a', 9000)`,
          )
          .run(),
      ).toThrow(/UNIQUE/);
    } finally {
      db.close();
    }
  });

  it.skipIf(!testDatabaseUrl())(
    `PostgreSQL: keeps the newest row of each endpoint, then refuses a second (needs ${TEST_DATABASE_ENV})`,
    async () => {
      const database = await createTestDatabase();
      cleanups.push(() => database.drop());
      const pool = new Pool({ connectionString: database.url, max: 1 });
      pool.on('error', () => undefined);
      cleanups.push(() => pool.end());
      await applyPostgresMigrations(pool, POSTGRES_MIGRATIONS.slice(0, BEFORE_POSTGRES));
      for (const account of ['a1', 'a2'])
        await pool.query('INSERT INTO accounts (id, created_at) VALUES ($1, 0)', [account]);
      for (const d of DEVICES) {
        await pool.query(
          `INSERT INTO devices (id, account_id, kind, name, token_hash, created_at) VALUES ($1, $2, 'app', $1, $3, 0)`,
          [d.id, d.account, `hash-${d.id}`],
        );
        await pool.query(
          `INSERT INTO push_subscriptions (device_id, account_id, endpoint, p256dh, auth, created_at)
           VALUES ($1, $2, $3, 'k', 'a', $4)`,
          [d.id, d.account, d.endpoint, d.createdAt],
        );
      }
      await applyPostgresMigrations(pool);
      const { rows } = await pool.query(
        'SELECT device_id, endpoint FROM push_subscriptions ORDER BY device_id',
      );
      expect(rows).toEqual(KEPT);
      await expect(
        pool.query(
          `INSERT INTO push_subscriptions (device_id, account_id, endpoint, p256dh, auth, created_at)
           VALUES ('d1', 'a1', 'https://push/A', 'k', 'a', 9000)`,
        ),
      ).rejects.toThrow(/unique/);
    },
  );
});
