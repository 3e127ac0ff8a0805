import { createSseParser, type RelayedEvent } from '@ringback/protocol';
import type { RelayClient } from './relay-client';
import { RelayUnauthorizedError } from './relay-error';
import { type StreamFrame, toStreamFrame } from './stream-frame';

export type { StreamFrame } from './stream-frame';

/** `offline` waits to reconnect; `unauthorized` (401) and `closed` are final. */
export type StreamState = 'connecting' | 'connected' | 'offline' | 'unauthorized' | 'closed';

export interface StreamTiming {
  /** First reconnect delay, doubled on each failure up to `maxBackoffMs`. */
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** ± this fraction of each delay, so devices cut off together do not return together. */
  jitter: number;
  /** No byte for this long (the relay pings every 15 s) means a dead connection: reconnect. */
  silenceMs: number;
  random: () => number;
}

export const DEFAULT_STREAM_TIMING: StreamTiming = {
  initialBackoffMs: 1000,
  maxBackoffMs: 30_000,
  jitter: 0.2,
  silenceMs: 45_000,
  random: Math.random,
};

export interface EventStreamOptions {
  client: Pick<RelayClient, 'openStream' | 'pendingEvents'>;
  /**
   * Where to resume (a frame id this device already handled). Without one, the calls still
   * pending are read first (`onReconciled`) and the stream starts from that listing's `latestId`.
   */
  lastEventId?: string | null;
  /** Every frame, in order, once per connection; its `id` is the resume point after it. */
  onFrame(frame: StreamFrame): void;
  /** The pending calls, on the first connect without `lastEventId` and after every `resync`. */
  onReconciled?(events: RelayedEvent[], latestId: number): void;
  /** The relay refused the token (the device was removed): the stream has stopped for good. */
  onUnauthorized?(): void;
  onState?(state: StreamState, detail: { retryInMs?: number }): void;
  /** A malformed frame (skipped), a handler that threw, a failed connection. */
  onError?(error: unknown): void;
  timing?: Partial<StreamTiming>;
}

export interface EventStream {
  close(): void;
  /** Drops the connection (or the wait) and connects again at once: e.g. when the page is shown again. */
  reconnect(): void;
  /** The id of the last whole frame received (the resume point). */
  lastEventId(): string | null;
}

type Outcome = 'retry' | 'resync' | 'unauthorized' | 'closed';

/**
 * The relay's live stream read with `fetch` (an EventSource cannot send the bearer token): SSE
 * parsed by the protocol's parser, resumed with `Last-Event-ID`, reconciled with the pending
 * list at first and on `resync`, reconnected with jittered backoff, given up on 401.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const timing = { ...DEFAULT_STREAM_TIMING, ...options.timing };
  let lastEventId = options.lastEventId ?? null;
  let needsReconcile = lastEventId === null;
  let closed = false;
  let failures = 0;
  let connection: AbortController | null = null;
  let wake: (() => void) | null = null;

  const report = (error: unknown) => options.onError?.(error);
  const setState = (state: StreamState, detail: { retryInMs?: number } = {}) =>
    options.onState?.(state, detail);

  const backoff = () => {
    const base = Math.min(timing.maxBackoffMs, timing.initialBackoffMs * 2 ** failures);
    failures++;
    return Math.round(base * (1 + timing.jitter * (2 * timing.random() - 1)));
  };

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        wake = null;
        resolve();
      }, ms);
      wake = () => {
        clearTimeout(timer);
        wake = null;
        resolve();
      };
    });

  const reconcile = async () => {
    const { events, latestId } = await options.client.pendingEvents();
    if (closed) return;
    lastEventId = String(latestId);
    needsReconcile = false;
    try {
      options.onReconciled?.(events, latestId);
    } catch (error) {
      report(error);
    }
  };

  const read = async (body: ReadableStream<Uint8Array>, abort: AbortController): Promise<Outcome> => {
    // Set from the parser's callback, so an object: a plain `let` would be narrowed away.
    const frames = { resync: false };
    const parser = createSseParser({
      onMessage(message) {
        if (frames.resync) return;
        let frame: StreamFrame;
        try {
          frame = toStreamFrame(message);
        } catch (error) {
          report(error);
          lastEventId = message.lastEventId || lastEventId;
          return;
        }
        try {
          options.onFrame(frame);
        } catch (error) {
          report(error);
        }
        if (frame.type === 'resync') frames.resync = true;
        else lastEventId = frame.id || lastEventId;
      },
    });
    const reader = body.getReader();
    // Not every fetch errors a body already being read when its signal aborts: cancel it ourselves.
    const cancel = () => void reader.cancel().catch(() => {});
    abort.signal.addEventListener('abort', cancel, { once: true });
    const decoder = new TextDecoder();
    let silence: ReturnType<typeof setTimeout> | undefined;
    const armSilence = () => {
      clearTimeout(silence);
      silence = setTimeout(() => abort.abort(new Error('the stream went silent')), timing.silenceMs);
    };
    armSilence();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        armSilence();
        parser.push(decoder.decode(value, { stream: true }));
        if (frames.resync) break;
      }
    } catch (error) {
      if (!closed) report(error);
    } finally {
      clearTimeout(silence);
      abort.abort();
    }
    return frames.resync ? 'resync' : 'retry';
  };

  const connectOnce = async (): Promise<Outcome> => {
    setState('connecting');
    const abort = new AbortController();
    connection = abort;
    try {
      if (needsReconcile) await reconcile();
      if (closed) return 'closed';
      const response = await options.client.openStream(lastEventId, abort.signal);
      if (response.status === 401) return 'unauthorized';
      if (response.status === 400 && lastEventId !== null) {
        // The relay cannot read our resume id: start over from the pending list.
        needsReconcile = true;
        report(new Error(`the relay refused resume id ${lastEventId}`));
        return 'retry';
      }
      if (!response.ok || !response.body) {
        report(new Error(`the stream answered ${response.status}`));
        return 'retry';
      }
      failures = 0;
      setState('connected');
      return await read(response.body, abort);
    } catch (error) {
      if (error instanceof RelayUnauthorizedError) return 'unauthorized';
      if (closed) return 'closed';
      report(error);
      return 'retry';
    } finally {
      abort.abort();
      if (connection === abort) connection = null;
    }
  };

  const run = async () => {
    while (!closed) {
      const outcome = await connectOnce();
      if (closed) return;
      if (outcome === 'unauthorized') {
        closed = true;
        setState('unauthorized');
        options.onUnauthorized?.();
        return;
      }
      if (outcome === 'resync') {
        needsReconcile = true;
        continue;
      }
      const delay = backoff();
      setState('offline', { retryInMs: delay });
      await wait(delay);
    }
  };
  void run();

  return {
    close() {
      if (closed) return;
      closed = true;
      connection?.abort();
      wake?.();
      setState('closed');
    },
    reconnect() {
      if (closed) return;
      failures = 0;
      connection?.abort();
      wake?.();
    },
    lastEventId: () => lastEventId,
  };
}
