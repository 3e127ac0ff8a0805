import { createServer, type Server } from 'node:http';
import { toneWav } from '@ringback/test';
import { listenOnLoopback } from './loopback-server';

/**
 * An OpenAI-compatible `/audio/speech` that takes `delayMs` a sentence, as a cloud voice does,
 * open to the page's origin; counts the most requests it held at once.
 */
export async function startSlowTts(
  delayMs: number,
): Promise<{ baseUrl: string; maxInFlight(): number; close(): Promise<void> }> {
  // Half a second of a quiet 220 Hz tone: what every request gets back.
  const audio = toneWav({ seconds: 0.5, sampleRate: 22_050, frequency: 220, amplitude: 6000 });
  let inFlight = 0;
  let maxInFlight = 0;
  const server: Server = createServer((request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') {
      response.setHeader('access-control-allow-methods', 'POST, OPTIONS');
      response.setHeader(
        'access-control-allow-headers',
        request.headers['access-control-request-headers'] ?? '*',
      );
      response.writeHead(204).end();
      return;
    }
    request.resume();
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    setTimeout(() => {
      inFlight -= 1;
      response.writeHead(200, { 'content-type': 'audio/wav' }).end(audio);
    }, delayMs);
  });
  const listening = await listenOnLoopback(server);
  return {
    baseUrl: `${listening.url}/v1`,
    maxInFlight: () => maxInFlight,
    close: listening.close,
  };
}
