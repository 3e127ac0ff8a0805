import { randomUUID } from 'node:crypto';
import type { AccountStore, DeviceRecord, NewDevice } from '../relay-store';
import { ADVISORY_LOCKS } from './advisory-locks';
import type { PostgresContext, Sql } from './context';
import type { InsertDevice } from './devices';

/** Accounts: an id, a creation time and the counter of its log. */
export function postgresAccounts(
  { sql: db, now, transaction }: PostgresContext,
  insertDevice: InsertDevice,
): AccountStore {
  /** An account with its first device. Call inside a transaction. */
  const insertAccount = async (sql: Sql, device: NewDevice, at: number): Promise<DeviceRecord> => {
    const accountId = randomUUID();
    await sql.query('INSERT INTO accounts (id, created_at) VALUES ($1, $2)', [accountId, at]);
    return insertDevice(sql, accountId, device, at);
  };
  const anyAccount = async (sql: Sql): Promise<boolean> => {
    const { rows } = await sql.query<{ found: boolean }>('SELECT EXISTS (SELECT 1 FROM accounts) AS found');
    return rows[0]?.found === true;
  };

  return {
    async hasAccounts() {
      return anyAccount(db);
    },
    async createAccount(device) {
      const at = now();
      return transaction((sql) => insertAccount(sql, device, at));
    },
    async claimRelay(device) {
      const at = now();
      return transaction(async (sql) => {
        // Claims queue on the lock, and each one's check runs after the one before committed
        // (a READ COMMITTED statement sees what committed before it started): one account.
        await sql.query(`SELECT pg_advisory_xact_lock(${ADVISORY_LOCKS.claimRelay})`);
        return (await anyAccount(sql)) ? null : insertAccount(sql, device, at);
      });
    },
  };
}
