import type { RelayToDaemon } from '@ringback/protocol';
import type { WebSocket } from 'ws';
import { type Corkable, corkForThisTick } from './cork-for-tick';
import type { DaemonLink } from './daemon-links';

/**
 * What may wait unsent on one daemon link: a couple of the largest settings requests (a sealed
 * dispatch image) and several of the largest replies. A daemon that lets more pile up is stuck;
 * its link is dropped and it gets what waits again when it reconnects.
 */
export const MAX_LINK_BUFFERED_BYTES = 16 * 1024 * 1024;

/**
 * A daemon's WebSocket as the relay uses it. Nothing is sent on a link that is not open, and
 * nothing a send does can throw into its caller (a route, the dispatcher, a timer).
 */
export function linkSocket(socket: WebSocket, maxBufferedBytes = MAX_LINK_BUFFERED_BYTES): DaemonLink {
  let lastSend: Promise<boolean> = Promise.resolve(true);
  return {
    send(message: RelayToDaemon): boolean {
      if (socket.readyState !== socket.OPEN) return false;
      if (socket.bufferedAmount > maxBufferedBytes) {
        socket.terminate();
        return false;
      }
      // ws keeps the TCP socket as `_socket` (no public handle): messages of one tick go out together.
      const raw = (socket as unknown as { _socket?: Corkable | null })._socket;
      if (raw) corkForThisTick(raw);
      lastSend = new Promise((resolve) => socket.send(JSON.stringify(message), (error) => resolve(!error)));
      return true;
    },
    flushed: () => lastSend,
    close(code, reason) {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
        socket.close(code, reason);
    },
  };
}
