import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createAppFileHandler } from '@ringback/shell';

/** The client build, as the desktop app packs it. */
export const CLIENT_DIST = fileURLToPath(new URL('../../../client/dist', import.meta.url));

export interface DesktopAppServer {
  /** The app's origin: its own port on 127.0.0.1, never the relay's. */
  url: string;
  close(): Promise<void>;
}

function requestOf(message: IncomingMessage, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  return new Request(new URL(message.url ?? '/', origin), { method: message.method ?? 'GET', headers });
}

/**
 * Serves `client/dist` over plain HTTP with the very handler the desktop's `app://ringback/`
 * protocol uses (same policy, nonce and refusals): the page Chromium loads is what the window would.
 */
export async function startDesktopAppServer(appDir = CLIENT_DIST): Promise<DesktopAppServer> {
  const serve = createAppFileHandler(appDir);
  let origin = '';
  const server: Server = createServer((message, reply) => {
    serve(requestOf(message, origin)).then(
      async (response) => {
        reply.statusCode = response.status;
        for (const [name, value] of response.headers) reply.setHeader(name, value);
        if (!response.body) {
          reply.end();
          return;
        }
        Readable.fromWeb(response.body as import('node:stream/web').ReadableStream).pipe(reply);
      },
      (error: unknown) => {
        reply.statusCode = 500;
        reply.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
