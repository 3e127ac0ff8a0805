// What the cluster bench and its stream-reader process (stream-reader-child.ts) say over IPC.

/** One stream to open: the instance it goes to and the app device token it reads with. */
export interface StreamTarget {
  url: string;
  token: string;
}

/** Bench → reader. */
export type ToReader =
  /** Open these streams (keeping those already open); answered `opened`. */
  | { type: 'open'; streams: StreamTarget[] }
  /** Close every open stream; answered `closed`. */
  | { type: 'close-all' }
  /** Answered `pong` with the reader's clock, so the bench can map its times onto its own. */
  | { type: 'ping'; id: number };

/** Reader → bench. */
export type FromReader =
  | { type: 'opened'; open: number; seconds: number }
  | { type: 'closed' }
  | { type: 'pong'; id: number; at: number }
  /** Event frames that came, each `[eventId, performance.now() in the reader when its chunk came]`. */
  | { type: 'arrivals'; arrivals: [string, number][] }
  | { type: 'failed'; message: string };
