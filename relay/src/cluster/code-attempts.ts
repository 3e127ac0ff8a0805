/** Which code an attempt guesses: a pairing code or a private relay's claim code. */
export type CodeKind = 'pairing' | 'claim';

export type Admission =
  | {
      admitted: true /** The code was right: the attempt no longer counts as wrong. */;
      succeeded(): Promise<void>;
    }
  | { admitted: false; refusal: 'too_many_attempts' | 'pairing_paused'; retryAfterMs: number };

/**
 * Wrong codes are counted per client address (5 per 10 minutes, whatever the kind) and, per
 * kind, for the whole relay (code-ceilings.ts). An attempt is counted before the code is
 * checked, so concurrent attempts cannot slip past either bound between the check and the count.
 */
export interface CodeAttempts {
  /** `addressKey`: the client address past trusted proxies (IPv6 per /64); `cost`: see code-ceilings.ts. */
  admit(kind: CodeKind, addressKey: string, cost: number): Promise<Admission>;
}
