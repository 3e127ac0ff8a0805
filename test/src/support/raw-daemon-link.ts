import type { DaemonToRelay, RelayToDaemon } from '@ringback/protocol';
import { WebSocket } from 'ws';
import { waitFor } from './temp-data-dir';

export interface RawDaemonLink {
  /** Every message the relay sent, parsed, in order. */
  received: RelayToDaemon[];
  send(message: DaemonToRelay): void;
  /** Calls `handler` with every message from now on, as a daemon that answers by itself. */
  onMessage(handler: (message: RelayToDaemon) => void): void;
  /** Resolves with the first message received (now or later) that `match` accepts. */
  next<T extends RelayToDaemon['type']>(
    type: T,
    match?: (message: Extract<RelayToDaemon, { type: T }>) => boolean,
    timeoutMs?: number,
  ): Promise<Extract<RelayToDaemon, { type: T }>>;
  /** The close code, once the relay closed the socket; null while it is open. */
  closeCode(): number | null;
  close(): Promise<void>;
}

/**
 * The daemon's WebSocket (`GET /v1/daemon/link`) without a daemon behind it: the test reads
 * what the relay sends and answers for the daemon, message by message.
 */
export async function openRawDaemonLink(relayUrl: string, daemonToken: string): Promise<RawDaemonLink> {
  const socket = new WebSocket(`${relayUrl.replace(/^http/, 'ws')}/v1/daemon/link`, {
    headers: { authorization: `Bearer ${daemonToken}` },
  });
  const received: RelayToDaemon[] = [];
  let code: number | null = null;
  const closed = new Promise<void>((resolve) =>
    socket.once('close', (closeCode) => {
      code = closeCode;
      resolve();
    }),
  );
  const handlers: ((message: RelayToDaemon) => void)[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as RelayToDaemon;
    received.push(message);
    for (const handler of handlers) handler(message);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
    socket.once('unexpected-response', (_request, response) => {
      socket.terminate();
      reject(new Error(`the relay refused the link with ${response.statusCode}`));
    });
  });
  // A reset after the open is seen as a close; the error itself says nothing more.
  socket.on('error', () => {});
  return {
    received,
    send: (message) => socket.send(JSON.stringify(message)),
    onMessage: (handler) => handlers.push(handler),
    async next(type, match = () => true, timeoutMs = 10_000) {
      type Wanted = Extract<RelayToDaemon, { type: typeof type }>;
      const find = () =>
        received.find((message): message is Wanted => message.type === type && match(message as Wanted));
      await waitFor(() => find() !== undefined, timeoutMs, `a ${type} message on the daemon link`);
      return find() as Wanted;
    },
    closeCode: () => code,
    async close() {
      if (code === null) socket.close(1000);
      await closed;
    },
  };
}
