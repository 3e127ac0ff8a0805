import type { SseWriter } from './sse-writer';
import type { StreamClient } from './stream-hub';

/**
 * One device's stream in log order, each frame once. While a replay from the database runs,
 * live frames are held (up to a bound in bytes) and sent after it, minus those it already sent.
 */
export class StreamConnection implements StreamClient {
  readonly deviceId: string;
  readonly #writer: SseWriter;
  readonly #maxHeldBytes: number;
  #lastSent: number;
  #replaying: boolean;
  #held: [number, string][] = [];
  #heldBytes = 0;

  constructor(
    deviceId: string,
    writer: SseWriter,
    options: { after: number; replaying: boolean; maxHeldBytes: number },
  ) {
    this.deviceId = deviceId;
    this.#writer = writer;
    this.#lastSent = options.after;
    this.#replaying = options.replaying;
    this.#maxHeldBytes = options.maxHeldBytes;
  }

  get open(): boolean {
    return this.#writer.open;
  }

  /** A live frame; false when the stream is closed or its client too slow (the hub then closes it). */
  send(seq: number, frame: string): boolean {
    if (!this.#writer.open) return false;
    if (!this.#replaying) return this.#write(seq, frame);
    if (seq <= this.#lastSent) return true;
    this.#held.push([seq, frame]);
    this.#heldBytes += Buffer.byteLength(frame);
    return this.#heldBytes <= this.#maxHeldBytes;
  }

  /**
   * A frame of the replay. Waits while the client has yet to read what was sent (a replay of
   * thousands of frames never piles up); false once the stream is closed: stop replaying.
   */
  async replay(seq: number, frame: string): Promise<boolean> {
    if (!this.#write(seq, frame)) return false;
    return this.#writer.backedUp ? this.#writer.drained() : true;
  }

  /** A fresh stream (no id to resume from) starts after `seq`, where the log stood when it joined. */
  skipTo(seq: number): void {
    this.#lastSent = Math.max(this.#lastSent, seq);
  }

  /** The replay is done: sends the frames held meanwhile, at the client's pace, then goes live. */
  async goLive(): Promise<void> {
    for (let next = 0; next < this.#held.length; next++) {
      const [seq, frame] = this.#held[next] as [number, string];
      this.#heldBytes -= Buffer.byteLength(frame);
      if (!(await this.replay(seq, frame))) return;
    }
    this.#held = [];
    this.#heldBytes = 0;
    this.#replaying = false;
  }

  close(): void {
    this.#writer.close('closed by the relay');
  }

  #write(seq: number, frame: string): boolean {
    if (seq <= this.#lastSent) return this.#writer.open;
    this.#lastSent = seq;
    return this.#writer.write(frame);
  }
}
