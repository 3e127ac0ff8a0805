import { createSseParser, type SseMessage } from '@ringback/protocol';

/** Between a dropped stream and the next try: short, like an app's first retry. */
const RETRY_MS = 100;

export interface ResumingStream {
  /** Every frame received, over every connection, in arrival order. */
  messages: SseMessage[];
  /** How many times the stream was opened again (answered 200) after it dropped. */
  reconnects(): number;
  /** Resolves once the first connection has been answered 200. */
  ready: Promise<void>;
  stop(): void;
}

/**
 * `GET /v1/stream` as the app keeps it: whenever the connection drops it opens it again, with
 * `Last-Event-ID` set to the last frame id received, so the relay replays what was missed.
 */
export function startResumingStream(relayUrl: string, token: string): ResumingStream {
  const messages: SseMessage[] = [];
  let opened = 0;
  let lastId: string | undefined;
  let stopped = false;
  let controller = new AbortController();
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });

  async function readOnce(): Promise<void> {
    controller = new AbortController();
    const response = await fetch(`${relayUrl}/v1/stream`, {
      headers: {
        authorization: `Bearer ${token}`,
        ...(lastId === undefined ? {} : { 'last-event-id': lastId }),
      },
      signal: controller.signal,
    });
    if (response.status !== 200) {
      await response.body?.cancel();
      return;
    }
    opened++;
    markReady();
    // A fresh parser per connection: a frame cut off by the drop is never counted.
    const parser = createSseParser({
      onMessage: (message) => {
        messages.push(message);
        if (message.lastEventId) lastId = message.lastEventId;
      },
    });
    const decoder = new TextDecoder();
    const reader = response.body?.getReader();
    for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read())
      parser.push(decoder.decode(chunk.value, { stream: true }));
  }

  void (async () => {
    while (!stopped) {
      try {
        await readOnce();
      } catch {
        // Dropped, refused or aborted: try again unless stopped.
      }
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
  })();

  return {
    messages,
    reconnects: () => Math.max(0, opened - 1),
    ready,
    stop() {
      stopped = true;
      controller.abort();
    },
  };
}
