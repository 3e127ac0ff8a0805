import { createServer, type Server } from 'node:http';

/** Half a second of a quiet 220 Hz tone as a 16-bit mono WAV: what every request gets back. */
function toneWav(seconds = 0.5, sampleRate = 22_050): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 220 * i) / sampleRate) * 6000), 44 + i * 2);
  return wav;
}

/**
 * An OpenAI-compatible `/audio/speech` that takes `delayMs` a sentence, as a cloud voice does,
 * open to the page's origin; counts the most requests it held at once.
 */
export async function startSlowTts(
  delayMs: number,
): Promise<{ baseUrl: string; maxInFlight(): number; close(): Promise<void> }> {
  const audio = toneWav();
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
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    maxInFlight: () => maxInFlight,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
