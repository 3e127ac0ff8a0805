import { createServer, type Server } from 'node:http';

/**
 * An OpenAI-compatible endpoint as slow as a real model feels to the outbox: it holds every
 * request open (briefs take 5–60 s), so during an intake run the daemon does what it does in
 * use: three briefs in flight, everything else stored.
 */
export async function startSlowLlm(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = createServer((request) => request.resume());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
