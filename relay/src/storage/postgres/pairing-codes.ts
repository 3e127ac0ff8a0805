import type { PairingCodeStore } from '../relay-store';
import type { PostgresContext, Sql } from './context';

/** Drops the codes a device handed out that nobody used. Call inside a transaction. */
export type ForgetCodesBy = (sql: Sql, deviceId: string) => Promise<void>;

/** Pairing codes, stored as hashes: single use, until they expire. */
export function postgresPairingCodes({ sql: db, now, transaction }: PostgresContext): {
  store: PairingCodeStore;
  forgetCodesBy: ForgetCodesBy;
} {
  return {
    forgetCodesBy: async (sql, deviceId) => {
      await sql.query('DELETE FROM pairing_codes WHERE created_by = $1 AND used_at IS NULL', [deviceId]);
    },
    store: {
      async createPairingCode(accountId, codeHash, createdBy, expiresAt) {
        const at = now();
        await transaction(async (sql) => {
          // A used or expired code with the same hash (6 digits do repeat) makes way for the new one.
          await sql.query(
            'DELETE FROM pairing_codes WHERE code_hash = $1 AND (used_at IS NOT NULL OR expires_at <= $2)',
            [codeHash, at],
          );
          await sql.query(
            `INSERT INTO pairing_codes (code_hash, account_id, created_by, created_at, expires_at)
             VALUES ($1, $2, $3, $4, $5)`,
            [codeHash, accountId, createdBy, at, Math.floor(expiresAt)],
          );
        });
      },
      async consumePairingCode(codeHash, at) {
        // One statement: of two racing uses, the second finds the row already used. Expiry
        // times are whole ms, so comparing with the floor of `at` is the same as with `at`.
        const { rows } = await db.query<{ account_id: string }>(
          `UPDATE pairing_codes SET used_at = $1
           WHERE code_hash = $2 AND used_at IS NULL AND expires_at > $3
           RETURNING account_id`,
          [Math.floor(at), codeHash, Math.floor(at)],
        );
        return rows[0]?.account_id ?? null;
      },
      async livePairingCodes(at) {
        const { rows } = await db.query<{ code_hash: string; account_id: string; expires_at: number }>(
          `SELECT code_hash, account_id, expires_at FROM pairing_codes
           WHERE used_at IS NULL AND expires_at > $1 ORDER BY created_at, position`,
          [Math.floor(at)],
        );
        return rows.map((row) => ({
          codeHash: row.code_hash,
          accountId: row.account_id,
          expiresAt: row.expires_at,
        }));
      },
    },
  };
}
