import { postDaemonEvent } from './relay-requests';

/** Between a failed post and its retry. */
const RETRY_MS = 50;
/** A post the relay has not answered by then is given up and retried. */
const POST_TIMEOUT_MS = 10_000;

export interface EventProducer {
  /** How many events the relay has stored (answered 200 or 201). */
  posted(): number;
  /** How many posts failed (an instance down, a dropped connection) and were sent again. */
  retries(): number;
  /** Resolves once every event is stored. */
  done: Promise<void>;
}

export interface ProducerOptions {
  count: number;
  concurrency: number;
  idOf: (index: number) => string;
  /** Events from `index` on are posted only once `until` resolves. */
  hold?: { from: number; until: Promise<void> };
  /** Run (and awaited) by the worker once an event is stored, before it posts its next one. */
  afterStored?: (index: number, eventId: string) => Promise<void>;
}

/**
 * A daemon posting events as fast as the relay takes them, several at a time; each event is
 * sent again with the same id until stored, as the daemon's outbox does, so none is lost and,
 * the relay being idempotent by event id, none rings twice.
 */
export function startEventProducer(
  relayUrl: string,
  daemonToken: string,
  options: ProducerOptions,
): EventProducer {
  let next = 0;
  let posted = 0;
  let retries = 0;
  const worker = async () => {
    while (next < options.count) {
      const index = next++;
      if (options.hold && index >= options.hold.from) await options.hold.until;
      const eventId = options.idOf(index);
      for (;;) {
        const status = await postDaemonEvent(
          relayUrl,
          daemonToken,
          eventId,
          AbortSignal.timeout(POST_TIMEOUT_MS),
        ).catch(() => 0);
        if (status === 200 || status === 201) break;
        retries++;
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
      }
      posted++;
      await options.afterStored?.(index, eventId);
    }
  };
  return {
    posted: () => posted,
    retries: () => retries,
    done: Promise.all(Array.from({ length: options.concurrency }, worker)).then(() => undefined),
  };
}
