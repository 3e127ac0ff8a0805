// One app's event stream as a benchmark reads it.
import { createSseParser } from '@ringback/protocol';
import { type Agent, fetch } from 'undici';

export interface BenchStream {
  close(): void;
}

const EVENT_ID = /"eventId":"([^"]+)"/;

/**
 * `GET /v1/stream` read with fetch and `createSseParser`, as the app reads it. Resolves once the
 * relay's `: connected` comment came (the stream is then in the relay's fan-out). An arrival is
 * timed (`performance.now()`) when fetch hands over its chunk, before decoding and parsing.
 */
export async function openStream(
  agent: Agent,
  url: string,
  token: string,
  onEvent: (eventId: string, at: number) => void,
): Promise<BenchStream> {
  const controller = new AbortController();
  const response = await fetch(`${url}/v1/stream`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
    dispatcher: agent,
  });
  const reader = response.body?.getReader();
  if (response.status !== 200 || !reader) throw new Error(`stream answered ${response.status}`);
  let chunkAt = 0;
  let connected: () => void = () => {};
  const isConnected = new Promise<void>((resolve) => {
    connected = resolve;
  });
  const parser = createSseParser({
    onMessage(message) {
      if (message.event !== 'event') return;
      const eventId = EVENT_ID.exec(message.data)?.[1];
      if (eventId) onEvent(eventId, chunkAt);
    },
    onComment(text) {
      if (text === 'connected') connected();
    },
  });
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        const at = performance.now();
        const bytes = chunk.value;
        // Parsed after this turn's other sockets are read (in order: setImmediate is FIFO), so a
        // stream's arrival time does not include the parsing of the streams read before it.
        setImmediate(() => {
          chunkAt = at;
          parser.push(decoder.decode(bytes, { stream: true }));
        });
      }
    } catch {
      // Aborted by close().
    }
  })();
  await isConnected;
  return { close: () => controller.abort() };
}
