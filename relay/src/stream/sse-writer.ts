import type { ServerResponse } from 'node:http';

export interface SseWriterOptions {
  /** Unsent bytes a client may let pile up; past this the stream is closed and resumes by id. */
  maxBufferedBytes: number;
  /** How often an idle stream gets a `: ping` comment, so proxies keep it open. */
  heartbeatMs: number;
  /** How long an ended stream gets to flush before its socket is destroyed. */
  closeGraceMs?: number;
  /** How long bytes may wait with no drain at all before the client counts as gone. */
  stallMs?: number;
  /** Called once when the stream closes, for whatever reason. */
  onClose(reason: string): void;
}

const DEFAULT_CLOSE_GRACE_MS = 5_000;
const DEFAULT_STALL_MS = 60_000;

/**
 * The one owner of an SSE response. Everything written to a stream goes through here, so once
 * it is closed (by the relay, by the bound, or by the client going away) nothing is written to
 * it again: a write after `end()` is an 'error' event Node would turn into a crash.
 */
export class SseWriter {
  readonly #raw: ServerResponse;
  readonly #options: SseWriterOptions;
  readonly #heartbeat: NodeJS.Timeout;
  readonly #drainWaiters = new Set<(drained: boolean) => void>();
  #open = true;
  /** Since when bytes have waited for the client without a drain; null while it keeps up. */
  #waitingSince: number | null = null;

  constructor(raw: ServerResponse, options: SseWriterOptions) {
    this.#raw = raw;
    this.#options = options;
    // A reset or a write failure on this socket concerns this stream only.
    raw.on('error', () => this.close('socket error'));
    raw.on('close', () => this.close('client went away'));
    raw.on('drain', () => {
      this.#waitingSince = null;
      this.#settleDrain(true);
    });
    this.#heartbeat = setInterval(() => this.#tick(), options.heartbeatMs);
    this.#heartbeat.unref();
    if (raw.destroyed || !raw.socket || raw.socket.destroyed) this.close('client went away');
  }

  get open(): boolean {
    return this.#open;
  }

  /** Whether the client has yet to read what was written (a replay waits for `drained()`). */
  get backedUp(): boolean {
    return this.#open && this.#raw.writableNeedDrain;
  }

  /** Sends the 200 and the stream's preamble. */
  start(): void {
    if (!this.#open) return;
    this.#raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // The socket ends with the stream (close below): said up front, so a client never sends its
      // next request on a connection the relay is ending (it would fail as "other side closed").
      connection: 'close',
      'x-accel-buffering': 'no',
    });
    this.#raw.socket?.setNoDelay(true);
    this.write('retry: 2000\n: connected\n\n');
  }

  /**
   * Queues `chunk`. False (writing nothing) once the stream is closed; a client that lets more
   * than the bound pile up is closed here and false is returned.
   */
  write(chunk: string): boolean {
    if (!this.#open) return false;
    const flushed = this.#raw.write(chunk);
    if (!flushed && this.#waitingSince === null) this.#waitingSince = Date.now();
    if (this.#raw.writableLength > this.#options.maxBufferedBytes) {
      this.close('the client reads too slowly');
      return false;
    }
    return true;
  }

  /** Resolves true once the client has read enough to write more, false if the stream closed first. */
  drained(): Promise<boolean> {
    if (!this.#open) return Promise.resolve(false);
    if (!this.#raw.writableNeedDrain) return Promise.resolve(true);
    return new Promise((resolve) => this.#drainWaiters.add(resolve));
  }

  /** Ends the stream; a client that never reads what is left loses its socket after a grace. */
  close(reason: string): void {
    if (!this.#open) return;
    this.#open = false;
    clearInterval(this.#heartbeat);
    this.#settleDrain(false);
    this.#options.onClose(reason);
    const raw = this.#raw;
    const socket = raw.socket;
    if (raw.destroyed || !socket || socket.destroyed) return;
    raw.end();
    // A stream's connection is not kept alive once it ends: the client reconnects with
    // Last-Event-ID, so the socket ends (FIN) after what is queued, and a client that never
    // reads that loses the socket after a grace. (The response itself counts as closed once
    // its last bytes are queued, so the timer follows the socket.)
    socket.end();
    const destroy = setTimeout(() => socket.destroy(), this.#options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS);
    destroy.unref();
    socket.once('close', () => clearTimeout(destroy));
  }

  #tick(): void {
    const stallMs = this.#options.stallMs ?? DEFAULT_STALL_MS;
    if (this.#waitingSince !== null && Date.now() - this.#waitingSince > stallMs) {
      this.close('the client stopped reading');
      return;
    }
    // A stream that is behind is not idle: a ping would only add to what waits.
    if (!this.backedUp) this.write(': ping\n\n');
  }

  #settleDrain(drained: boolean): void {
    for (const resolve of this.#drainWaiters) resolve(drained);
    this.#drainWaiters.clear();
  }
}
