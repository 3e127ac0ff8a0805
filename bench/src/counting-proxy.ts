import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** A plain TCP proxy in front of a server that counts what crosses the wire, as a phone's data plan would. */
export interface CountingProxy {
  readonly url: string;
  /** Bytes sent to the browser so far (headers and compressed bodies, every initiator). */
  received(): number;
  /** Milliseconds since anything last crossed in either direction. */
  idleMs(): number;
  /** The request paths seen so far, in order (HTTP/1.1 request lines). */
  paths(): readonly string[];
  close(): Promise<void>;
}

const REQUEST_LINE = /(?:^|\r\n)(?:GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS) (\S+) HTTP\/1\.1\r\n/g;

/**
 * Counting at the socket, not in the browser, so the service worker's own precache fetches and a
 * dedicated worker's downloads are counted with the page's, whatever initiated them.
 */
export async function startCountingProxy(target: URL): Promise<CountingProxy> {
  let received = 0;
  let lastActivity = performance.now();
  const paths: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((browserSide) => {
    const serverSide = createConnection({ host: target.hostname, port: Number(target.port) });
    sockets.add(browserSide);
    sockets.add(serverSide);
    browserSide.on('data', (chunk: Buffer) => {
      lastActivity = performance.now();
      // Request lines sit at a chunk's start in practice (the browser writes each request at once).
      for (const match of chunk.toString('latin1').matchAll(REQUEST_LINE)) paths.push(match[1] ?? '');
    });
    serverSide.on('data', (chunk: Buffer) => {
      lastActivity = performance.now();
      received += chunk.length;
    });
    browserSide.pipe(serverSide);
    serverSide.pipe(browserSide);
    const end = () => {
      browserSide.destroy();
      serverSide.destroy();
      sockets.delete(browserSide);
      sockets.delete(serverSide);
    };
    browserSide.on('error', end).on('close', end);
    serverSide.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    received: () => received,
    idleMs: () => performance.now() - lastActivity,
    paths: () => paths,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
