// A push service that takes every push and never answers: the worst a push service can do to
// the relay, holding each send until the relay's deadline gives up on it.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StalledPushService {
  /** Its origin, `http://127.0.0.1:<port>`: a push service of its own to the relay. */
  url: string;
  endpoint(subscription: number): string;
  /** Pushes it has received (and never answered). */
  received(): number;
  close(): Promise<void>;
}

export async function startStalledPushService(): Promise<StalledPushService> {
  let received = 0;
  const server = createServer((request) => {
    received += 1;
    request.resume();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    endpoint: (subscription) => `${url}/push/${subscription}`,
    received: () => received,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
