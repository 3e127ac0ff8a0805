/** A first-in first-out list that takes from its head in O(1). */
class Fifo<T> {
  #items: T[] = [];
  #head = 0;

  get length(): number {
    return this.#items.length - this.#head;
  }

  push(item: T): void {
    this.#items.push(item);
  }

  shift(): T | undefined {
    if (this.#head >= this.#items.length) return undefined;
    const item = this.#items[this.#head] as T;
    this.#head += 1;
    // Compacted once the taken ones are half the array: shifting one at a time would cost O(n) each.
    if (this.#head > 1024 && this.#head * 2 > this.#items.length) {
      this.#items = this.#items.slice(this.#head);
      this.#head = 0;
    }
    return item;
  }
}

/** One push service's waiting work, by account, and how much of it is being sent. */
interface OriginLane<T> {
  inFlight: number;
  waiting: number;
  /** In turn order: the account served next is first. */
  accounts: Map<string, Fifo<T>>;
}

/** Where a piece of work goes (a push service's origin) and whose it is (an account). */
export interface LaneKey {
  origin: string;
  account: string;
}

/**
 * Waiting work shared fairly: push services (origins) take turns, each with at most
 * `perOrigin` pieces in flight, so one that never answers holds its own slots and no one
 * else's; within an origin, accounts take turns, so one account's thousand pushes do not go
 * before another account's first.
 */
export class FairLanes<T> {
  readonly #perOrigin: number;
  /** In turn order: the origin tried first is first. */
  readonly #origins = new Map<string, OriginLane<T>>();
  #waiting = 0;

  constructor(perOrigin: number) {
    this.#perOrigin = perOrigin;
  }

  /** Pieces waiting in every lane. */
  get waiting(): number {
    return this.#waiting;
  }

  /** Pieces waiting for one origin. */
  waitingFor(origin: string): number {
    return this.#origins.get(origin)?.waiting ?? 0;
  }

  /** Pieces waiting for one origin on one account's behalf. */
  waitingForAccount(key: LaneKey): number {
    return this.#origins.get(key.origin)?.accounts.get(key.account)?.length ?? 0;
  }

  add(key: LaneKey, item: T): void {
    let lane = this.#origins.get(key.origin);
    if (!lane) {
      lane = { inFlight: 0, waiting: 0, accounts: new Map() };
      this.#origins.set(key.origin, lane);
    }
    let queue = lane.accounts.get(key.account);
    if (!queue) {
      queue = new Fifo();
      lane.accounts.set(key.account, queue);
    }
    queue.push(item);
    lane.waiting += 1;
    this.#waiting += 1;
  }

  /**
   * The next piece to start, counted in flight for its origin until `finished`; undefined when
   * every origin with work waiting is at its cap.
   */
  take(): { key: LaneKey; item: T } | undefined {
    for (const [origin, lane] of this.#origins) {
      if (lane.waiting === 0 || lane.inFlight >= this.#perOrigin) continue;
      const [account, queue] = lane.accounts.entries().next().value as [string, Fifo<T>];
      const item = queue.shift() as T;
      // To the back of the turn order: the account, then the origin.
      lane.accounts.delete(account);
      if (queue.length > 0) lane.accounts.set(account, queue);
      this.#origins.delete(origin);
      this.#origins.set(origin, lane);
      lane.waiting -= 1;
      lane.inFlight += 1;
      this.#waiting -= 1;
      return { key: { origin, account }, item };
    }
    return undefined;
  }

  /** A piece `take` gave is no longer in flight. */
  finished(key: LaneKey): void {
    const lane = this.#origins.get(key.origin);
    if (!lane) return;
    lane.inFlight -= 1;
    if (lane.inFlight === 0 && lane.waiting === 0) this.#origins.delete(key.origin);
  }

  /** Drops everything waiting (in-flight counts stay until `finished`). */
  clear(): void {
    for (const [origin, lane] of this.#origins) {
      lane.accounts.clear();
      lane.waiting = 0;
      if (lane.inFlight === 0) this.#origins.delete(origin);
    }
    this.#waiting = 0;
  }
}
