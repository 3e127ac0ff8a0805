import type { RelayToDaemon } from '@ringback/protocol';

/**
 * How a streamed request reaches its daemon: the daemon's link held by this instance, or (on
 * several PostgreSQL instances) a way through the database to the instance that holds it.
 */
export interface ComputerLink {
  /** Queues a message for the daemon; false when it cannot go (the link is closed). */
  send(message: RelayToDaemon): boolean;
  /** The answer ended: whatever this link keeps for it is let go. */
  release?(): void;
}
