import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { writeFileAtomic } from '../storage/atomic-write';
import { DATA_FILES } from './data-dir';

/**
 * A fresh key for this run's answers to the permission hook, which believes an answer only when
 * the daemon MACed it with this key (see hook/answer-mac.ts). New at each start: a key someone
 * read while an earlier run had it proves nothing now.
 */
export const newAnswerKey = (): Buffer => randomBytes(32);

/**
 * Writes the key where the hook reads it, atomically with mode 600 (only this user can read it).
 * Written once the daemon listens: a second daemon that could not take the port must not replace
 * the running one's key.
 */
export async function writeAnswerKey(dataDir: string, key: Buffer): Promise<void> {
  await writeFileAtomic(join(dataDir, DATA_FILES.answerKey), `${key.toString('hex')}\n`);
}
