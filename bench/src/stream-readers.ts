// The bench's side of the stream-reader process: opens and closes its streams, and hands over
// each arrival with its time on this process's clock.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { processCpuMs } from './proc-stats';
import type { FromReader, StreamTarget, ToReader } from './stream-reader-messages';

const READER = fileURLToPath(new URL('./stream-reader-child.ts', import.meta.url));
/** Pings that map the reader's clock onto ours; the one with the shortest round trip counts. */
const CLOCK_PINGS = 30;

export interface StreamReaders {
  pid: number;
  /** Half the shortest ping round trip: how far a mapped time can be off. */
  clockUncertaintyMs: number;
  /** Opens the streams (a few at a time, each in the relay's fan-out when this resolves); seconds taken. */
  open(streams: StreamTarget[]): Promise<number>;
  closeAll(): Promise<void>;
  /** CPU ms the reader process has used so far. */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts `stream-reader-child.ts` (with tsx) and maps its clock onto this one: both read the
 * same monotonic clock, so `performance.now()` differs between them by a constant, found by
 * timing pings. `onArrival` gets each event frame's arrival in this process's `performance.now()`.
 */
export async function startStreamReaders(
  onArrival: (eventId: string, at: number) => void,
): Promise<StreamReaders> {
  const child: ChildProcess = spawn(process.execPath, ['--import', import.meta.resolve('tsx'), READER], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let offset = 0;
  const waiting = new Map<string, (message: FromReader) => void>();
  let failure: Error | null = null;
  child.on('message', (message: FromReader) => {
    if (message.type === 'arrivals') {
      for (const [eventId, at] of message.arrivals) onArrival(eventId, at - offset);
      return;
    }
    if (message.type === 'failed') failure = new Error(`stream reader: ${message.message}`);
    const key =
      message.type === 'pong' ? `pong:${message.id}` : message.type === 'failed' ? 'opened' : message.type;
    waiting.get(key)?.(message);
    waiting.delete(key);
  });
  const ask = (message: ToReader, answer: string) =>
    new Promise<FromReader>((resolve, reject) => {
      waiting.set(answer, resolve);
      child.send(message);
      void exited.then(() => reject(new Error('the stream reader exited')));
    });

  let best = Number.POSITIVE_INFINITY;
  for (let id = 0; id < CLOCK_PINGS; id++) {
    const sent = performance.now();
    const pong = await ask({ type: 'ping', id }, `pong:${id}`);
    const received = performance.now();
    if (pong.type === 'pong' && received - sent < best) {
      best = received - sent;
      offset = pong.at - (sent + received) / 2;
    }
  }

  return {
    pid: child.pid ?? 0,
    clockUncertaintyMs: best / 2,
    async open(streams) {
      const answer = await ask({ type: 'open', streams }, 'opened');
      if (failure || answer.type !== 'opened') throw failure ?? new Error('stream reader failed');
      return answer.seconds;
    },
    async closeAll() {
      await ask({ type: 'close-all' }, 'closed');
    },
    cpuMs: () => processCpuMs(child.pid ?? 0),
    async stop() {
      if (child.connected) child.disconnect();
      await exited;
    },
  };
}
