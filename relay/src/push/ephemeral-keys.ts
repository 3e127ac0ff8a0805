import { createECDH, type ECDH } from 'node:crypto';

/** Key pairs kept ready: a call waking a thousand devices takes them all without waiting. */
const READY_TARGET = 1024;
/** Made per turn of the event loop while refilling: about a millisecond, so sends are not held up. */
const BATCH = 4;
/** Refilling waits for this long without a take: under a steady flow it would only add work. */
const IDLE_MS = 50;

/**
 * The sender's ECDH key pairs for push encryption (P-256). RFC 8291 wants a new pair for every
 * push; making one is most of a push's cost, so pairs are made ahead while the thread is idle and
 * each is handed out once, then dropped: a call that wakes many devices at once finds them ready.
 * When none is ready, one is made on the spot.
 */
export class EphemeralKeys {
  readonly #ready: ECDH[] = [];
  #refilling = false;
  #lastTake = Number.NEGATIVE_INFINITY;
  #idleTimer: NodeJS.Timeout | null = null;

  constructor(private readonly target = READY_TARGET) {
    this.#refill();
  }

  take(): ECDH {
    this.#lastTake = performance.now();
    const key = this.#ready.pop() ?? EphemeralKeys.#fresh();
    this.#refillWhenIdle();
    return key;
  }

  get ready(): number {
    return this.#ready.length;
  }

  #idle(): boolean {
    return performance.now() - this.#lastTake >= IDLE_MS;
  }

  #refillWhenIdle(): void {
    if (this.#idleTimer) return;
    this.#idleTimer = setTimeout(() => {
      this.#idleTimer = null;
      this.#refill();
    }, IDLE_MS);
    this.#idleTimer.unref();
  }

  #refill(): void {
    if (this.#refilling || this.#ready.length >= this.target) return;
    if (!this.#idle()) {
      this.#refillWhenIdle();
      return;
    }
    this.#refilling = true;
    // After whatever is waiting to run (sends, other takes), a few at a time.
    setImmediate(() => {
      for (let i = 0; i < BATCH && this.#ready.length < this.target; i++) {
        this.#ready.push(EphemeralKeys.#fresh());
      }
      this.#refilling = false;
      this.#refill();
    }).unref();
  }

  static #fresh(): ECDH {
    const key = createECDH('prime256v1');
    key.generateKeys();
    return key;
  }
}
