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
  #seq = 0;
  #acked = -1;
  #wake: (() => void) | null = null;

  constructor(options: {
    requestId: string;
    key: SealingKey;
    send: (message: ComputerFrameMessage) => boolean;
    signal: AbortSignal;
    window?: number;
  }) {
    this.#requestId = options.requestId;
    this.#key = options.key;
    this.#send = options.send;
    this.#signal = options.signal;
    this.#window = options.window ?? COMPUTER_ANSWER_WINDOW;
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

  /** Seals and sends the next frame; throws when the request was cancelled or the link is gone. */
  async frame(frame: ComputerAnswerFrame): Promise<void> {
    while (this.#seq - this.#acked > this.#window) {
      this.#signal.throwIfAborted();
      await new Promise<void>((resolve) => {
        this.#wake = resolve;
      });
      this.#wake = null;
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
