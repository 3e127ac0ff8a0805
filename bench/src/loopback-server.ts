import type { Server } from 'node:http';

/** A fake endpoint's server, listening on 127.0.0.1. */
export interface LoopbackServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Stops listening and drops kept-alive connections, so the bench can exit at once. */
  close(): Promise<void>;
}

/** Starts `server` on an ephemeral loopback port. */
export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
