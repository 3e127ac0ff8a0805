/** A connected SSE stream of one device. */
export interface StreamClient {
  deviceId: string;
  /** Writes the frame of log entry `seq`; false when the client's buffer is full (it is then closed). */
  send(seq: number, frame: string): boolean;
  close(): void;
}

/**
 * Live streams by account, so fanning out an event costs only that account's streams.
 * Frames are pre-serialised once per publish.
 */
export class StreamHub {
  readonly #byAccount = new Map<string, Set<StreamClient>>();

  get size(): number {
    let count = 0;
    for (const clients of this.#byAccount.values()) count += clients.size;
    return count;
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

  publish(accountId: string, seq: number, frame: string): void {
    for (const client of this.#byAccount.get(accountId) ?? []) {
      if (!client.send(seq, frame)) client.close();
    }
  }

  /** Closes the streams of a removed device (its token no longer works). */
  closeDevice(accountId: string, deviceId: string): void {
    for (const client of this.#byAccount.get(accountId) ?? [])
      if (client.deviceId === deviceId) client.close();
  }

  closeAll(): void {
    for (const clients of this.#byAccount.values()) for (const client of clients) client.close();
  }
}

/** One SSE frame. `data` is JSON on one line, so no line splitting is needed. */
export function sseFrame(id: number, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}
