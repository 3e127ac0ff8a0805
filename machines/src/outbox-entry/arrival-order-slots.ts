interface Waiting {
  eventId: string;
  acceptedAt: number;
}

function before(a: Waiting, b: Waiting): boolean {
  return a.acceptedAt < b.acceptedAt || (a.acceptedAt === b.acceptedAt && a.eventId < b.eventId);
}

/**
 * Hands out a bounded number of slots in arrival order (acceptance time, then event id, which is
 * a UUIDv7 and so sorts by time). Pure bookkeeping: the host acts from `grant` and says when a
 * slot is given back. The bound may change (`setLimit`); slots already given are not taken back.
 */
export class ArrivalOrderSlots {
  readonly #grant: (eventId: string) => void;
  #limit: number;
  readonly #waiting: Waiting[] = [];
  readonly #queued = new Set<string>();
  readonly #running = new Set<string>();

  constructor(grant: (eventId: string) => void, limit: number) {
    this.#grant = grant;
    this.#limit = limit;
  }

  get running(): number {
    return this.#running.size;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  get limit(): number {
    return this.#limit;
  }

  setLimit(limit: number): void {
    this.#limit = limit;
    this.#pump();
  }

  /**
   * An entry that needs a slot. Arrivals are nearly always newest, so the insert is a push; one
   * coming back after a failed try goes back to its place, ahead of newer ones.
   */
  enqueue(eventId: string, acceptedAt: number): void {
    if (this.#queued.has(eventId) || this.#running.has(eventId)) return;
    const item = { eventId, acceptedAt };
    let index = this.#waiting.length;
    while (index > 0 && before(item, this.#waiting[index - 1] as Waiting)) index -= 1;
    this.#waiting.splice(index, 0, item);
    this.#queued.add(eventId);
    this.#pump();
  }

  /** The entry gave its slot back (done or failed): the slot goes to the next in line. */
  finished(eventId: string): void {
    if (this.#running.delete(eventId)) this.#pump();
  }

  /** The entry is gone (delivered, dropped, stopped). */
  remove(eventId: string): void {
    if (this.#queued.delete(eventId)) {
      const index = this.#waiting.findIndex((item) => item.eventId === eventId);
      if (index >= 0) this.#waiting.splice(index, 1);
    }
    this.finished(eventId);
  }

  #pump(): void {
    while (this.#running.size < this.#limit && this.#waiting.length > 0) {
      const next = this.#waiting.shift() as Waiting;
      this.#queued.delete(next.eventId);
      this.#running.add(next.eventId);
      this.#grant(next.eventId);
    }
  }
}
