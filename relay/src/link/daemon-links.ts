import type { RelayToDaemon } from '@ringback/protocol';

/** A daemon's live WebSocket, as the relay holds it. */
export interface DaemonLink {
  /** Queues a message; false when the link is closed (or was just dropped for being stuck). */
  send(message: RelayToDaemon): boolean;
  /** Resolves once the socket has taken the last message sent (false when it failed). */
  flushed(): Promise<boolean>;
  close(code?: number, reason?: string): void;
}

/** The connected daemons by device id: one link each, the newest replacing an older one. */
export class DaemonLinks {
  readonly #links = new Map<string, DaemonLink>();

  get size(): number {
    return this.#links.size;
  }

  add(deviceId: string, link: DaemonLink): () => void {
    const previous = this.#links.get(deviceId);
    this.#links.set(deviceId, link);
    previous?.close(4000, 'replaced by a newer connection');
    return () => {
      if (this.#links.get(deviceId) === link) this.#links.delete(deviceId);
    };
  }

  /** The daemons whose links are held here. */
  deviceIds(): IterableIterator<string> {
    return this.#links.keys();
  }

  get(deviceId: string): DaemonLink | undefined {
    return this.#links.get(deviceId);
  }

  closeDevice(deviceId: string): void {
    this.#links.get(deviceId)?.close(4001, 'device removed');
  }

  closeAll(): void {
    for (const link of this.#links.values()) link.close(1001, 'relay stopping');
  }
}
