import type { ServerResponse } from 'node:http';
import { COMPUTER_ANSWER_WINDOW, type DaemonToRelay, type ErrorCode } from '@ringback/protocol';
import type { ComputerLink } from './computer-link';
import type { ComputerRequestLimits } from './computer-request-limits';
import { corkForThisTick } from './cork-for-tick';

type Frame = Extract<DaemonToRelay, { type: 'computer-frame' }>;

/** How the wait for the first frame ended: the answer may start, or a plain error instead. */
export type FirstOutcome = { started: true } | { refused: ErrorCode; message?: string };

/**
 * One answer on its way from the daemon's link to the device's HTTP response. Frames are
 * written as they come (one NDJSON line each, never gathered), checked to come in order and
 * within the limits, and acknowledged to the daemon only once the response took them, so a
 * device that reads slowly holds up the daemon, not the relay's memory. The relay reads none
 * of them: the device checks each frame's place and the final `end` itself.
 */
export class ComputerAnswerPipe {
  readonly requestId: string;
  /** The link the request went down: only that link closing ends the answer. */
  readonly link: ComputerLink;
  readonly first: Promise<FirstOutcome>;
  readonly #limits: ComputerRequestLimits;
  readonly #onDone: () => void;
  #resolveFirst: (outcome: FirstOutcome) => void = () => {};
  #raw: ServerResponse | null = null;
  /** Lines that came before the response was attached. */
  #held: { line: string; seq: number }[] = [];
  #nextSeq = 0;
  #bytes = 0;
  #lastReceived = false;
  #done = false;
  #started = false;
  #drainingSeq: number | null = null;
  /** The last frame acknowledged to the daemon: it may send `COMPUTER_ANSWER_WINDOW` past it. */
  #acked = -1;
  #idle: NodeJS.Timeout | undefined;
  readonly #deadline: NodeJS.Timeout;

  constructor(options: {
    requestId: string;
    link: ComputerLink;
    limits: ComputerRequestLimits;
    onDone: () => void;
  }) {
    this.requestId = options.requestId;
    this.link = options.link;
    this.#limits = options.limits;
    this.#onDone = options.onDone;
    this.first = new Promise((resolve) => {
      this.#resolveFirst = resolve;
    });
    this.#idle = setTimeout(
      () => this.#fail('daemon_timeout', 'the computer did not answer in time'),
      this.#limits.firstFrameMs,
    );
    this.#deadline = setTimeout(
      () => this.#fail('daemon_timeout', 'the answer ran past its deadline'),
      this.#limits.totalMs,
    );
  }

  get done(): boolean {
    return this.#done;
  }

  /** A frame from the daemon. */
  frame(message: Frame): void {
    if (this.#done || this.#lastReceived) return;
    if (message.seq !== this.#nextSeq) {
      this.#fail('internal_error', 'the computer sent frames out of order');
      return;
    }
    // Whatever the daemon does, no more than its window of frames waits here or in the response.
    if (message.seq > this.#acked + COMPUTER_ANSWER_WINDOW) {
      this.#fail('internal_error', 'the computer sent more frames than the relay acknowledged');
      return;
    }
    this.#nextSeq += 1;
    this.#bytes += message.sealed.length;
    if (this.#nextSeq > this.#limits.maxFrames || this.#bytes > this.#limits.maxBytes) {
      this.#fail('answer_too_large');
      return;
    }
    clearTimeout(this.#idle);
    if (message.last) this.#lastReceived = true;
    else
      this.#idle = setTimeout(
        () => this.#fail('daemon_timeout', 'the computer stopped answering'),
        this.#limits.idleMs,
      );
    const line = `${JSON.stringify({ seq: message.seq, sealed: message.sealed })}\n`;
    if (this.#raw) this.#write(line, message.seq);
    else this.#held.push({ line, seq: message.seq });
    this.#started = true;
    this.#resolveFirst({ started: true });
    if (this.#lastReceived && this.#raw) this.#finish();
  }

  /** The daemon could not take the request (another key, too busy). */
  refused(error: ErrorCode): void {
    if (this.#done) return;
    this.#fail(error, undefined, false);
  }

  /** The link the request went down closed: the answer cannot go on. */
  linkClosed(): void {
    this.#fail('device_offline', 'the computer went offline', false);
  }

  /** The device went away: the daemon stops. */
  cancel(): void {
    if (this.#done) return;
    this.link.send({ type: 'computer-cancel', requestId: this.requestId });
    this.#resolveFirst({ refused: 'device_offline', message: 'the device went away' });
    this.#end();
  }

  /** The asking device was removed: its answer ends now, and the daemon stops. */
  revoke(): void {
    this.#fail('unauthorized', 'this device was removed');
  }

  /** The response the answer goes to, once its head is written. */
  attach(raw: ServerResponse): void {
    this.#raw = raw;
    for (const { line, seq } of this.#held.splice(0)) {
      if (seq < 0) raw.write(line);
      else this.#write(line, seq);
    }
    if (this.#lastReceived || this.#done) this.#finish();
  }

  #write(line: string, seq: number): void {
    const raw = this.#raw as ServerResponse;
    // Lines of one tick (a last frame and its `end`) reach the device in one write.
    corkForThisTick(raw);
    if (raw.write(line)) {
      if (this.#drainingSeq === null) this.#ack(seq);
      else this.#drainingSeq = seq;
      return;
    }
    if (this.#drainingSeq !== null) {
      this.#drainingSeq = seq;
      return;
    }
    this.#drainingSeq = seq;
    raw.once('drain', () => {
      const acked = this.#drainingSeq;
      this.#drainingSeq = null;
      if (acked !== null && !this.#done) this.#ack(acked);
    });
  }

  #ack(seq: number): void {
    // Past the final frame the daemon sends nothing more: an ack would only wake it for nothing.
    if (this.#lastReceived) return;
    this.#acked = seq;
    this.link.send({ type: 'computer-ack', requestId: this.requestId, seq });
  }

  #finish(): void {
    this.#raw?.end();
    this.#end();
  }

  /** Ends the answer with the relay's own error: a plain status before the first frame, a last line after. */
  #fail(error: ErrorCode, message?: string, cancelAtDaemon = true): void {
    if (this.#done) return;
    if (cancelAtDaemon) this.link.send({ type: 'computer-cancel', requestId: this.requestId });
    if (!this.#started) {
      this.#resolveFirst(message ? { refused: error, message } : { refused: error });
      this.#end();
      return;
    }
    const line = `${JSON.stringify(message ? { error, message } : { error })}\n`;
    if (this.#raw) {
      this.#raw.end(line);
    } else this.#held.push({ line, seq: -1 });
    this.#end();
  }

  #end(): void {
    if (this.#done) return;
    this.#done = true;
    clearTimeout(this.#idle);
    clearTimeout(this.#deadline);
    this.link.release?.();
    this.#onDone();
  }
}
