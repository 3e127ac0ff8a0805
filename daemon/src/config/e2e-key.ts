import { generateE2eKey, isE2eKey } from '@ringback/protocol';
import type { Logger } from '../log/logger';
import type { ConfigStore, LoadedConfig } from './config-store';
import type { E2eKeyConfig } from './daemon-config';

/** The end-to-end key in force, or null when there is none (see `ensureE2eKey`). */
export function readE2eKey(store: ConfigStore): E2eKeyConfig | null {
  const e2e = store.read().e2e;
  return e2e && typeof e2e.key === 'string' && isE2eKey(e2e.key) ? e2e : null;
}

/**
 * Creates the random key on the first run. When daemon.json was unreadable (moved aside) no
 * key is invented: the user's devices hold the old one, and a new one would silently make
 * every report unreadable to them. Reports then wait in the outbox until a key is set.
 */
export async function ensureE2eKey(
  store: ConfigStore,
  loaded: LoadedConfig,
  logger: Logger,
): Promise<E2eKeyConfig | null> {
  const existing = readE2eKey(store);
  if (existing) return existing;
  if (loaded.movedAside || (!loaded.firstRun && store.read().e2e !== undefined)) {
    logger.error(
      'no usable end-to-end key: reports wait in the outbox until one is set (PUT /e2e/key with the passphrase or key your devices use)',
    );
    return null;
  }
  const e2e: E2eKeyConfig = { key: generateE2eKey(), source: 'random', updatedAt: new Date().toISOString() };
  await store.update((current) => ({ ...current, e2e }));
  logger.info('created a new random end-to-end key');
  return e2e;
}
