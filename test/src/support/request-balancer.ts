import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RequestBalancer {
  url: string;
  /** How many requests each upstream was given, in upstream order. */
  requestsPerUpstream(): readonly number[];
  close(): Promise<void>;
}

/**
 * A load balancer for tests that picks the next upstream for every request, as nginx's default
 * round robin does: a client refused by one instance (503) or whose stream it ended tries again
 * and reaches the next, whatever connection the client keeps to the balancer.
 */
export async function startRequestBalancer(upstreamUrls: readonly string[]): Promise<RequestBalancer> {
  const upstreams = upstreamUrls.map((url) => new URL(url));
  const given = upstreams.map(() => 0);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  let turn = 0;
  const server = createServer((incoming, outgoing) => {
    const index = turn++ % upstreams.length;
    const target = upstreams[index] as URL;
    given[index] = (given[index] ?? 0) + 1;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        // Headers now, not with the first body bytes: an SSE client waits on them.
        outgoing.flushHeaders();
        answer.pipe(outgoing);
        answer.once('close', () => {
          if (!answer.complete) outgoing.destroy();
        });
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    // The client went away (an SSE reader that stopped): so does its upstream request.
    outgoing.once('close', () => upstream.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requestsPerUpstream: () => given,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
