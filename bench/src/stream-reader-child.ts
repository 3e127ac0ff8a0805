// The cluster bench's stream reader, a process of its own (started with tsx by stream-readers.ts):
// it holds the app streams, so reading thousands of them does not share an event loop with the
// bench that posts and times the events. It reports each arrival with its own clock's time.
import { Agent } from 'undici';
import { type BenchStream, openStream } from './sse-stream';
import type { FromReader, StreamTarget, ToReader } from './stream-reader-messages';

/** Streams being opened at once: enough to be quick, few enough not to flood the relays' accept queues. */
const OPENING_AT_ONCE = 32;

const agent = new Agent({ bodyTimeout: 0, headersTimeout: 30_000 });
let open: BenchStream[] = [];
let batch: [string, number][] = [];

const send = (message: FromReader) => process.send?.(message);

/** Arrivals go to the bench a batch at a time: their times were taken as their chunks came. */
function arrived(eventId: string, at: number): void {
  if (batch.length === 0) {
    setImmediate(() => {
      send({ type: 'arrivals', arrivals: batch });
      batch = [];
    });
  }
  batch.push([eventId, at]);
}

async function openAll(streams: StreamTarget[]): Promise<void> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(streams.length, OPENING_AT_ONCE) }, async () => {
      for (let target = streams[next++]; target; target = streams[next++]) {
        open.push(await openStream(agent, target.url, target.token, arrived));
      }
    }),
  );
  send({ type: 'opened', open: open.length, seconds: (performance.now() - started) / 1000 });
}

process.on('message', (message: ToReader) => {
  if (message.type === 'ping') send({ type: 'pong', id: message.id, at: performance.now() });
  else if (message.type === 'open') {
    openAll(message.streams).catch((error: Error) => send({ type: 'failed', message: error.message }));
  } else if (message.type === 'close-all') {
    for (const stream of open) stream.close();
    open = [];
    send({ type: 'closed' });
  }
});
// The bench went away: so does the reader, with its streams.
process.on('disconnect', () => process.exit(0));
