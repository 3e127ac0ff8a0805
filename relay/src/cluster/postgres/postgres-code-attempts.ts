import type { Pool } from 'pg';
import { CLAIM_GUESS_BUDGET, GUESS_WINDOW_MS, PAIRING_GUESS_BUDGET } from '../../auth/code-ceilings';
import { abandonTransaction } from '../../storage/postgres/context';
import type { Admission, CodeAttempts, CodeKind } from '../code-attempts';

/** The advisory lock every admission takes: the checks and the counts of all instances in turn. */
const ATTEMPTS_LOCK = 0x5262_0101;
const BUDGETS: Record<CodeKind, number> = { pairing: PAIRING_GUESS_BUDGET, claim: CLAIM_GUESS_BUDGET };

/**
 * Failed claim and pairing attempts counted in the shared database, so the limit per address
 * and the relay-wide ceiling hold for all instances together, and across restarts. The same
 * rules as the in-memory counts (attempt-limiter.ts, guess-ceiling.ts): an attempt is counted
 * before its code is checked and given back when it was right.
 */
export function postgresCodeAttempts(
  pool: Pool,
  options: { perAddressLimit: number; windowMs: number; now: () => number },
): CodeAttempts {
  const { perAddressLimit, windowMs, now } = options;
  return {
    async admit(kind, addressKey, cost): Promise<Admission> {
      const price = Math.max(1, Math.ceil(cost));
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        await client.query('SELECT pg_advisory_xact_lock($1)', [ATTEMPTS_LOCK]);
        const at = now();
        const addressSince = at - windowMs;
        const ceilingSince = at - GUESS_WINDOW_MS;
        await client.query('DELETE FROM code_attempts WHERE at <= $1', [
          Math.min(addressSince, ceilingSince),
        ]);
        const byAddress = await client.query<{ at: number }>(
          `SELECT at FROM code_attempts WHERE scope = 'address' AND key = $1 AND at > $2 ORDER BY at`,
          [addressKey, addressSince],
        );
        if (byAddress.rows.length >= perAddressLimit) {
          await client.query('ROLLBACK');
          const freeing = byAddress.rows[byAddress.rows.length - perAddressLimit]?.at ?? at;
          return {
            admitted: false,
            refusal: 'too_many_attempts',
            retryAfterMs: Math.max(0, freeing + windowMs - at),
          };
        }
        const spent = await client.query<{ at: number; cost: number }>(
          `SELECT at, cost FROM code_attempts WHERE scope = $1 AND at > $2 ORDER BY at, id`,
          [kind, ceilingSince],
        );
        const budget = BUDGETS[kind];
        if (spentTotal(spent.rows) + price > budget) {
          await client.query('ROLLBACK');
          return {
            admitted: false,
            refusal: 'pairing_paused',
            retryAfterMs: ceilingWait(spent.rows, price, budget, at),
          };
        }
        const { rows } = await client.query<{ id: number }>(
          `INSERT INTO code_attempts (scope, key, at, cost) VALUES ('address', $1, $3, 1), ($2, '', $3, $4)
           RETURNING id`,
          [addressKey, kind, at, price],
        );
        await client.query('COMMIT');
        const ids = rows.map((row) => row.id);
        return {
          admitted: true,
          async succeeded() {
            await pool.query('DELETE FROM code_attempts WHERE id = ANY($1::bigint[])', [ids]);
          },
        };
      } catch (error) {
        broken = await abandonTransaction(client, error);
        throw error;
      } finally {
        client.release(broken);
      }
    },
  };
}

const spentTotal = (rows: { cost: number }[]) => rows.reduce((sum, row) => sum + row.cost, 0);

/** When a guess costing `price` fits under the ceiling again, as the oldest guesses age out. */
function ceilingWait(
  rows: { at: number; cost: number }[],
  price: number,
  budget: number,
  at: number,
): number {
  if (price > budget) return GUESS_WINDOW_MS;
  let left = spentTotal(rows);
  for (const row of rows) {
    left -= row.cost;
    if (left + price <= budget) return Math.max(0, row.at + GUESS_WINDOW_MS - at);
  }
  return GUESS_WINDOW_MS;
}
