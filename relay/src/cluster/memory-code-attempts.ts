import type { AttemptLimiter } from '../auth/attempt-limiter';
import { claimCeiling, pairingCeiling } from '../auth/code-ceilings';
import type { GuessCeiling } from '../auth/guess-ceiling';
import type { Admission, CodeAttempts, CodeKind } from './code-attempts';

/** Attempts counted in this process's memory: right for a relay that runs alone. */
export function memoryCodeAttempts(perAddress: AttemptLimiter, now: () => number): CodeAttempts {
  const ceilings: Record<CodeKind, GuessCeiling> = { pairing: pairingCeiling(now), claim: claimCeiling(now) };
  return {
    async admit(kind, addressKey, cost): Promise<Admission> {
      if (!perAddress.allows(addressKey))
        return {
          admitted: false,
          refusal: 'too_many_attempts',
          retryAfterMs: perAddress.retryAfterMs(addressKey),
        };
      const ceiling = ceilings[kind];
      const guess = ceiling.take(cost);
      if (!guess)
        return { admitted: false, refusal: 'pairing_paused', retryAfterMs: ceiling.retryAfterMs(cost) };
      const attempt = perAddress.take(addressKey);
      return {
        admitted: true,
        async succeeded() {
          guess.giveBack();
          attempt?.giveBack();
        },
      };
    },
  };
}
