/** What one account may ask of its computer through this relay, and how long each answer may take. */
export interface ComputerRequestLimits {
  /** Requests of one account in flight at once (on this instance). */
  perAccount: number;
  /** Requests of all accounts in flight at once on this instance. */
  relayInFlight: number;
  /** Sealed bytes of the requests in flight on this instance, all accounts together. */
  relayRequestBytes: number;
  /** Frames of one answer. */
  maxFrames: number;
  /** Sealed bytes of one answer. */
  maxBytes: number;
  /** From the request to the daemon's first frame. */
  firstFrameMs: number;
  /** Between two frames. */
  idleMs: number;
  /** From the request to the last frame. */
  totalMs: number;
}

export const DEFAULT_COMPUTER_REQUEST_LIMITS: ComputerRequestLimits = {
  perAccount: 4,
  // A few hundred accounts asking at once; beyond that a 503 sends devices elsewhere or later.
  relayInFlight: 1_000,
  // About twenty recordings for transcription (8 MB sealed at most each) at once.
  relayRequestBytes: 160 * 1024 * 1024,
  // A long spoken answer streams a few thousand tokens; a sentence's audio is a few hundred KB.
  maxFrames: 10_000,
  maxBytes: 32 * 1024 * 1024,
  // Longer than the daemon's own deadline on a model's first token, shorter than a proxy's patience.
  firstFrameMs: 45_000,
  idleMs: 45_000,
  totalMs: 5 * 60_000,
};
