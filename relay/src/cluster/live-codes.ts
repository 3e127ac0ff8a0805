/** The pairing codes live on the relay (created, not yet used or expired). */
export interface LiveCodes {
  /** How many are live on the whole relay: what a wrong guess could hit. */
  count(): Promise<number>;
  /** The account's live codes' expiry times, soonest first. */
  of(accountId: string): Promise<number[]>;
  added(codeHash: string, accountId: string, expiresAt: number): void;
  used(codeHash: string): void;
}
