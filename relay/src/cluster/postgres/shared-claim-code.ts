import type { Pool } from 'pg';
import { newClaimCode } from '../../auth/tokens';

/**
 * A private relay's claim code, one for all its instances: the first to start without an account
 * writes it, the others read it, so whichever instance the owner reaches takes the code printed.
 */
export async function sharedClaimCode(pool: Pool): Promise<string> {
  await pool.query('INSERT INTO relay_claim (id, code) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    newClaimCode(),
  ]);
  const { rows } = await pool.query<{ code: string }>('SELECT code FROM relay_claim WHERE id = 1');
  const code = rows[0]?.code;
  if (!code) throw new Error('the relay claim code could not be read back');
  return code;
}
