/**
 * The relay's clock as its answers tell it: each answer's `Date` header (whole seconds) against
 * this device's clock while the request was out. A phone whose own clock is minutes off still
 * reckons a permission call's expiry on the relay's time through it. The latest answer wins: it
 * also follows this device's clock being set while the page runs.
 */
export class RelayClock {
  #offset: number | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The relay's time less this device's (ms); null until an answer with a readable date came. */
  offset(): number | null {
    return this.#offset;
  }

  /** Wraps `fetch` so every answer's `Date` header is taken in. */
  observing(fetcher: typeof fetch): typeof fetch {
    return async (input, init) => {
      const sentAt = this.now();
      const response = await fetcher(input, init);
      this.observe(response.headers.get('date'), sentAt, this.now());
      return response;
    };
  }

  /**
   * One answer: `date` was stamped somewhere between `sentAt` and `receivedAt` on this device's
   * clock, and somewhere in its second on the relay's; the middles of both are the best guess.
   */
  observe(date: string | null, sentAt: number, receivedAt: number): void {
    const stamped = date === null ? Number.NaN : Date.parse(date);
    if (!Number.isFinite(stamped)) return;
    this.#offset = Math.round(stamped + 500 - (sentAt + receivedAt) / 2);
  }
}
