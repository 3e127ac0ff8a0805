import { randomUUID } from 'node:crypto';
import type { DeviceKind, DeviceRecord, DeviceStore, NewDevice } from '../relay-store';
import { DEVICE_COLUMNS, type DeviceRow, toDevice } from '../store-rows';
import type { ReleaseCallsOf } from './answer-leases';
import type { SqliteContext } from './context';
import type { ForgetCodesBy } from './pairing-codes';

/** A device's `last_seen_at` is written at most this often: a token lookup is usually a read. */
const SEEN_INTERVAL_MS = 60_000;

/** Adds a device to an existing account. Call inside a write. */
export type InsertDevice = (accountId: string, device: NewDevice, at: number) => DeviceRecord;

/** Devices: tokens stored as hashes, removed devices kept (their ids name past calls) but dead. */
export function sqliteDevices(
  { db, commit, now }: SqliteContext,
  forgetCodesBy: ForgetCodesBy,
  releaseCallsOf: ReleaseCallsOf,
): { store: DeviceStore; insertDevice: InsertDevice } {
  const s = {
    accountExists: db.prepare<[string], { found: number }>('SELECT 1 AS found FROM accounts WHERE id = ?'),
    insert: db.prepare<{
      id: string;
      accountId: string;
      kind: DeviceKind;
      name: string;
      tokenHash: string;
      createdAt: number;
    }>(
      `INSERT INTO devices (id, account_id, kind, name, token_hash, created_at)
       VALUES (@id, @accountId, @kind, @name, @tokenHash, @createdAt)`,
    ),
    live: db.prepare<[string, string], DeviceRow>(
      `SELECT ${DEVICE_COLUMNS} FROM devices WHERE id = ? AND account_id = ? AND removed_at IS NULL`,
    ),
    liveByToken: db.prepare<[string], DeviceRow>(
      `SELECT ${DEVICE_COLUMNS} FROM devices WHERE token_hash = ? AND removed_at IS NULL`,
    ),
    markSeen: db.prepare<[number, string]>('UPDATE devices SET last_seen_at = ? WHERE id = ?'),
    liveOfAccount: db.prepare<[string], DeviceRow>(
      `SELECT ${DEVICE_COLUMNS} FROM devices WHERE account_id = ? AND removed_at IS NULL
       ORDER BY created_at, rowid`,
    ),
    rename: db.prepare<[string, string, string]>(
      'UPDATE devices SET name = ? WHERE id = ? AND account_id = ? AND removed_at IS NULL',
    ),
    remove: db.prepare<[number, string, string]>(
      'UPDATE devices SET removed_at = ? WHERE id = ? AND account_id = ? AND removed_at IS NULL',
    ),
    forgetPushSubscription: db.prepare<[string]>('DELETE FROM push_subscriptions WHERE device_id = ?'),
  };

  const insertDevice: InsertDevice = (accountId, device, at) => {
    const id = randomUUID();
    const { kind, name, tokenHash } = device;
    s.insert.run({ id, accountId, kind, name, tokenHash, createdAt: at });
    return toDevice({ id, account_id: accountId, kind, name, created_at: at, last_seen_at: null });
  };

  return {
    insertDevice,
    store: {
      async addDevice(accountId, device) {
        const at = now();
        return commit.write(() => {
          if (!s.accountExists.get(accountId)) throw new Error(`unknown account ${accountId}`);
          return insertDevice(accountId, device, at);
        });
      },
      async deviceByTokenHash(tokenHash) {
        const row = s.liveByToken.get(tokenHash);
        if (!row) return null;
        const at = now();
        const last = row.last_seen_at;
        if (last === null || at - last >= SEEN_INTERVAL_MS || at < last) {
          await commit.write(() => s.markSeen.run(at, row.id));
          row.last_seen_at = at;
        }
        return toDevice(row);
      },
      async listDevices(accountId) {
        return s.liveOfAccount.all(accountId).map(toDevice);
      },
      async renameDevice(accountId, deviceId, name) {
        return commit.write(() => {
          if (s.rename.run(name, deviceId, accountId).changes === 0) return null;
          const row = s.live.get(deviceId, accountId);
          return row ? toDevice(row) : null;
        });
      },
      async removeDevice(accountId, deviceId, pushes) {
        const at = now();
        return commit.write(() => {
          if (s.remove.run(at, deviceId, accountId).changes === 0) return null;
          // A code the removed device handed out no longer lets anyone in.
          forgetCodesBy(deviceId);
          // Nor does a push reach it.
          s.forgetPushSubscription.run(deviceId);
          // The calls it held go back to the others in this same write: no crash, and no status
          // write of the device, can come between the removal and their release.
          return { released: releaseCallsOf(accountId, deviceId, at, pushes) };
        });
      },
    },
  };
}
