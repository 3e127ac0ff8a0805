import { randomUUID } from 'node:crypto';
import type { DeviceRecord, DeviceStore, NewDevice } from '../relay-store';
import { DEVICE_COLUMNS, type DeviceRow, toDevice } from '../store-rows';
import type { ReleaseCallsOf } from './answer-leases';
import type { PostgresContext, Sql } from './context';
import { notifyDevices } from './notify';
import type { ForgetCodesBy } from './pairing-codes';
import { forgetPushSubscription } from './push';

/** A device's `last_seen_at` is written at most this often: a token lookup is usually a read. */
const SEEN_INTERVAL_MS = 60_000;

/** Adds a device to an existing account and tells the other instances. Call inside a transaction. */
export type InsertDevice = (
  sql: Sql,
  accountId: string,
  device: NewDevice,
  at: number,
) => Promise<DeviceRecord>;

/** Devices: tokens stored as hashes, removed devices kept (their ids name past calls) but dead. */
/**
 * Whether the device is live, holding its row against a removal until the transaction ends: the
 * first lock every write on behalf of a device takes. Call inside a transaction.
 */
export async function liveDevice(sql: Sql, accountId: string, deviceId: string): Promise<boolean> {
  const { rowCount } = await sql.query(
    'SELECT 1 FROM devices WHERE id = $1 AND account_id = $2 AND removed_at IS NULL FOR SHARE',
    [deviceId, accountId],
  );
  return (rowCount ?? 0) > 0;
}

export function postgresDevices(
  { sql: db, now, transaction }: PostgresContext,
  forgetCodesBy: ForgetCodesBy,
  releaseCallsOf: ReleaseCallsOf,
): { store: DeviceStore; insertDevice: InsertDevice } {
  const insertDevice: InsertDevice = async (sql, accountId, device, at) => {
    const id = randomUUID();
    const { kind, name, tokenHash } = device;
    await sql.query(
      `INSERT INTO devices (id, account_id, kind, name, token_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [id, accountId, kind, name, tokenHash, at],
    );
    await notifyDevices(sql, accountId, id, 'added');
    return toDevice({ id, account_id: accountId, kind, name, created_at: at, last_seen_at: null });
  };

  return {
    insertDevice,
    store: {
      async addDevice(accountId, device) {
        const at = now();
        return transaction(async (sql) => {
          const found = await sql.query('SELECT 1 FROM accounts WHERE id = $1', [accountId]);
          if (found.rowCount === 0) throw new Error(`unknown account ${accountId}`);
          return insertDevice(sql, accountId, device, at);
        });
      },
      async deviceByTokenHash(tokenHash) {
        const { rows } = await db.query<DeviceRow>(
          `SELECT ${DEVICE_COLUMNS} FROM devices WHERE token_hash = $1 AND removed_at IS NULL`,
          [tokenHash],
        );
        const row = rows[0];
        if (!row) return null;
        const at = now();
        const last = row.last_seen_at;
        if (last === null || at - last >= SEEN_INTERVAL_MS || at < last) {
          await db.query('UPDATE devices SET last_seen_at = $1 WHERE id = $2', [at, row.id]);
          row.last_seen_at = at;
        }
        return toDevice(row);
      },
      async listDevices(accountId) {
        const { rows } = await db.query<DeviceRow>(
          `SELECT ${DEVICE_COLUMNS} FROM devices WHERE account_id = $1 AND removed_at IS NULL
           ORDER BY created_at, position`,
          [accountId],
        );
        return rows.map(toDevice);
      },
      async renameDevice(accountId, deviceId, name) {
        return transaction(async (sql) => {
          const { rows } = await sql.query<DeviceRow>(
            `SELECT ${DEVICE_COLUMNS} FROM devices
             WHERE id = $1 AND account_id = $2 AND removed_at IS NULL FOR NO KEY UPDATE`,
            [deviceId, accountId],
          );
          const row = rows[0];
          if (!row) return null;
          if (row.name !== name) {
            await sql.query('UPDATE devices SET name = $1 WHERE id = $2', [name, deviceId]);
            await notifyDevices(sql, accountId, deviceId, 'renamed');
          }
          return toDevice({ ...row, name });
        });
      },
      async removeDevice(accountId, deviceId, pushes) {
        const at = now();
        return transaction(async (sql) => {
          // The device's row first, as every write on its behalf locks it first (liveDevice).
          const removed = await sql.query(
            'UPDATE devices SET removed_at = $1 WHERE id = $2 AND account_id = $3 AND removed_at IS NULL',
            [at, deviceId, accountId],
          );
          if (removed.rowCount === 0) return null;
          // A code the removed device handed out no longer lets anyone in.
          await forgetCodesBy(sql, deviceId);
          // Nor does a push reach it.
          await forgetPushSubscription(sql, deviceId);
          // The calls it held go back to the others in this same transaction: no crash, and no
          // status write of the device, can come between the removal and their release.
          const released = await releaseCallsOf(sql, accountId, deviceId, at, pushes);
          await notifyDevices(sql, accountId, deviceId, 'removed');
          return { released };
        });
      },
    },
  };
}
