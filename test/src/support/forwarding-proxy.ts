import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A reverse proxy in front of the relay, as nginx with `proxy_add_x_forwarded_for` is: it
 * appends the address it saw to whatever X-Forwarded-For the client wrote.
 */
export async function startForwardingProxy(
  targetUrl: string,
): Promise<{ url: string; close(): Promise<void> }> {
  const target = new URL(targetUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  const server = createServer((incoming, outgoing) => {
    const written = incoming.headers['x-forwarded-for'];
    const seen = incoming.socket.remoteAddress ?? '';
    const forwarded = typeof written === 'string' && written !== '' ? `${written}, ${seen}` : seen;
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host, 'x-forwarded-for': forwarded },
        agent,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
