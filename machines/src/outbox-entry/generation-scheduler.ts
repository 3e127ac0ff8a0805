/** At most 3 briefs at once: each takes 5–60 s of the user's LLM, which may be rate limited. */
export const MAX_CONCURRENT_BRIEFS = 3;

interface Waiting {
  eventId: string;
  acceptedAt: number;
}

function before(a: Waiting, b: Waiting): boolean {
  return a.acceptedAt < b.acceptedAt || (a.acceptedAt === b.acceptedAt && a.eventId < b.eventId);
}

/**
 * Hands out generation slots in arrival order (acceptance time, then event id, which is a
 * UUIDv7 and so sorts by time). Pure bookkeeping: the host sends `GENERATE` from `grant`.
 */
export class GenerationScheduler {
  readonly #grant: (eventId: string) => void;
  readonly #limit: number;
  readonly #waiting: Waiting[] = [];
  readonly #queued = new Set<string>();
  readonly #running = new Set<string>();

  constructor(grant: (eventId: string) => void, limit = MAX_CONCURRENT_BRIEFS) {
    this.#grant = grant;
    this.#limit = limit;
  }

  get running(): number {
    return this.#running.size;
  }

  get waiting(): number {
    return this.#waiting.length;
  }

  /** An entry that needs its brief; arrivals are nearly always newest, so the insert is a push. */
  enqueue(eventId: string, acceptedAt: number): void {
    if (this.#queued.has(eventId) || this.#running.has(eventId)) return;
    const item = { eventId, acceptedAt };
    let index = this.#waiting.length;
    while (index > 0 && before(item, this.#waiting[index - 1] as Waiting)) index -= 1;
    this.#waiting.splice(index, 0, item);
    this.#queued.add(eventId);
    this.#pump();
  }

  /** The entry left `generating` (done or failed): its slot goes to the next in line. */
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
