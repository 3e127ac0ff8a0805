import type { EntryPayload } from './entry-payload';

/** Memory the cache may hold, counted in serialised bytes. */
const DEFAULT_BUDGET_BYTES = 16 * 1024 * 1024;

/**
 * Parsed outbox segments, least recently used dropped first once over budget. Segments never
 * change after they are written, so a cached one is never stale.
 */
export class SegmentCache {
  readonly #budget: number;
  readonly #segments = new Map<number, { payloads: Map<string, EntryPayload>; bytes: number }>();
  #bytes = 0;

  constructor(budgetBytes = DEFAULT_BUDGET_BYTES) {
    this.#budget = budgetBytes;
  }

  get(seq: number): Map<string, EntryPayload> | undefined {
    const segment = this.#segments.get(seq);
    if (!segment) return undefined;
    // Map order is insertion order: re-inserting marks it most recently used.
    this.#segments.delete(seq);
    this.#segments.set(seq, segment);
    return segment.payloads;
  }

  set(seq: number, payloads: Map<string, EntryPayload>, bytes: number): void {
    this.delete(seq);
    this.#segments.set(seq, { payloads, bytes });
    this.#bytes += bytes;
    for (const [oldest, segment] of this.#segments) {
      if (this.#bytes <= this.#budget || oldest === seq) break;
      this.#segments.delete(oldest);
      this.#bytes -= segment.bytes;
    }
  }

  delete(seq: number): void {
    const segment = this.#segments.get(seq);
    if (!segment) return;
    this.#segments.delete(seq);
    this.#bytes -= segment.bytes;
  }
}
