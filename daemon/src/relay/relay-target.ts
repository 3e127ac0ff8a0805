import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DaemonConfig } from '../config/daemon-config';
import { DATA_FILES } from '../config/data-dir';
import type { RelayTarget } from './post-daemon-event';

/**
 * Where and as whom to deliver: `server.url` from daemon.json and the device token from
 * `device.token` (mode 600, written at login). Read per attempt so a login takes effect at once.
 */
export async function readRelayTarget(dataDir: string, config: DaemonConfig): Promise<RelayTarget | null> {
  const serverUrl = config.server?.url;
  if (typeof serverUrl !== 'string' || serverUrl === '') return null;
  try {
    const deviceToken = (await readFile(join(dataDir, DATA_FILES.deviceToken), 'utf8')).trim();
    return deviceToken ? { serverUrl, deviceToken } : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
