import type { DeviceRecord, RelayStore } from '../storage/relay-store';

/**
 * How long a token's device is believed without asking the store again. The store marks a
 * device seen at most once a minute, so asking it this often keeps `lastSeenAt` as fresh as
 * before; and should a notification of a removal ever be missed, the token still stops working
 * within this time.
 */
const TRUSTED_FOR_MS = 60_000;
const MAX_TOKENS = 100_000;

/**
 * The device of each token recently seen, so a request does not read the devices table (a
 * round trip to PostgreSQL) before it starts. A removal or rename forgets the device at once
 * here and, through the database's notifications, on every other instance.
 */
export class DeviceTokens {
  readonly #store: RelayStore;
  readonly #now: () => number;
  readonly #maxTokens: number;
  readonly #byToken = new Map<string, { device: DeviceRecord; checkedAt: number }>();
  readonly #tokenOf = new Map<string, string>();

  constructor(store: RelayStore, now: () => number, maxTokens = MAX_TOKENS) {
    this.#store = store;
    this.#now = now;
    this.#maxTokens = maxTokens;
  }

  /** How many tokens are remembered now. */
  get size(): number {
    return this.#byToken.size;
  }

  /** The live device holding this token hash, or null. */
  async device(tokenHash: string): Promise<DeviceRecord | null> {
    const cached = this.#byToken.get(tokenHash);
    const at = this.#now();
    if (cached && at - cached.checkedAt < TRUSTED_FOR_MS && at >= cached.checkedAt) return cached.device;
    const device = await this.#store.deviceByTokenHash(tokenHash);
    this.#drop(tokenHash);
    if (device) this.#remember(tokenHash, device, at);
    return device;
  }

  forgetDevice(deviceId: string): void {
    const tokenHash = this.#tokenOf.get(deviceId);
    if (tokenHash !== undefined) this.#drop(tokenHash);
  }

  clear(): void {
    this.#byToken.clear();
    this.#tokenOf.clear();
  }

  #remember(tokenHash: string, device: DeviceRecord, at: number): void {
    this.#byToken.set(tokenHash, { device, checkedAt: at });
    this.#tokenOf.set(device.deviceId, tokenHash);
    if (this.#byToken.size > this.#maxTokens) {
      const oldest = this.#byToken.keys().next().value;
      if (oldest !== undefined) this.#drop(oldest);
    }
  }

  #drop(tokenHash: string): void {
    const cached = this.#byToken.get(tokenHash);
    if (!cached) return;
    this.#byToken.delete(tokenHash);
    if (this.#tokenOf.get(cached.device.deviceId) === tokenHash) this.#tokenOf.delete(cached.device.deviceId);
  }
}
