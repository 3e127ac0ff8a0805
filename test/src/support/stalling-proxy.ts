import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

export interface StallingProxy {
  host: string;
  port: number;
  /** Stops forwarding both ways, new connections included, and closes nothing: a half-open link. */
  stall(): void;
  /** Forwards again whatever waited, and whatever follows. */
  resume(): void;
  close(): Promise<void>;
}

/**
 * A TCP proxy that can go silent the way a NAT that forgot a connection, or a failover, does:
 * nothing arrives and nothing is refused, so the only way to notice is to expect an answer.
 * While stalled neither side is read (bytes wait in the kernel), so no end or reset crosses it.
 */
export async function startStallingProxy(target: { host: string; port: number }): Promise<StallingProxy> {
  const sockets = new Set<Socket>();
  let stalled = false;

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    if (stalled) socket.pause();
  };
  const forward = (from: Socket, to: Socket) => {
    from.on('data', (chunk) => {
      // Backpressure from the other side pauses this one, but never lifts a stall.
      if (!to.write(chunk)) {
        from.pause();
        to.once('drain', () => {
          if (!stalled) from.resume();
        });
      }
    });
    from.on('end', () => to.end());
    from.on('error', () => to.destroy());
    from.on('close', () => to.destroy());
  };

  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    track(client);
    track(upstream);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    stall() {
      stalled = true;
      for (const socket of sockets) socket.pause();
    },
    resume() {
      stalled = false;
      for (const socket of sockets) socket.resume();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
