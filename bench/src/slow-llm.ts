import { createServer, type Server } from 'node:http';
import { listenOnLoopback } from './loopback-server';

/**
 * An OpenAI-compatible endpoint as slow as a real model feels to the outbox: it holds every
 * request open (briefs take 5–60 s), so during an intake run the daemon does what it does in
 * use: three briefs in flight, everything else stored.
 */
export async function startSlowLlm(): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const server: Server = createServer((request) => request.resume());
  const listening = await listenOnLoopback(server);
  return {
    baseUrl: `${listening.url}/v1`,
    close: listening.close,
  };
}
