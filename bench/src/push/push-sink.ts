// A push service that only receives: it answers every push 201 at once and notes when each
// arrived, by the subscription it was sent to (`/push/<n>`). The bench does not decrypt: the
// tests prove what a push holds; here only the time it reached the push service counts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

export interface PushArrival {
  subscription: number;
  at: number;
}

export class PushSink {
  private listeners: ((arrival: PushArrival) => void)[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
  ) {}

  static async start(): Promise<PushSink> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const sink = new PushSink(server, `http://127.0.0.1:${port}`);
    server.on('request', (request, response) => {
      const at = performance.now();
      const subscription = Number(request.url?.split('/')[2]);
      request.resume();
      request.once('end', () => {
        response.writeHead(201).end();
        for (const listener of sink.listeners) listener({ subscription, at });
      });
    });
    return sink;
  }

  endpoint(subscription: number): string {
    return `${this.url}/push/${subscription}`;
  }

  onArrival(listener: (arrival: PushArrival) => void): () => void {
    this.listeners.push(listener);
    return () => {
      this.listeners = this.listeners.filter((other) => other !== listener);
    };
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
