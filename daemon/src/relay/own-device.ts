import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DeviceList } from '@ringback/protocol';
import { DATA_FILES } from '../config/data-dir';
import type { Logger } from '../log/logger';
import { writeFileAtomic } from '../storage/atomic-write';
import type { RelayTarget } from './post-daemon-event';
import { callRelay } from './relay-client';

interface DeviceFile {
  version: 1;
  deviceId: string;
  /** Which login the id belongs to: the SHA-256 of its device token, so a newer token is never paired with an older id. */
  token: string;
}

const tokenHash = (deviceToken: string) => createHash('sha256').update(deviceToken).digest('hex');

function toDeviceFile(value: unknown): DeviceFile | null {
  const file = value as Partial<DeviceFile> | null;
  return file?.version === 1 && typeof file.deviceId === 'string' && typeof file.token === 'string'
    ? (file as DeviceFile)
    : null;
}

/** Pins this computer's device id at login (`device.json`), beside the token `device.token` holds. */
export async function recordOwnDevice(dataDir: string, deviceToken: string, deviceId: string): Promise<void> {
  const file: DeviceFile = { version: 1, deviceId, token: tokenHash(deviceToken) };
  await writeFileAtomic(join(dataDir, DATA_FILES.device), JSON.stringify(file));
}

/**
 * This computer's device id on the relay: what a device's sealed request must name (its AAD) to
 * be opened here. It is pinned at login, so a relay cannot later pass this computer off as
 * another one of the account. A computer logged in by an older version (or one that crashed
 * between writing its token and its id) has none pinned: it asks the relay once, with its own
 * token, and pins the answer.
 */
export class OwnDevice {
  readonly #dataDir: string;
  readonly #target: () => Promise<RelayTarget | null>;
  readonly #logger: Logger;
  #known: { token: string; deviceId: Promise<string | null> } | null = null;

  constructor(dataDir: string, target: () => Promise<RelayTarget | null>, logger: Logger) {
    this.#dataDir = dataDir;
    this.#target = target;
    this.#logger = logger;
  }

  /** The device id of the current login; null when not logged in or not learnt (the request is then not opened). */
  async deviceId(): Promise<string | null> {
    const target = await this.#target().catch(() => null);
    return target ? this.deviceIdOf(target) : null;
  }

  /**
   * The device id of the login `target` names, such as the one the relay link was opened with:
   * known after the first time without reading any file, so a request does not wait on the disk.
   */
  async deviceIdOf(target: RelayTarget): Promise<string | null> {
    if (this.#known?.token === target.deviceToken) return this.#known.deviceId;
    // One lookup shared by the requests that arrive while it runs.
    const deviceId = this.#pinned(target).catch((error: Error) => {
      this.#logger.error(`could not learn this computer's device id: ${error.message}`);
      return null;
    });
    this.#known = { token: target.deviceToken, deviceId };
    const id = await deviceId;
    // Not learnt: asked again at the next request.
    if (id === null && this.#known?.deviceId === deviceId) this.#known = null;
    return id;
  }

  async #pinned(target: RelayTarget): Promise<string | null> {
    const path = join(this.#dataDir, DATA_FILES.device);
    const file = await readFile(path, 'utf8').then(
      (text) => toDeviceFile(JSON.parse(text)),
      () => null,
    );
    if (file?.token === tokenHash(target.deviceToken)) return file.deviceId;
    const { devices } = await callRelay<DeviceList>(target.serverUrl, '/v1/devices', {
      token: target.deviceToken,
    });
    const own = devices.find((device) => device.current);
    if (!own) return null;
    await recordOwnDevice(this.#dataDir, target.deviceToken, own.deviceId);
    this.#logger.info(`this computer is device ${own.deviceId} on the relay; pinned in ${DATA_FILES.device}`);
    return own.deviceId;
  }
}
