import { type ErrorCode, RingbackError } from '@ringback/protocol';
import type { FastifyReply } from 'fastify';
import type { CodeAttempts, CodeKind } from '../cluster/code-attempts';
import { attemptKeyOf } from './client-address';

/** An attempt let through: counted as wrong until `succeeded()` gives it back. */
export interface AdmittedAttempt {
  succeeded(): Promise<void>;
}

/**
 * Guards one kind of code (pairing codes, the claim code) with the relay's attempt counts: a
 * limit per client address and a ceiling for the whole relay, refused as 429 with Retry-After.
 */
export class CodeGuard {
  readonly #attempts: CodeAttempts;
  readonly #kind: CodeKind;
  readonly #pausedMessage: (minutes: number) => string;

  constructor(options: {
    attempts: CodeAttempts;
    kind: CodeKind;
    pausedMessage: (minutes: number) => string;
  }) {
    this.#attempts = options.attempts;
    this.#kind = options.kind;
    this.#pausedMessage = options.pausedMessage;
  }

  /**
   * Lets one attempt from `address` (the client address past trusted proxies) through, at
   * `cost` to the ceiling, or refuses it with 429 and `Retry-After` set on `reply`.
   */
  async admit(reply: FastifyReply, address: string, cost = 1): Promise<AdmittedAttempt> {
    const admission = await this.#attempts.admit(this.#kind, attemptKeyOf(address), cost);
    if (admission.admitted) return admission;
    const { retryAfterMs } = admission;
    if (admission.refusal === 'too_many_attempts')
      throw refusal(
        reply,
        'too_many_attempts',
        retryAfterMs,
        `too many wrong codes from this address: try again in ${minutes(retryAfterMs)} min`,
      );
    throw refusal(reply, 'pairing_paused', retryAfterMs, this.#pausedMessage(minutes(retryAfterMs)));
  }
}

const minutes = (ms: number) => Math.max(1, Math.ceil(ms / 60_000));

function refusal(reply: FastifyReply, code: ErrorCode, waitMs: number, message: string): RingbackError {
  reply.header('retry-after', String(Math.max(1, Math.ceil(waitMs / 1000))));
  return new RingbackError(code, message);
}
