// Delivery latency of one event at a time: every open stream's arrival of the event in flight.

/** Counts the arrivals of the one event in flight on the streams expected to get it. */
export class ArrivalTracker {
  latencies: number[] = [];
  #current: { eventId: string; t0: number; remaining: number; firstAt: number; done: () => void } | null =
    null;
  /** Time from the first to the last stream's arrival of each event: the fan-out's spread. */
  spreads: number[] = [];
  readonly #timeoutMs: number;

  /** `timeoutMs`: how long an event's arrivals are waited for before they count as missing. */
  constructor(timeoutMs = 15_000) {
    this.#timeoutMs = timeoutMs;
  }

  /** An arrival of `eventId` at `at` (on the clock `expect` was given `t0` on). */
  arrive(eventId: string, at: number): void {
    const current = this.#current;
    if (!current || current.eventId !== eventId) return;
    this.latencies.push(at - current.t0);
    if (current.firstAt === 0) current.firstAt = at;
    if (--current.remaining === 0) {
      this.spreads.push(at - current.firstAt);
      current.done();
    }
  }

  /** Resolves once `streams` arrivals of `eventId` came, or with the count missing at the timeout. */
  expect(eventId: string, t0: number, streams: number): Promise<number> {
    return new Promise<number>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const current = {
        eventId,
        t0,
        remaining: streams,
        firstAt: 0,
        done: () => {
          clearTimeout(timer);
          this.#current = null;
          resolve(0);
        },
      };
      this.#current = current;
      timer = setTimeout(() => {
        this.#current = null;
        resolve(current.remaining);
      }, this.#timeoutMs).unref();
    });
  }

  /** Forgets the figures so far (after a warm-up). */
  clear(): void {
    this.latencies = [];
    this.spreads = [];
  }
}
