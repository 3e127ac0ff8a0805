import type { PairingCodeStore } from '../relay-store';
import type { SqliteContext } from './context';

/** Drops the codes a device handed out that nobody used. Call inside a write. */
export type ForgetCodesBy = (deviceId: string) => void;

/** Pairing codes, stored as hashes: single use, until they expire. */
export function sqlitePairingCodes({ db, commit, now }: SqliteContext): {
  store: PairingCodeStore;
  forgetCodesBy: ForgetCodesBy;
} {
  const s = {
    insert: db.prepare<[string, string, string, number, number]>(
      `INSERT INTO pairing_codes (code_hash, account_id, created_by, created_at, expires_at)
       VALUES (?, ?, ?, ?, ?)`,
    ),
    /** A dead code (used or expired) in the way of a new one with the same hash. */
    deleteDead: db.prepare<[string, number]>(
      'DELETE FROM pairing_codes WHERE code_hash = ? AND (used_at IS NOT NULL OR expires_at <= ?)',
    ),
    consume: db.prepare<[number, string, number], { account_id: string }>(
      `UPDATE pairing_codes SET used_at = ?
       WHERE code_hash = ? AND used_at IS NULL AND expires_at > ?
       RETURNING account_id`,
    ),
    live: db.prepare<[number], { code_hash: string; account_id: string; expires_at: number }>(
      `SELECT code_hash, account_id, expires_at FROM pairing_codes
       WHERE used_at IS NULL AND expires_at > ? ORDER BY created_at, rowid`,
    ),
    deleteUnusedBy: db.prepare<[string]>(
      'DELETE FROM pairing_codes WHERE created_by = ? AND used_at IS NULL',
    ),
  };

  return {
    forgetCodesBy: (deviceId) => {
      s.deleteUnusedBy.run(deviceId);
    },
    store: {
      async createPairingCode(accountId, codeHash, createdBy, expiresAt) {
        const at = now();
        await commit.write(() => {
          // A used or expired code with the same hash (6 digits do repeat) makes way for the new one.
          s.deleteDead.run(codeHash, at);
          s.insert.run(codeHash, accountId, createdBy, at, Math.floor(expiresAt));
        });
      },
      async consumePairingCode(codeHash, at) {
        return commit.write(() => s.consume.get(Math.floor(at), codeHash, at)?.account_id ?? null);
      },
      async livePairingCodes(at) {
        return s.live
          .all(Math.floor(at))
          .map((row) => ({ codeHash: row.code_hash, accountId: row.account_id, expiresAt: row.expires_at }));
      },
    },
  };
}
