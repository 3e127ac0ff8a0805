import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../storage/atomic-write';
import { quarantineFile } from '../storage/quarantine';
import type { DaemonConfig } from './daemon-config';
import { DATA_FILES } from './data-dir';

export interface ConfigLogger {
  info(message: string): void;
  error(message: string): void;
}

export interface LoadedConfig {
  config: DaemonConfig;
  /** True when no daemon.json existed: the first run of this data dir. */
  firstRun: boolean;
  /** Where an unreadable daemon.json was moved aside, if it was. */
  movedAside?: string;
}

/**
 * `daemon.json`: read once at start (hand edits take effect after a restart), then changed
 * only through `update`, which serialises writers and writes atomically with mode 600.
 */
export class ConfigStore {
  readonly path: string;
  #current: DaemonConfig;
  #writing: Promise<unknown> = Promise.resolve();

  private constructor(path: string, config: DaemonConfig) {
    this.path = path;
    this.#current = config;
  }

  static async open(dataDir: string, logger: ConfigLogger): Promise<{ store: ConfigStore } & LoadedConfig> {
    const path = join(dataDir, DATA_FILES.config);
    const loaded = await loadConfigFile(path, logger);
    return { store: new ConfigStore(path, loaded.config), ...loaded };
  }

  /** The configuration in force. Treat it as read-only; change it with `update`. */
  read(): DaemonConfig {
    return this.#current;
  }

  /** Applies `change` to the current configuration and persists it before resolving. */
  update(change: (current: DaemonConfig) => DaemonConfig): Promise<DaemonConfig> {
    const next = this.#writing.then(async () => {
      const updated = change(structuredClone(this.#current));
      await writeFileAtomic(this.path, `${JSON.stringify(updated, null, 2)}\n`);
      this.#current = updated;
      return updated;
    });
    this.#writing = next.catch(() => undefined);
    return next;
  }
}

async function loadConfigFile(path: string, logger: ConfigLogger): Promise<LoadedConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { config: {}, firstRun: true };
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw new Error('the top level is not an object');
    }
    return { config: parsed as DaemonConfig, firstRun: false };
  } catch (error) {
    const aside = await quarantineFile(
      path,
      error,
      logger,
      'Starting without its settings: no end-to-end key is invented over it. Restore the file or set the key again.',
    );
    if (aside === null) throw error;
    return { config: {}, firstRun: false, movedAside: aside };
  }
}
