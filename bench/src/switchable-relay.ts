import { createServer, type Server } from 'node:http';
import { listenOnLoopback } from './loopback-server';

/**
 * A relay stand-in for `POST /v1/daemon/events` that is either down (answers 503 to every POST,
 * so each attempt is counted) or up (stores each event once, 201; a repeat is counted as a
 * duplicate). Plain `node:http`, so it costs the machine as little as possible.
 */
export interface SwitchableRelay {
  url: string;
  /** POSTs seen while down. */
  readonly refused: number;
  /** Distinct event ids stored while up, in the order they arrived. */
  readonly delivered: string[];
  /** POSTs of an event id already stored. */
  readonly duplicates: number;
  /** `performance.now()` of the latest stored event. */
  readonly lastDeliveryAt: number;
  setUp(up: boolean): void;
  close(): Promise<void>;
}

export async function startSwitchableRelay(): Promise<SwitchableRelay> {
  let up = false;
  let refused = 0;
  let duplicates = 0;
  let lastDeliveryAt = 0;
  const delivered: string[] = [];
  const stored = new Set<string>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (!up) {
        refused += 1;
        response.writeHead(503, { 'content-type': 'application/json' });
        response.end('{"error":"internal_error"}');
        return;
      }
      const eventId = eventIdOf(Buffer.concat(chunks).toString('utf8'));
      if (eventId === null) {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end('{"error":"invalid_request"}');
        return;
      }
      if (stored.has(eventId)) {
        duplicates += 1;
      } else {
        stored.add(eventId);
        delivered.push(eventId);
        lastDeliveryAt = performance.now();
      }
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end('{"stored":true}');
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    url: listening.url,
    get refused() {
      return refused;
    },
    delivered,
    get duplicates() {
      return duplicates;
    },
    get lastDeliveryAt() {
      return lastDeliveryAt;
    },
    setUp(next) {
      up = next;
    },
    close: listening.close,
  };
}

function eventIdOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { eventId?: unknown };
    return typeof body.eventId === 'string' ? body.eventId : null;
  } catch {
    return null;
  }
}
