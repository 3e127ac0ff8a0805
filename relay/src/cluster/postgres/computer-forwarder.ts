import { COMPUTER_ANSWER_WINDOW, type DaemonToRelay, type ErrorCode } from '@ringback/protocol';
import type { AnswerSink } from '../../link/computer-answers';
import type { ComputerRequestLimits } from '../../link/computer-request-limits';
import type { DaemonLink } from '../../link/daemon-links';

type Frame = Extract<DaemonToRelay, { type: 'computer-frame' }>;

/**
 * How long past the answer's own deadline a forwarder goes on: the asker's deadline, which started
 * earlier, ends the answer first; this one only catches an asker that died or went unheard.
 */
export const FORWARDER_GRACE_MS = 60_000;

export interface ComputerForwarderOptions {
  /** Writes a frame to `computer_frames` (after those before it). */
  frame(message: Frame): Promise<void>;
  /** Notifies the asking instance (after the frames before it). */
  tell(payload: string): Promise<void>;
  /** Deletes the frames it wrote (after those being written): nobody will take them. */
  drop(): Promise<void>;
  /** `<deviceId>:<requestId>`. */
  at: string;
  remove(): void;
  limits: Pick<ComputerRequestLimits, 'maxFrames' | 'maxBytes' | 'totalMs'>;
  report(error: Error): void;
}

/**
 * On the instance holding the daemon's link: passes one answer's frames into the database, held to
 * the same rules as an answer served here (in order, within the window of acknowledged frames, the
 * frame and byte limits, a deadline), so a daemon that ignores them fills no table. Whatever ends
 * it early stops the work on the computer too.
 */
export class ComputerForwarder implements AnswerSink {
  readonly link: DaemonLink;
  readonly #requestId: string;
  readonly #options: ComputerForwarderOptions;
  readonly #expiry: NodeJS.Timeout;
  #stopped = false;
  #nextSeq = 0;
  #bytes = 0;
  /** The last frame the asker acknowledged, as passed down to the daemon. */
  #acked = -1;

  constructor(link: DaemonLink, requestId: string, options: ComputerForwarderOptions) {
    this.link = link;
    this.#requestId = requestId;
    this.#options = options;
    this.#expiry = setTimeout(() => this.#end('daemon_timeout'), options.limits.totalMs + FORWARDER_GRACE_MS);
    this.#expiry.unref();
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  frame(message: Frame): void {
    if (this.#stopped) return;
    if (message.seq !== this.#nextSeq || message.seq > this.#acked + COMPUTER_ANSWER_WINDOW) {
      this.#end('internal_error');
      return;
    }
    this.#nextSeq += 1;
    this.#bytes += message.sealed.length;
    const { maxFrames, maxBytes } = this.#options.limits;
    if (this.#nextSeq > maxFrames || this.#bytes > maxBytes) {
      this.#end('answer_too_large');
      return;
    }
    this.#options.frame(message).catch(this.#options.report);
    if (message.last) this.stop();
  }

  /** The asker wrote frames up to `seq` to its device: the daemon may send more. */
  ack(seq: number): void {
    if (this.#stopped || seq <= this.#acked) return;
    this.#acked = seq;
    this.link.send({ type: 'computer-ack', requestId: this.#requestId, seq });
  }

  /** The asker cancelled (its device went away, or its own limit passed): the daemon stops. */
  cancel(): void {
    if (this.#stopped) return;
    this.link.send({ type: 'computer-cancel', requestId: this.#requestId });
    this.stop();
  }

  refused(error: ErrorCode): void {
    if (this.#stopped) return;
    this.#options.tell(`refused:${this.#options.at}:${error}`).catch(this.#options.report);
    this.stop();
  }

  linkClosed(): void {
    if (this.#stopped) return;
    this.#options.tell(`gone:${this.#options.at}`).catch(this.#options.report);
    this.stop();
  }

  stop(): void {
    this.#stopped = true;
    clearTimeout(this.#expiry);
    this.#options.remove();
  }

  /**
   * Ends the answer here: the daemon stops working on it, the asker hears why, and the frames
   * written are dropped, should the asker be gone (it ends its answer with the error in any case).
   */
  #end(error: ErrorCode): void {
    if (this.#stopped) return;
    this.link.send({ type: 'computer-cancel', requestId: this.#requestId });
    this.refused(error);
    this.#options.drop().catch(this.#options.report);
  }
}
