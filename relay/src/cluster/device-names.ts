import type { RelayStore } from '../storage/relay-store';

/** Accounts whose names are kept; past this the least recently used account is dropped. */
const MAX_ACCOUNTS = 10_000;

/**
 * Device names by account, to say who has a call ("answered on Anna's phone") in every frame
 * without reading the account's devices per event. A rename, a removal or a new device forgets
 * the account here, and on every other relay instance through the shared database's
 * notifications, so the next frame reads the names again.
 */
export class DeviceNames {
  readonly #store: RelayStore;
  readonly #maxAccounts: number;
  readonly #byAccount = new Map<string, ReadonlyMap<string, string>>();
  /** Bumped by `forget`: a read that began before it must not cache what it read. */
  readonly #generation = new Map<string, number>();
  /** Bumped by `clear`, for the same reason across all accounts. */
  #clears = 0;
  #reads = 0;

  constructor(store: RelayStore, maxAccounts = MAX_ACCOUNTS) {
    this.#store = store;
    this.#maxAccounts = maxAccounts;
  }

  /** How many times the store was read (tests and benchmarks count them). */
  get reads(): number {
    return this.#reads;
  }

  async of(accountId: string): Promise<ReadonlyMap<string, string>> {
    const cached = this.#byAccount.get(accountId);
    if (cached) {
      // Map order is recency order: move it to the end.
      this.#byAccount.delete(accountId);
      this.#byAccount.set(accountId, cached);
      return cached;
    }
    const generation = this.#generation.get(accountId) ?? 0;
    const clears = this.#clears;
    this.#reads += 1;
    const devices = await this.#store.listDevices(accountId);
    const names = new Map(devices.map((device) => [device.deviceId, device.name]));
    if ((this.#generation.get(accountId) ?? 0) === generation && this.#clears === clears)
      this.#remember(accountId, names);
    return names;
  }

  /** Forgets every account: changes may have gone unheard (the notification link was down). */
  clear(): void {
    this.#byAccount.clear();
    this.#clears += 1;
  }

  forget(accountId: string): void {
    this.#byAccount.delete(accountId);
    // Only needed while a read may be in flight; the map stays as small as the cache.
    this.#generation.set(accountId, (this.#generation.get(accountId) ?? 0) + 1);
    if (this.#generation.size > this.#maxAccounts) {
      const oldest = this.#generation.keys().next().value;
      if (oldest !== undefined && oldest !== accountId) this.#generation.delete(oldest);
    }
  }

  #remember(accountId: string, names: ReadonlyMap<string, string>): void {
    this.#byAccount.set(accountId, names);
    if (this.#byAccount.size > this.#maxAccounts) {
      const oldest = this.#byAccount.keys().next().value;
      if (oldest !== undefined) this.#byAccount.delete(oldest);
    }
  }
}
