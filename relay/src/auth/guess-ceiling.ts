/** A guess taken from a budget; given back when it turned out right. */
export interface TakenGuess {
  giveBack(): void;
}

/**
 * A relay-wide budget of wrong codes in a sliding window, whatever address they come from.
 * Each guess costs what it could win: for a pairing code, the number of codes live when it is
 * made (a guess hits any of them with probability live/10^6). `take` refuses a guess that
 * would pass the budget, so in any window the sum of those costs stays within it, and the
 * chance that any guess in it hit a live code stays within budget/10^6 (see code-ceilings.ts).
 */
export class GuessCeiling {
  readonly #budget: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  /** Guesses in the window, oldest first; at most `budget` of them since each costs at least 1. */
  #spent: { at: number; cost: number }[] = [];
  #total = 0;

  constructor(options: { budget: number; windowMs: number; now?: () => number }) {
    this.#budget = options.budget;
    this.#windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
  }

  /** Takes a guess costing `cost` (at least 1), or null when it would pass the ceiling. */
  take(cost: number): TakenGuess | null {
    const price = Math.max(1, Math.ceil(cost));
    this.#prune();
    if (this.#total + price > this.#budget) return null;
    const entry = { at: this.#now(), cost: price };
    this.#spent.push(entry);
    this.#total += price;
    return {
      giveBack: () => {
        this.#total -= entry.cost;
        entry.cost = 0;
      },
    };
  }

  /** Milliseconds until a guess costing `cost` fits again (a full window when it never would). */
  retryAfterMs(cost: number): number {
    const price = Math.max(1, Math.ceil(cost));
    this.#prune();
    if (price > this.#budget) return this.#windowMs;
    let left = this.#total;
    if (left + price <= this.#budget) return 0;
    for (const entry of this.#spent) {
      left -= entry.cost;
      if (left + price <= this.#budget) return Math.max(0, entry.at + this.#windowMs - this.#now());
    }
    return this.#windowMs;
  }

  #prune(): void {
    const since = this.#now() - this.#windowMs;
    let drop = 0;
    while (drop < this.#spent.length && (this.#spent[drop]?.at ?? 0) <= since) {
      this.#total -= this.#spent[drop]?.cost ?? 0;
      drop++;
    }
    if (drop > 0) this.#spent = this.#spent.slice(drop);
  }
}
