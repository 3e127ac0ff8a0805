import type { LiveCodes } from '../cluster/live-codes';

/**
 * The pairing codes live on this relay (created, not yet used or expired), which a wrong guess
 * could hit. Kept in memory beside the store: it errs high (a code deleted with its device stays
 * counted until it expires), which only makes guesses dearer.
 */
export class LivePairingCodes implements LiveCodes {
  readonly #now: () => number;
  readonly #byHash = new Map<string, { accountId: string; expiresAt: number }>();

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  added(codeHash: string, accountId: string, expiresAt: number): void {
    this.#prune();
    this.#byHash.set(codeHash, { accountId, expiresAt });
  }

  used(codeHash: string): void {
    this.#byHash.delete(codeHash);
  }

  async count(): Promise<number> {
    this.#prune();
    return this.#byHash.size;
  }

  /** The account's live codes, soonest to expire first (their expiry times). */
  async of(accountId: string): Promise<number[]> {
    this.#prune();
    return [...this.#byHash.values()]
      .filter((code) => code.accountId === accountId)
      .map((code) => code.expiresAt)
      .sort((a, b) => a - b);
  }

  #prune(): void {
    const now = this.#now();
    // Insertion order is creation order and every code lives as long: stop at the first live one.
    for (const [hash, code] of this.#byHash) {
      if (code.expiresAt > now) break;
      this.#byHash.delete(hash);
    }
  }
}
