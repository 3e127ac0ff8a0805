import { rename } from 'node:fs/promises';
import type { Logger } from '../log/logger';

/**
 * Moves an unreadable data file aside (`<name>.corrupt-<time>`) and says so loudly, so the
 * daemon never silently starts empty over it and the user can still recover it by hand.
 * Returns where the file went, or null when it could not be moved (it is then left in place).
 */
export async function quarantineFile(
  path: string,
  reason: unknown,
  logger: Pick<Logger, 'error'>,
  consequence: string,
): Promise<string | null> {
  const aside = `${path}.corrupt-${Date.now()}`;
  const why = reason instanceof Error ? reason.message : String(reason);
  try {
    await rename(path, aside);
  } catch (error) {
    logger.error(`${path} is unreadable (${why}) and could not be moved aside: ${(error as Error).message}`);
    return null;
  }
  logger.error(`${path} is unreadable (${why}); moved it to ${aside}. ${consequence}`);
  return aside;
}
