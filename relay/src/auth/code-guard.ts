import { type ErrorCode, RingbackError } from '@ringback/protocol';
import type { FastifyReply } from 'fastify';
import type { AttemptLimiter } from './attempt-limiter';
import { attemptKeyOf } from './client-address';
import type { GuessCeiling } from './guess-ceiling';

/** An attempt let through: counted as wrong until `succeeded()` gives it back. */
export interface AdmittedAttempt {
  succeeded(): void;
}

/**
 * Guards one kind of code (pairing codes, the claim code): a limit per client address and a
 * ceiling for the whole relay. An attempt is counted before the code is checked, so concurrent
 * attempts cannot slip past either bound between the check and the count.
 */
export class CodeGuard {
  readonly #perAddress: AttemptLimiter;
  readonly #ceiling: GuessCeiling;
  readonly #pausedMessage: (minutes: number) => string;

  constructor(options: {
    perAddress: AttemptLimiter;
    ceiling: GuessCeiling;
    pausedMessage: (minutes: number) => string;
  }) {
    this.#perAddress = options.perAddress;
    this.#ceiling = options.ceiling;
    this.#pausedMessage = options.pausedMessage;
  }

  /**
   * Lets one attempt from `address` (the client address past trusted proxies) through, at
   * `cost` to the ceiling, or refuses it with 429 and `Retry-After` set on `reply`.
   */
  admit(reply: FastifyReply, address: string, cost = 1): AdmittedAttempt {
    const key = attemptKeyOf(address);
    if (!this.#perAddress.allows(key)) {
      const waitMs = this.#perAddress.retryAfterMs(key);
      throw refusal(
        reply,
        'too_many_attempts',
        waitMs,
        `too many wrong codes from this address: try again in ${minutes(waitMs)} min`,
      );
    }
    const guess = this.#ceiling.take(cost);
    if (!guess) {
      const waitMs = this.#ceiling.retryAfterMs(cost);
      throw refusal(reply, 'pairing_paused', waitMs, this.#pausedMessage(minutes(waitMs)));
    }
    const attempt = this.#perAddress.take(key);
    return {
      succeeded() {
        guess.giveBack();
        attempt?.giveBack();
      },
    };
  }
}

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

function refusal(reply: FastifyReply, code: ErrorCode, waitMs: number, message: string): RingbackError {
  reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
  return new RingbackError(code, message);
}
