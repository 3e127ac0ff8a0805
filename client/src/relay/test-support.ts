// For the tests of this folder: a fake relay's data and a live SSE body the test writes to.
import type { RelayedEvent } from '@ringback/protocol';

export const SERVER = 'http://relay.test:8791';
export const TOKEN = `dev_${'t'.repeat(43)}`;
export const KEY = `k1_${'QIOWzWFVLn_aeGqUFc_rf26oCcMHfIIbtiwun5fD9b4'}`;

export function relayedEvent(eventId: string, overrides: Partial<RelayedEvent> = {}): RelayedEvent {
  return {
    eventId,
    source: 'claude-code',
    occurredAt: '2026-11-23T10:00:00.000Z',
    taskId: null,
    sealed: `e1.abcdefghijkl.${eventId}.c2VhbGVk`,
    status: 'pending',
    handledBy: null,
    receivedAt: '2026-11-23T10:00:01.000Z',
    ...overrides,
  };
}

export function sseFrame(id: number, event: string, data: unknown): string {
  return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A response body the test writes to as the relay would, a chunk at a time. */
export function liveBody() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let ended = false;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    cancel() {
      ended = true;
    },
  });
  return {
    stream,
    write(text: string) {
      if (!ended) controller.enqueue(encoder.encode(text));
    },
    end() {
      if (!ended) controller.close();
      ended = true;
    },
  };
}

export async function until(check: () => boolean, timeoutMs = 3000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
