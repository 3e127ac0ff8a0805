import { createSseParser, type SseMessage } from '@ringback/protocol';

export interface OpenStream {
  status: number;
  messages: SseMessage[];
  comments: string[];
  ended(): boolean;
  close(): void;
}

/** Reads `GET /v1/stream` with fetch, as the app does (EventSource cannot send a bearer token). */
export async function openRelayStream(
  relayUrl: string,
  token: string,
  lastEventId?: number,
): Promise<OpenStream> {
  const controller = new AbortController();
  const response = await fetch(`${relayUrl}/v1/stream`, {
    headers: {
      authorization: `Bearer ${token}`,
      ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
    },
    signal: controller.signal,
  });
  const messages: SseMessage[] = [];
  const comments: string[] = [];
  let ended = false;
  const parser = createSseParser({
    onMessage: (message) => messages.push(message),
    onComment: (text) => comments.push(text),
  });
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  void (async () => {
    try {
      for (let chunk = await reader?.read(); chunk && !chunk.done; chunk = await reader?.read()) {
        parser.push(decoder.decode(chunk.value, { stream: true }));
      }
    } catch {
      // Aborted by close().
    }
    ended = true;
  })();
  return { status: response.status, messages, comments, ended: () => ended, close: () => controller.abort() };
}
