import {
  Aad,
  COMPUTER_ANSWER_WINDOW,
  type ComputerAnswerFrame,
  type DaemonToRelay,
  isFinalAnswerFrame,
  type SealingKey,
} from '@ringback/protocol';

export type ComputerFrameMessage = Extract<DaemonToRelay, { type: 'computer-frame' }>;

/**
 * How long a full window waits for the relay's next acknowledgement before the request is given
 * up: past the relay's own 45 s between frames, after which it has ended the answer itself, so
 * only a relay that lost the answer (or a stuck link) meets it.
 */
export const COMPUTER_ACK_DEADLINE_MS = 60_000;

/** The relay stopped acknowledging frames: the answer cannot go on. */
export class AckDeadlineError extends Error {
  constructor(ms: number) {
    super(`the relay acknowledged no frame for ${Math.round(ms / 1000)} s`);
    this.name = 'AckDeadlineError';
  }
}

/**
 * Seals an answer's frames in order (AAD `ringback:computer-answer:v1:<requestId>:<seq>`) and sends
 * each once the relay has acknowledged all but `window` of those before it: a device that reads
 * slowly slows the model down instead of filling the relay's memory.
 */
export class AnswerSender {
  readonly #requestId: string;
  readonly #key: SealingKey;
  readonly #send: (message: ComputerFrameMessage) => boolean;
  readonly #signal: AbortSignal;
  readonly #window: number;
  readonly #ackDeadlineMs: number;
  readonly #giveUp: (reason: Error) => void;
  #seq = 0;
  #acked = -1;
  #wake: (() => void) | null = null;

  constructor(options: {
    requestId: string;
    key: SealingKey;
    send: (message: ComputerFrameMessage) => boolean;
    signal: AbortSignal;
    window?: number;
    /** How long a full window waits for an acknowledgement (COMPUTER_ACK_DEADLINE_MS). */
    ackDeadlineMs?: number;
    /** Called once the deadline passed, to stop the request's work (its model or voice call). */
    giveUp?: (reason: Error) => void;
  }) {
    this.#requestId = options.requestId;
    this.#key = options.key;
    this.#send = options.send;
    this.#signal = options.signal;
    this.#window = options.window ?? COMPUTER_ANSWER_WINDOW;
    this.#ackDeadlineMs = options.ackDeadlineMs ?? COMPUTER_ACK_DEADLINE_MS;
    this.#giveUp = options.giveUp ?? (() => {});
    this.#signal.addEventListener('abort', () => this.#wake?.(), { once: true });
  }

  /** Frames sent so far. */
  get sent(): number {
    return this.#seq;
  }

  /** The relay wrote frames up to `seq` to the device. */
  ack(seq: number): void {
    if (seq <= this.#acked) return;
    this.#acked = seq;
    this.#wake?.();
  }

  /**
   * Seals and sends the next frame; throws when the request was cancelled, the link is gone, or
   * no acknowledgement opened the window within the deadline (the request is given up then).
   */
  async frame(frame: ComputerAnswerFrame): Promise<void> {
    while (this.#seq - this.#acked > this.#window) {
      this.#signal.throwIfAborted();
      const woken = await new Promise<boolean>((resolve) => {
        const deadline = setTimeout(() => resolve(false), this.#ackDeadlineMs);
        this.#wake = () => {
          clearTimeout(deadline);
          resolve(true);
        };
      });
      this.#wake = null;
      if (!woken) {
        const reason = new AckDeadlineError(this.#ackDeadlineMs);
        this.#giveUp(reason);
        throw reason;
      }
    }
    this.#signal.throwIfAborted();
    const seq = this.#seq;
    this.#seq += 1;
    const sealed = await this.#key.seal(JSON.stringify(frame), Aad.computerAnswer(this.#requestId, seq));
    this.#signal.throwIfAborted();
    const message = {
      type: 'computer-frame',
      requestId: this.#requestId,
      seq,
      sealed,
      last: isFinalAnswerFrame(frame),
    } as const;
    if (!this.#send(message)) throw new Error('the relay link closed');
  }
}
