/** A connected SSE stream of one device. */
export interface StreamClient {
  deviceId: string;
  /** Writes the frame of log entry `seq`; false when the client's buffer is full (it is then closed). */
  send(seq: number, frame: string): boolean;
  /** Closes the stream and takes it out of the hub; closing twice does nothing. */
  close(): void;
}

/**
 * Live streams by account, so fanning out an event costs only that account's streams.
 * Frames are pre-serialised once per publish.
 */
export class StreamHub {
  readonly #byAccount = new Map<string, Set<StreamClient>>();
  readonly #onError: (error: Error, client: StreamClient) => void;

  /** `onError`: a client's send threw (a bug, not a slow client); it is closed, and this says why. */
  constructor(onError: (error: Error, client: StreamClient) => void = () => {}) {
    this.#onError = onError;
  }

  get size(): number {
    let count = 0;
    for (const clients of this.#byAccount.values()) count += clients.size;
    return count;
  }

  /** Whether any stream of the account is connected here. */
  has(accountId: string): boolean {
    return this.#byAccount.has(accountId);
  }

  add(accountId: string, client: StreamClient): () => void {
    let clients = this.#byAccount.get(accountId);
    if (!clients) {
      clients = new Set();
      this.#byAccount.set(accountId, clients);
    }
    clients.add(client);
    return () => {
      clients.delete(client);
      if (clients.size === 0 && this.#byAccount.get(accountId) === clients) this.#byAccount.delete(accountId);
    };
  }

  /** One client's failure closes that client only: the others and the caller carry on. */
  publish(accountId: string, seq: number, frame: string): void {
    for (const client of this.#byAccount.get(accountId) ?? []) {
      let delivered = false;
      try {
        delivered = client.send(seq, frame);
      } catch (error) {
        this.#onError(error as Error, client);
      }
      if (!delivered) client.close();
    }
  }

  /** Closes the streams of a removed device (its token no longer works). */
  closeDevice(accountId: string, deviceId: string): void {
    for (const client of this.#byAccount.get(accountId) ?? [])
      if (client.deviceId === deviceId) client.close();
  }

  /** Closes every stream of the account: its clients resume by id. */
  closeAccount(accountId: string): void {
    for (const client of this.#byAccount.get(accountId) ?? []) client.close();
  }

  closeAll(): void {
    for (const clients of this.#byAccount.values()) for (const client of clients) client.close();
  }
}

/** One SSE frame. `data` is JSON on one line, so no line splitting is needed. */
export function sseFrame(id: number, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
